// Serves the export in out/ on localhost the way a plain static host does
// (/route/ is out/route/index.html, /route redirects to /route/, anything
// missing gets 404.html), with the production headers from
// lib/security-headers.ts: the same ones the deploy files carry.
import { createServer } from 'node:http'
import { join } from 'node:path'
import { createStaticHandler } from '@/lib/build/static-server'
import { getSiteContent } from '@/lib/content/site'
import { headerSource } from '@/lib/security-headers'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const handler = createStaticHandler(
  join(process.cwd(), 'out'),
  headerSource(getSiteContent().registries)
)

createServer(handler).listen(port, host, () => {
  console.log(
    `Serving out/ at http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/ (Ctrl+C to stop)`
  )
})
