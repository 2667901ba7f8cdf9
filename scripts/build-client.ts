// npm run build:client: bundles the site's own scripts into public/ (the
// build does this itself; this is for working on the scripts alone).
import { buildClientScripts } from '@/lib/build/client-scripts'

await buildClientScripts()
