// Runs after `next build`: turns Next's export into plain HTML and CSS.
import { join } from 'node:path'
import { stripRuntime } from '@/lib/build/strip-runtime'

const outDir = join(process.cwd(), 'out')
const report = stripRuntime(outDir)
console.log(
  `postbuild: ${report.pages} pages made plain HTML; removed ${report.scriptsRemoved} scripts and ` +
    `${report.preloadsRemoved} script preloads; deleted ${report.filesDeleted} framework files`
)
