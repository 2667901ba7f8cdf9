// Serves the export in out/ on localhost the way the reference static host
// does (/route/ is out/route/index.html, /route redirects to /route/,
// anything missing gets 404.html), with the headers of out/_headers: the
// same file the host applies.
import { createServer } from 'node:http'
import { join } from 'node:path'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const out = join(process.cwd(), process.env.SITE_OUT ?? 'out')

createServer(createStaticHandler(out, headersFromExport(out))).listen(port, host, () => {
  console.log(
    `Serving ${out} at http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/ (Ctrl+C to stop)`
  )
})
