// Runs after `next build`: turns Next's export into plain HTML and CSS,
// builds the search index, then writes the production headers for static
// hosts from lib/security-headers.ts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildSearchIndex } from '@/lib/build/search-index'
import { stripRuntime } from '@/lib/build/strip-runtime'
import { getSiteContent } from '@/lib/content/site'
import { headerRules, netlifyHeaders, nginxConfig } from '@/lib/security-headers'

const root = process.cwd()
const outDir = join(root, 'out')
const report = stripRuntime(outDir)
console.log(
  `postbuild: ${report.pages} pages made plain HTML; removed ${report.scriptsRemoved} scripts and ` +
    `${report.preloadsRemoved} script preloads; deleted ${report.filesDeleted} framework files`
)

const content = getSiteContent()
const indexed = await buildSearchIndex(outDir, content)
console.log(
  `postbuild: search index of ${indexed.pages} pages and ${indexed.documents} documents in out/pagefind`
)

const rules = headerRules(content.registries)
writeFileSync(join(outDir, '_headers'), netlifyHeaders(rules))
writeFileSync(join(root, 'deploy', 'nginx.conf'), nginxConfig(rules))
console.log('postbuild: wrote out/_headers and deploy/nginx.conf')
