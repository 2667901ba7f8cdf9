// npm run site-editor: edit the site in the browser without GitHub, at
// http://localhost:8081/admin/ on this working copy; saving writes content/ at once (review with
// `git diff`, commit as usual). The site is built first if out/ has no editor yet.
//   PORT              the address's port (8081)
//   SITE_EDITOR_REPO  the working copy to edit (this one)
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startSiteEditorServer } from '#tools/site-editor/local-server.ts'

const repoDir = resolve(process.env.SITE_EDITOR_REPO ?? '.')
mkdirSync(repoDir, { recursive: true })

if (!existsSync(join('out', 'admin', 'index.html'))) {
  console.log('site-editor: the site is not built yet; building it first (npm run build).')
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = await startSiteEditorServer({
  outDir: 'out',
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
