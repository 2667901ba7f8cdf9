// Imported first by main.tsx, before any schema is made: zod (the content
// check, which the preview runs) would otherwise test whether it may compile
// its checks with eval as each schema is made. The editor's policy allows no
// eval, and the browser reports even a test that fails quietly.
import { z } from 'zod'

z.config({ jitless: true })
