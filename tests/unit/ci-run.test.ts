import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// .ci/run on machines made up for the test: a folder of stand-in programs is
// the whole PATH (apt-get, sudo, npm and the browsers only write what they were
// asked to a log), and the copy of the script looks in a stand-in sbin folder
// where it would look in /usr/sbin.
const SCRIPT = readFileSync(join(process.cwd(), '.ci', 'run'), 'utf8')

type Machine = {
  uid?: number
  /** Programs on PATH: chromium, google-chrome, nginx. */
  have?: string[]
  /** Programs in (stand-in) /usr/sbin. */
  sbin?: string[]
  env?: Record<string, string>
  failNpm?: 'install' | 'test'
}

function stub(file: string, body: string) {
  writeFileSync(file, `#!/bin/bash\n${body}\n`)
  chmodSync(file, 0o755)
}

function ciRun({ uid = 0, have = [], sbin = [], env = {}, failNpm }: Machine = {}) {
  const root = mkdtempSync(join(tmpdir(), 'ci-run-'))
  const [bin, sbinDir, project] = ['bin', 'sbin', 'project'].map((name) => join(root, name)) as [
    string,
    string,
    string,
  ]
  for (const dir of [bin, sbinDir, join(project, '.ci')]) mkdirSync(dir, { recursive: true })
  const log = join(root, 'log')
  writeFileSync(log, '')

  for (const tool of ['dirname', 'env']) {
    const real = spawnSync('/bin/bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' })
    symlinkSync(real.stdout.trim(), join(bin, tool))
  }
  stub(join(bin, 'id'), `echo ${uid}`)
  stub(join(bin, 'sudo'), `echo "sudo $*" >> "${log}"; exec "$@"`)
  stub(
    join(bin, 'apt-get'),
    `echo "apt-get $* (DEBIAN_FRONTEND=$DEBIAN_FRONTEND)" >> "${log}"
for package in "$@"; do [ "$package" = chromium ] && printf '#!/bin/bash\\n' > "${bin}/chromium" && chmod +x "${bin}/chromium"; done
exit 0`
  )
  stub(
    join(bin, 'npm'),
    `echo "npm $* (CHROMIUM_PATH=\${CHROMIUM_PATH-unset} CI=$CI)" >> "${log}"
[ "$1" = "${failNpm ?? 'none'}" ] && exit 7
exit 0`
  )
  for (const program of have) stub(join(bin, program), '')
  for (const program of sbin) stub(join(sbinDir, program), '')

  expect(SCRIPT).toContain('/usr/sbin/')
  writeFileSync(join(project, '.ci', 'run'), SCRIPT.replaceAll('/usr/sbin/', `${sbinDir}/`))

  const run = spawnSync('/bin/bash', [join(project, '.ci', 'run')], {
    encoding: 'utf8',
    env: { NODE_ENV: 'test', PATH: bin, ...env },
  })
  const lines = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean)
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, lines, bin }
}

describe('.ci/run', () => {
  it('installs nothing where Chromium and nginx are present (GitHub ubuntu-24.04 runners)', () => {
    const { status, lines, bin } = ciRun({ uid: 1001, have: ['chromium'], sbin: ['nginx'] })
    expect(status).toBe(0)
    expect(lines).toEqual([
      `npm install (CHROMIUM_PATH=${bin}/chromium CI=1)`,
      `npm test (CHROMIUM_PATH=${bin}/chromium CI=1)`,
    ])
  })

  it('uses Google Chrome when there is no Chromium', () => {
    const { status, lines, bin } = ciRun({ have: ['google-chrome', 'nginx'] })
    expect(status).toBe(0)
    expect(lines.at(-1)).toBe(`npm test (CHROMIUM_PATH=${bin}/google-chrome CI=1)`)
  })

  it('leaves a CHROMIUM_PATH that is set alone', () => {
    const { lines } = ciRun({ have: ['nginx'], env: { CHROMIUM_PATH: '/opt/chrome/chrome' } })
    expect(lines).toEqual([
      'npm install (CHROMIUM_PATH=/opt/chrome/chrome CI=1)',
      'npm test (CHROMIUM_PATH=/opt/chrome/chrome CI=1)',
    ])
  })

  it('installs both from Debian through sudo on a bare machine, as a normal user', () => {
    const { status, lines, bin } = ciRun({ uid: 1000 })
    expect(status).toBe(0)
    expect(lines).toEqual([
      'sudo apt-get update',
      'apt-get update (DEBIAN_FRONTEND=)',
      'sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium nginx',
      'apt-get install -y --no-install-recommends chromium nginx (DEBIAN_FRONTEND=noninteractive)',
      `npm install (CHROMIUM_PATH=${bin}/chromium CI=1)`,
      `npm test (CHROMIUM_PATH=${bin}/chromium CI=1)`,
    ])
  })

  it('installs only what is missing, without sudo as root', () => {
    const { lines } = ciRun({ uid: 0, have: ['chromium'] })
    expect(lines.slice(0, 2)).toEqual([
      'apt-get update (DEBIAN_FRONTEND=)',
      'apt-get install -y --no-install-recommends nginx (DEBIAN_FRONTEND=noninteractive)',
    ])
    expect(lines.some((line) => line.startsWith('sudo'))).toBe(false)
  })

  it('runs npm test only after npm install succeeds, and fails with it', () => {
    const install = ciRun({ have: ['chromium', 'nginx'], failNpm: 'install' })
    expect(install.status).not.toBe(0)
    expect(install.lines.map((line) => line.split(' ')[1])).toEqual(['install'])
    const test = ciRun({ have: ['chromium', 'nginx'], failNpm: 'test' })
    expect(test.status).toBe(7)
  })

  it('is executable and calls exactly the README test command', () => {
    expect(SCRIPT.trim().split('\n').at(-1)).toBe('npm install && npm test')
    expect(existsSync(join(process.cwd(), '.ci', 'run'))).toBe(true)
    // Read from the file itself, not through git: the tests run on any copy.
    expect(statSync(join(process.cwd(), '.ci', 'run')).mode & 0o111).not.toBe(0)
  })
})
