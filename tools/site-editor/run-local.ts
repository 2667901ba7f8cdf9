// npm run site-editor: edit the site in the browser without GitHub. Starts Decap's
// local backend (decap-server) on this working copy and serves the built
// site with its editor at http://localhost:8081/admin/. Saving in the
// editor writes the files in content/ at once; review them with `git diff`
// and commit as usual. The site is built first if out/ has no editor yet.
//   PORT      the address's port (8081)
//   SITE_EDITOR_REPO  the working copy to edit (this one)
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { hasSiteEditor } from '#tools/site-editor/bundle.ts'
import { startSiteEditorServer } from '#tools/site-editor/local-server.ts'

const root = process.cwd()
const out = join(root, 'out')
const repoDir = resolve(process.env.SITE_EDITOR_REPO ?? root)
mkdirSync(repoDir, { recursive: true })

if (!hasSiteEditor(out)) {
  console.log('site-editor: the site is not built yet; building it first (npm run build).')
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = await startSiteEditorServer({
  outDir: out,
  repoDir,
  port: Number(process.env.PORT ?? 8081),
})
console.log(
  `site-editor: edit the site at ${server.url}/admin/ (press "Login"; no password is needed).\n` +
    `site-editor: saving writes to ${join(repoDir, 'content')}; review with git diff, then commit. Ctrl+C stops.`
)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
