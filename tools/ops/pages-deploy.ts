// What `npm run deploy` does, decided without touching anything: publish out/
// (and the site's reviewed Pages Functions, when there are any) to Cloudflare
// Pages with Cloudflare's own CLI, wrangler, as locked in package-lock.json.
// Wrangler runs in a new, empty folder that holds only a copy of out/ and of
// the functions: it reads a functions/ folder and a wrangler.toml or
// wrangler.json from the folder it runs in, so nothing else in the working
// copy (a file a pull request added) can change what is deployed.
// Cloudflare Pages reads out/_headers from the upload and applies it,
// including `! Name` lines that detach a header on one path.

/**
 * The site's Cloudflare Pages Functions (the editor's GitHub sign-in), as
 * reviewed in the repository: the only functions ever deployed.
 */
export const FUNCTIONS_DIR = 'functions'

/** The production branch of the Pages project: deploys to it go live. */
export const PRODUCTION_BRANCH = 'main'

/** Where the one-time set-up (Cloudflare project, token, GitHub secrets) is explained. */
export const SETUP_DOCS = 'deploy/README.md ("Cloudflare Pages")'

/** The settings the deploy needs, and where each one lives in GitHub. */
export const SETTINGS = [
  { name: 'CLOUDFLARE_API_TOKEN', kind: 'secret' },
  { name: 'CLOUDFLARE_ACCOUNT_ID', kind: 'secret' },
  { name: 'CLOUDFLARE_PAGES_PROJECT', kind: 'variable' },
] as const

export type Env = Record<string, string | undefined>

export type DeployPlan =
  /** Nothing to publish from, or not (fully) set up: nothing is published, an error. */
  { action: 'refuse'; message: string } | { action: 'run'; command: string; args: string[] }

/**
 * The CLI to run: DEPLOY_COMMAND (split on spaces, for tests) or the locked
 * wrangler, started with the Node that runs this script (wrangler needs 22+).
 */
export function deployCommand(env: Env, wranglerBin: string): string[] {
  const override = env.DEPLOY_COMMAND?.trim()
  if (override) return override.split(/\s+/)
  return [process.execPath, wranglerBin]
}

/**
 * Decides the deploy. `out` says what the build left in out/ (the folder
 * published, relative to the project root).
 */
export function planDeploy(
  env: Env,
  out: { index: boolean; headers: boolean },
  wranglerBin = 'node_modules/wrangler/bin/wrangler.js'
): DeployPlan {
  const absent = [!out.index && 'out/index.html', !out.headers && 'out/_headers'].filter(
    (file): file is string => Boolean(file)
  )
  if (absent.length > 0) {
    return {
      action: 'refuse',
      message:
        `Deploy refused: ${absent.join(' and ')} ${absent.length > 1 ? 'are' : 'is'} missing. ` +
        `Run \`npm run build\` first; it writes the whole site, with its headers, to out/.`,
    }
  }

  const missing = SETTINGS.filter(({ name }) => !env[name]?.trim())
  const list = missing.map(({ name, kind }) => `${name} (${kind})`).join(', ')
  // Some set and some not: a set-up left half done, which must not pass as "not set up yet".
  if (missing.length > 0 && missing.length < SETTINGS.length)
    return {
      action: 'refuse',
      message:
        `Deploy failed: the Cloudflare settings are only partly set. Missing: ${list}. ` +
        `Add ${missing.length > 1 ? 'them' : 'it'} in the repository's Settings > Secrets and variables > Actions, as ${SETUP_DOCS} explains.`,
    }
  // None set: publishing was never set up. Still a failure: the site did not change.
  if (missing.length > 0) {
    return {
      action: 'refuse',
      message:
        `Nothing was published: the site was built, but ${list} ` +
        `${missing.length > 1 ? 'are' : 'is'} not set, so it was not sent to Cloudflare Pages. ` +
        `Add ${missing.length > 1 ? 'them' : 'it'} in the repository's Settings > Secrets and variables > Actions, as ${SETUP_DOCS} explains.`,
    }
  }

  const project = env.CLOUDFLARE_PAGES_PROJECT?.trim() ?? ''
  const [command, ...prefix] = deployCommand(env, wranglerBin) as [string, ...string[]]
  return {
    action: 'run',
    command,
    args: [
      ...prefix,
      'pages',
      'deploy',
      'out',
      '--project-name',
      project,
      '--branch',
      PRODUCTION_BRANCH,
    ],
  }
}
