// A change's site check in one state, from GitHub's check runs on its newest commit and the
// annotations of those that failed. One rule for the editor (backend.ts, loop.ts), the rehearsal
// and the workflow that re-runs a check once (tools/ops/after-check.ts).

export type CheckRun = {
  id: number
  name: string
  status: string
  conclusion: string | null
  output?: { title?: string | null; summary?: string | null; text?: string | null }
}
export type Annotation = {
  path: string
  start_line: number
  annotation_level: string
  message: string
  title?: string
}
type CheckState = {
  state: 'waiting' | 'running' | 'passed' | 'content' | 'other'
  /** The content's mistakes, "file line N: words", when the state is `content`. */
  mistakes: string[]
}

/** The check run that lists the pages a change changes (tools/review/preview.ts), and the commit
 * status that gives its preview's address (Decap's preview_context). */
export const PAGE_DIFF_CHECK = 'What will change on the site'
export const PREVIEW_CONTEXT = 'preview'
/** What GitHub counts as a passed required check. */
export const PASSING = ['success', 'skipped', 'neutral']

export const failedRuns = (runs: CheckRun[]) =>
  runs.filter((run) => run.status === 'completed' && !PASSING.includes(run.conclusion ?? ''))

/** Failed in the content (failure annotations on files in content/), or could not finish (anything
 * else: a test, the build, a time-out, a cancelled or stale run). */
export function checkState(runs: CheckRun[], annotations: Annotation[] = []): CheckState {
  const open = runs.filter((run) => run.status !== 'completed')
  if (runs.length === 0 || open.length > 0)
    return {
      state: open.some((r) => r.status === 'in_progress') ? 'running' : 'waiting',
      mistakes: [],
    }
  if (failedRuns(runs).length === 0) return { state: 'passed', mistakes: [] }
  const mistakes = annotations
    .filter((a) => a.annotation_level === 'failure' && a.path.startsWith('content/'))
    .map((a) => `${a.path} line ${a.start_line}: ${a.message}`)
  return { state: mistakes.length ? 'content' : 'other', mistakes }
}

export const CHECK_WORDS = {
  waiting: 'The site check has not started yet.',
  running: 'The site check is running.',
  passed: 'The site check passed: this change can be published.',
  content: (found: string) =>
    `The site check found a mistake in this change: ${found} Open the entry, correct it and save; the check then runs again.`,
  other:
    'The check could not finish, for a reason that is not in your change. Nothing in your change needs correcting: run the check again. (The maintainers are told.)',
}
