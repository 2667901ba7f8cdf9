// A change's life where the clerk looks: its site check (checks.ts) on its Workflow card and in
// its entry, kept current while the editor is open, with a notice when it ends and "Run the check
// again" when it could not finish; what it will change on the site; and on a published entry,
// its published changes, what each changed, and Undo (a new change, saved as any other).

import { applyPatch, structuredPatch } from 'diff'
import { headState, signedIn, type Api } from '#site-editor/backend.ts'
import {
  CHECK_WORDS,
  PAGE_DIFF_CHECK,
  PREVIEW_CONTEXT,
  type CheckRun,
} from '#site-editor/checks.ts'

export type Immutable = {
  get(key: string): unknown
  getIn(path: string[]): unknown
  toJS(): unknown
}
export type Notice = { id: string; type?: string; dismissAfter?: number | false; message: unknown }

export type EditorStore = {
  getState: () => {
    entryDraft: Immutable
    config: { publish_mode?: string; backend?: { name?: string } }
    notifications?: { notifications: Notice[] }
  }
  subscribe: (listener: () => void) => () => void
  dispatch: (action: { type: string; payload?: unknown; id?: string }) => unknown
}

const POLL_MS = 3000
type Pull = { number: number; head: { ref: string; sha: string } }
type State = Awaited<ReturnType<typeof headState>>
type Change = { pull: Pull; state: State; preview?: string }
type Page = { route: string; title: string; lines?: { kind: string; text: string }[] }
type Commit = {
  sha: string
  parents: { sha: string }[]
  commit: { message: string; author: { name: string; date: string } }
}

export const LOOP_WORDS = {
  changes: 'What will change on the site',
  notYet: 'What will change on the site: not known until the check has passed.',
  runAgain: 'Run the check again',
  history: 'Published changes to this file',
  whatChanged: 'What it changed on the site',
  undo: 'Undo this change',
  undoTitle: (title: string) => `Undo “${title}”`,
  cannotUndo:
    'This change cannot be undone by itself: the same lines of the file were changed again since. Change them back by hand and save.',
}

const wordsOf = ({ state, mistakes }: State) =>
  state === 'content' ? CHECK_WORDS.content(mistakes.join(' · ')) : CHECK_WORDS[state]

/** An element with text or elements in it. */
function h(tag: string, props: Record<string, string> = {}, ...children: (Node | string)[]) {
  const element = Object.assign(document.createElement(tag), props)
  element.append(...children)
  return element
}

/** The pages a change changes, from its page-diff check run (tools/review/preview.ts), each
 * linked into its preview. */
function pagesOf(runs: CheckRun[], preview?: string): HTMLElement {
  const run = runs.find((r) => r.name === PAGE_DIFF_CHECK)
  const json = /```json\n([\s\S]*)\n```/.exec(run?.output?.text ?? '')?.[1]
  if (!run || !json) return h('p', {}, LOOP_WORDS.notYet)
  const diff = JSON.parse(json) as Record<'added' | 'removed' | 'changed', Page[]> & {
    more: number
  }
  const page = (kind: string, p: Page) => {
    const name = preview ? h('a', { href: new URL(p.route, preview).href }, p.title) : p.title
    const lines = (p.lines ?? []).map(
      (l) => `${{ removed: '− ', added: '+ ' }[l.kind] ?? '  '}${l.text}`
    )
    return h(
      'li',
      {},
      `${kind}: `,
      name,
      ` (${p.route})`,
      ...(p.lines ? [h('pre', {}, lines.join('\n'))] : [])
    )
  }
  const items = [
    ...diff.added.map((p) => page('Added', p)),
    ...diff.removed.map((p) => page('Removed', p)),
    ...diff.changed.map((p) => page('Changed', p)),
  ]
  if (diff.more) items.push(h('li', {}, `… and ${diff.more} more (see the pull request).`))
  const summary = h('summary', {}, `${LOOP_WORDS.changes}: ${run.output!.title ?? ''}`)
  return h('details', { className: 'site-editor-pages' }, summary, h('ul', {}, ...items))
}

export function watchChanges(store: EditorStore) {
  const changes = new Map<string, Change>()
  const shown = new Map<Element, string>()
  let history = ''

  const branchOf = (api: Api, collection: string, slug: string) =>
    `cms/${api.useOpenAuthoring ? `${api.repo}/` : ''}${collection}/${slug}`
  const entryOf = (href: string) => /#\/collections\/([^/?]+)\/entries\/([^?]+)/.exec(href)

  /** Replaces `at`'s panel only when what it says changed (a screen reader hears it once). */
  function show(at: Element, key: string, make: () => HTMLElement) {
    if (shown.get(at) === key && at.querySelector(':scope > .site-editor-change')) return
    shown.set(at, key)
    at.querySelector(':scope > .site-editor-change')?.remove()
    at.append(Object.assign(make(), { className: 'site-editor-change' }))
  }

  function stateBox(api: Api, change: Change) {
    const { state, runs } = change.state
    const box = h('div', {}, h('p', { role: 'status' }, wordsOf(change.state)))
    if (state === 'other') {
      // GitHub's "Re-run a job" for each failed job (deploy/README.md says why this call).
      const again = h('button', { type: 'button' }, LOOP_WORDS.runAgain)
      again.onclick = () =>
        void Promise.all(
          runs
            .filter((r) => r.status === 'completed' && r.conclusion !== 'success')
            .map((r) =>
              api.request(`${api.originRepoURL}/actions/jobs/${r.id}/rerun`, { method: 'POST' })
            )
        ).then(
          () => poll(),
          (error: Error) => notice(`GitHub did not run the check again: ${error.message}`, 'error')
        )
      box.append(again)
    }
    box.append(pagesOf(runs, change.preview))
    return box
  }

  async function undo(api: Api, file: string, commit: Commit, [, collection, slug]: string[]) {
    const at = (ref: string) => api.readFile(file, null, { branch: ref }).catch(() => '')
    const [before, after, now] = await Promise.all([
      at(commit.parents[0]!.sha),
      at(commit.sha),
      at(api.branch),
    ])
    const reverse = applyPatch(now, structuredPatch('', '', after, before, '', '', { context: 0 }))
    if (reverse === false || !before) return notice(LOOP_WORDS.cannotUndo, 'error')
    const title = commit.commit.message.split('\n')[0]!
    const options = { newEntry: false, useWorkflow: true, unpublished: false, status: 'draft' }
    await signedIn
      .backend!.persistEntry(
        { dataFiles: [{ path: file, slug: decodeURIComponent(slug!), raw: reverse }], assets: [] },
        { ...options, collectionName: collection, commitMessage: LOOP_WORDS.undoTitle(title) }
      )
      .then(
        () => window.location.reload(),
        (error: Error) => notice(`Not saved. ${error.message}`, 'error')
      )
  }

  /** On a published entry: its file's last published changes, what each changed, and Undo. */
  async function showHistory(api: Api, pane: Element, route: string[]) {
    const file = String(store.getState().entryDraft.getIn(['entry', 'path']) ?? '')
    if (!file || history === `${route[0]} ${file}`) return
    history = `${route[0]} ${file}`
    const path = `${api.originRepoURL}/commits?path=${encodeURIComponent(file)}&sha=${api.branch}`
    const commits = ((await api.request(path)) as Commit[]).slice(0, 3)
    const items = commits.map((commit) => {
      const [title] = commit.commit.message.split('\n')
      const what = h('details', {}, h('summary', {}, LOOP_WORDS.whatChanged))
      what.ontoggle = async () => {
        const number = /\(#(\d+)\)$/.exec(title!)?.[1]
        if (!what.open || !number || what.childElementCount > 1) return
        const pull = (await api.request(`${api.originRepoURL}/pulls/${number}`)) as Pull
        what.append(pagesOf((await headState(api, pull.head.sha)).runs))
      }
      const button = h('button', { type: 'button' }, LOOP_WORDS.undo)
      button.onclick = () => void undo(api, file, commit, route)
      const when = new Date(commit.commit.author.date).toLocaleString('en-US')
      return h('li', {}, `${when}, ${commit.commit.author.name}: ${title}`, what, button)
    })
    show(pane, history, () =>
      h('section', {}, h('h2', {}, LOOP_WORDS.history), h('ul', {}, ...items))
    )
  }

  function notice(message: string, type: 'success' | 'error') {
    store.dispatch({ type: 'NOTIFICATION_SEND', payload: { message, type, dismissAfter: 8000 } })
  }

  /** Where a change is shown now: each Workflow card, and the open entry's pane. */
  function places(api: Api) {
    const open = entryOf(window.location.hash)
    const pane = document.querySelector('[class*="ControlPaneContainer"]')
    const cards = [...document.querySelectorAll('[class*="WorkflowCardContainer"]')].map(
      (card) => [card, entryOf(card.querySelector('a')?.getAttribute('href') ?? '')] as const
    )
    return [...cards, ...(pane && open ? [[pane, open] as const] : [])].flatMap(([at, route]) =>
      route ? [{ at, route, branch: branchOf(api, route[1]!, route[2]!) }] : []
    )
  }
  const keyOf = ({ pull, state, preview }: Change) =>
    `${pull.head.sha} ${state.state} ${state.runs.length} ${preview}`

  /** Shows what is known (no request): called on every change to the page. */
  function render() {
    const api = signedIn.api
    for (const { at, branch } of api ? places(api) : []) {
      const change = changes.get(branch)
      if (change) show(at, keyOf(change), () => stateBox(api!, change))
    }
  }

  let polling = false
  /** Asks GitHub about every change shown, says when a check ended, and shows the rest. */
  async function poll() {
    const api = signedIn.api
    if (!api || polling || document.hidden) return
    polling = true
    try {
      const pulls = (await api.request(
        `${api.originRepoURL}/pulls?state=open&per_page=100`
      )) as Pull[]
      for (const { at, route, branch } of places(api)) {
        const pull = pulls.find((p) => p.head.ref === branch)
        if (!pull) {
          changes.delete(branch)
          if (at.matches('[class*="ControlPaneContainer"]')) await showHistory(api, at, route)
          continue
        }
        const before = changes.get(branch)
        const state = await headState(api, pull.head.sha)
        const { statuses } = (await api.request(
          `${api.originRepoURL}/commits/${pull.head.sha}/status`
        )) as { statuses: { context: string; target_url: string }[] }
        const preview = statuses.find((s) => s.context === PREVIEW_CONTEXT)?.target_url
        changes.set(branch, { pull, state, preview })
        const going = (s: State) => ['waiting', 'running'].includes(s.state)
        if (
          before &&
          going(before.state) &&
          !going(state) &&
          before.pull.head.sha === pull.head.sha
        )
          notice(wordsOf(state), state.state === 'passed' ? 'success' : 'error')
      }
      render()
    } finally {
      polling = false
    }
  }
  window.setInterval(() => void poll().catch(() => {}), POLL_MS)
  window.addEventListener('hashchange', () => void poll().catch(() => {}))
  return render
}
