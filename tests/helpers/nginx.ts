import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { NGINX_DEFAULTS, NGINX_MIN_VERSION } from '#lib/headers/nginx.ts'

// Real nginx for the tests: finds the installed program, makes a throwaway
// self-signed certificate with openssl, wraps a server configuration (the
// generated one) in the smallest main configuration nginx needs, then runs
// `nginx -t` on it or starts it in the foreground. Used by the Vitest checks
// of the configuration and by the `nginx` Playwright project.

/** The plain-words failure when nginx is missing. The tests never skip for it. */
export const NGINX_MISSING =
  'The tests run the site on real nginx, and nginx was not found. Install it with ' +
  '`sudo apt-get install nginx` (.ci/run installs it on a clean machine), or set NGINX_PATH ' +
  'to the nginx program.'

/**
 * The one warning `nginx -t` may print: nginx 1.25.1 and later call
 * `listen ... http2` deprecated (the spelling 1.22 needs) and still accept it.
 */
export const HTTP2_DEPRECATION = /the "listen \.\.\. http2" directive is deprecated/

/**
 * The nginx program: NGINX_PATH, else nginx on PATH, else /usr/sbin/nginx
 * (where Debian and Ubuntu put it, off a normal user's PATH).
 */
export function nginxProgram(
  env: Record<string, string | undefined> = process.env,
  sbin = '/usr/sbin/nginx'
): string {
  if (env.NGINX_PATH) {
    if (existsSync(env.NGINX_PATH)) return env.NGINX_PATH
    throw new Error(`NGINX_PATH is ${env.NGINX_PATH}: no such file. ${NGINX_MISSING}`)
  }
  const onPath = (env.PATH ?? '').split(':').filter(Boolean)
  const candidates = [...onPath.map((dir) => join(dir, 'nginx')), sbin]
  const found = candidates.find((file) => existsSync(file))
  if (!found) throw new Error(NGINX_MISSING)
  return found
}

/** `nginx -V`: the version and the paths it was built with. */
export function nginxBuild(program = nginxProgram()): { version: string; confPath?: string } {
  const run = spawnSync(program, ['-V'], { encoding: 'utf8' })
  const text = `${run.stdout}${run.stderr}`
  const version = /nginx version: nginx\/(\d+\.\d+\.\d+)/.exec(text)?.[1]
  if (!version) throw new Error(`${program} -V did not say its version:\n${text}`)
  return { version, confPath: /--conf-path=(\S+)/.exec(text)?.[1] }
}

/** Is version a at least version b (dotted numbers)? */
export function atLeast(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number))
  for (let i = 0; i < Math.max(x!.length, y!.length); i++) {
    const diff = (x![i] ?? 0) - (y![i] ?? 0)
    if (diff !== 0) return diff > 0
  }
  return true
}

/** The installed nginx, refused (with the reason) when it is older than the site supports. */
export function supportedNginx(): { program: string; version: string; mimeTypes: string } {
  const program = nginxProgram()
  const { version, confPath } = nginxBuild(program)
  if (!atLeast(version, NGINX_MIN_VERSION))
    throw new Error(
      `nginx ${version} is installed; the site's configuration needs nginx ${NGINX_MIN_VERSION} ` +
        'or later (NGINX_MIN_VERSION in lib/headers/nginx.ts).'
    )
  // nginx's own mime.types sits next to its main configuration file.
  const mimeTypes = [confPath && join(dirname(confPath), 'mime.types'), '/etc/nginx/mime.types']
    .filter((file): file is string => !!file)
    .find((file) => existsSync(file))
  if (!mimeTypes) throw new Error(`nginx ${version}: no mime.types next to ${confPath}`)
  return { program, version, mimeTypes }
}

/** A self-signed certificate for localhost, made now, valid for two days. */
export function makeCertificate(dir: string): { certificate: string; certificateKey: string } {
  const certificate = join(dir, 'localhost.crt')
  const certificateKey = join(dir, 'localhost.key')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      certificateKey,
      '-out',
      certificate,
    ],
    { stdio: 'pipe' }
  )
  return { certificate, certificateKey }
}

/**
 * Replaces exact pieces of text, each exactly `times` times, and fails
 * loudly when one is not there as often: a substitution that silently did
 * nothing would test something other than the file.
 */
export function substitute(text: string, pieces: [from: string, to: string, times: number][]) {
  let result = text
  for (const [from, to, times] of pieces) {
    const found = result.split(from).length - 1
    if (found !== times)
      throw new Error(`expected "${from}" ${times} time(s) in the configuration, found ${found}`)
    result = result.replaceAll(from, to)
  }
  return result
}

/**
 * The shipped configuration (build/nginx.conf, production values) made to run
 * here. Only these change, nothing else:
 *  - the certificate and key paths (the server's own files are not here)
 *    become a throwaway self-signed pair;
 *  - for serving only: the ports 443 and 80 become free high ports (no root
 *    needed; `nginx -t` binds no port, so it checks the real ones), and the
 *    root becomes this checkout's out/.
 */
export function localConfig(
  shipped: string,
  local: { certificate: string; certificateKey: string } & Partial<{
    httpsPort: number
    httpPort: number
    root: string
  }>
): string {
  const d = NGINX_DEFAULTS
  return substitute(shipped, [
    [`ssl_certificate ${d.certificate};`, `ssl_certificate ${local.certificate};`, 2],
    [`ssl_certificate_key ${d.certificateKey};`, `ssl_certificate_key ${local.certificateKey};`, 2],
    ...(local.httpsPort
      ? ([
          [`listen ${d.httpsPort} ssl`, `listen ${local.httpsPort} ssl`, 2],
          [`listen [::]:${d.httpsPort} ssl`, `listen [::]:${local.httpsPort} ssl`, 2],
        ] as [string, string, number][])
      : []),
    ...(local.httpPort
      ? ([
          [`listen ${d.httpPort};`, `listen ${local.httpPort};`, 1],
          [`listen [::]:${d.httpPort};`, `listen [::]:${local.httpPort};`, 1],
        ] as [string, string, number][])
      : []),
    ...(local.root
      ? ([[`root ${d.root};`, `root ${local.root};`, 1]] as [string, string, number][])
      : []),
  ])
}

export type NginxPrefix = {
  program: string
  version: string
  /** The folder nginx works in: its pid, logs and temporary files. */
  prefix: string
  /** The main configuration file (wraps the server configuration). */
  file: string
}

/**
 * Writes a main nginx.conf around a server configuration (the generated
 * file holds `server {}` blocks only, to be included in `http {}`), in a new
 * temporary folder that is also nginx's prefix.
 */
export function nginxPrefix(serverConfig: string, dir = mkdtempSync(join(tmpdir(), 'nginx-'))) {
  const nginx = supportedNginx()
  // As root, nginx's workers run as nobody: they must be able to read here.
  chmodSync(dir, 0o755)
  mkdirSync(join(dir, 'temp'), { recursive: true })
  writeFileSync(join(dir, 'site.conf'), serverConfig)
  const file = join(dir, 'nginx.conf')
  writeFileSync(
    file,
    `# Written by tests/helpers/nginx.ts for one test run.
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events {
    worker_connections 256;
}
http {
    include ${nginx.mimeTypes};
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${join(dir, 'temp', 'body')};
    proxy_temp_path ${join(dir, 'temp', 'proxy')};
    fastcgi_temp_path ${join(dir, 'temp', 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'temp', 'uwsgi')};
    scgi_temp_path ${join(dir, 'temp', 'scgi')};
    include ${join(dir, 'site.conf')};
}
`
  )
  return { program: nginx.program, version: nginx.version, prefix: dir, file }
}

/** `nginx -t` on a prepared prefix: did it pass, and everything it printed. */
export function nginxTest({ program, version, prefix, file }: NginxPrefix) {
  // -e: messages before the configuration is read go to stderr too.
  const run = spawnSync(program, ['-t', '-e', 'stderr', '-p', `${prefix}/`, '-c', file], {
    encoding: 'utf8',
  })
  const output = `${run.stdout}${run.stderr}`.trim()
  const warnings = output
    .split('\n')
    .filter((line) => /\[(warn|alert|crit|emerg)\]/.test(line) && !HTTP2_DEPRECATION.test(line))
  return { passed: run.status === 0, version, output, warnings }
}

export type RunningNginx = {
  version: string
  https: string
  http: string
  httpsPort: number
  httpPort: number
  stop: () => Promise<void>
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Starts nginx in the foreground (`-g 'daemon off;'`) on a prepared prefix
 * and waits until it answers on its HTTPS port. Fails with nginx's own
 * message if it does not start.
 */
export async function startNginx(
  nginx: NginxPrefix,
  ports: { httpsPort: number; httpPort: number }
): Promise<RunningNginx> {
  const child = spawn(
    nginx.program,
    ['-e', 'stderr', '-p', `${nginx.prefix}/`, '-c', nginx.file, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  let code: number | null | undefined
  void exited.then((c) => (code = c))
  const stopOnExit = () => child.kill('SIGKILL')
  process.once('exit', stopOnExit)
  const deadline = Date.now() + 10_000
  while (!(await listening(ports.httpsPort))) {
    if (code !== undefined || Date.now() > deadline) {
      child.kill('SIGKILL')
      process.removeListener('exit', stopOnExit)
      throw new Error(`nginx did not start (exit code ${code}):\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    version: nginx.version,
    https: `https://localhost:${ports.httpsPort}`,
    http: `http://localhost:${ports.httpPort}`,
    ...ports,
    stop: async () => {
      process.removeListener('exit', stopOnExit)
      // SIGTERM: nginx's fast shutdown, workers included.
      if (code === undefined) child.kill('SIGTERM')
      await exited
      rmSync(nginx.prefix, { recursive: true, force: true })
    },
  }
}
