import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import packageJson from '../../package.json'

// A package's install script runs as whoever installs it. The project runs them only for the
// packages package.json's "allowScripts" names; .npmrc makes npm refuse any other (npm 11 on its
// own warns and runs it). Tried with a package made here whose postinstall writes a file,
// installed offline from its tarball with the project's settings, then without them.

it("stops a new package's install script with the project's settings, and only with them", () => {
  const dir = mkdtempSync(join(tmpdir(), 'install-scripts-'))
  const write = (path: string, value: unknown) =>
    writeFileSync(join(dir, path), typeof value === 'string' ? value : JSON.stringify(value))
  mkdirSync(join(dir, 'new-package'))
  mkdirSync(join(dir, 'project'))
  const ran = join(dir, 'project', 'postinstall-ran')
  write('new-package/package.json', {
    name: 'new-package',
    version: '1.0.0',
    scripts: { postinstall: `node -e "require('fs').writeFileSync('${ran}', 'x')"` },
  })
  write('project/package.json', {
    name: 'project',
    private: true,
    dependencies: { 'new-package': 'file:../new-package/new-package-1.0.0.tgz' },
    allowScripts: packageJson.allowScripts,
  })
  write('empty.npmrc', '')
  copyFileSync('.npmrc', join(dir, 'project', '.npmrc'))
  // Only this test's settings: none of the npm_config_* that `npm test` passes on to scripts.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))
  ) as NodeJS.ProcessEnv
  const npm = (args: string[], cwd: string) =>
    spawnSync(
      'npm',
      [
        ...args,
        '--offline',
        `--cache=${join(dir, 'cache')}`,
        `--userconfig=${join(dir, 'empty.npmrc')}`,
      ],
      { cwd: join(dir, cwd), env, encoding: 'utf8' }
    )
  expect(npm(['pack'], 'new-package').status).toBe(0)
  const install = ['install', '--no-audit', '--no-fund']

  const refused = npm(install, 'project')
  expect(refused.status).not.toBe(0)
  expect(refused.stderr).toMatch(/ESTRICTALLOWSCRIPTS[\s\S]*new-package@1\.0\.0 \(postinstall/)
  expect(existsSync(ran)).toBe(false)

  // Without .npmrc, the same install runs the script: what the setting is there to stop.
  rmSync(join(dir, 'project', '.npmrc'))
  const allowed = npm(install, 'project')
  expect(allowed.status, allowed.stderr).toBe(0)
  expect(existsSync(ran)).toBe(true)
  rmSync(dir, { recursive: true, force: true })
}, 120_000)
