import type { SiteEditorSettings } from '#site-editor/config.ts'
import { watchChanges, type EditorStore, type Immutable } from '#site-editor/loop.ts'

// Fixes to Decap's own screens, made from outside (Decap is bundled as
// published): names for its list buttons, whole header rows that fold, a
// question before a removal, the save and notice fixes described below, and
// each change's check, page diff and history (loop.ts).

/** Error notices stay until closed (Decap closes them after 8 seconds, too soon to act on). */
function keepErrorNotices(store: EditorStore) {
  for (const { id, ...notice } of store.getState().notifications?.notifications ?? []) {
    if (notice.type !== 'error' || typeof notice.dismissAfter !== 'number') continue
    store.dispatch({ type: 'NOTIFICATION_DISMISS', id })
    store.dispatch({ type: 'NOTIFICATION_SEND', payload: { ...notice, dismissAfter: false } })
  }
}

// Decap's screens, found by what Decap shows assistive technology and its tests where it can:
// a list entry's header row holds the drag handle it marks `aria-roledescription="sortable"`, and
// a list's header row the ">" it marks `data-testid="expand-button"`.
const ENTRY_BAR = ':has(> [aria-roledescription="sortable"])'
/** A list entry's ">" and remove buttons. */
const LIST_BUTTON = `${ENTRY_BAR} > button`
const ENTRY = ':has(> * > [aria-roledescription="sortable"])'
/** An entry's header row, and its summary line below it (shown while folded). */
const ENTRY_HEADER = `${ENTRY_BAR}, ${ENTRY_BAR} + *`
const LIST_HEADER = ':has(> * > [data-testid="expand-button"])'

/** The word for one entry of the list a button belongs to: "alert" from its "Add alert" button. */
function entryWord(button: Element): string {
  // The Add button of the list the entry is in, not of a list inside another entry.
  const entry = button.closest(ENTRY)
  const owner = entry?.parentElement?.closest(ENTRY) ?? null
  let node: Element | null = button.parentElement
  while (node) {
    // (A list of several kinds of entry adds through a menu button: "Add menu item".)
    const add = [...node.querySelectorAll('button, [role="button"]')].find(
      (b) => /^Add\s/.test(b.textContent?.trim() ?? '') && b.closest(ENTRY) === owner
    )
    if (add) return add.textContent!.trim().replace(/^Add\s+/, '')
    node = node.parentElement
  }
  return 'entry'
}

/** Is this one of Decap's list-entry remove buttons (the last button of an entry's top bar)? */
function isRemoveButton(button: Element): boolean {
  const bar = button.parentElement
  const buttons = bar ? [...bar.querySelectorAll(LIST_BUTTON)] : []
  return buttons.length > 1 && buttons.at(-1) === button
}

function nameButtons(root: ParentNode) {
  for (const button of root.querySelectorAll(LIST_BUTTON)) {
    if (button.hasAttribute('aria-label')) continue
    const word = entryWord(button)
    const label = isRemoveButton(button) ? `Remove this ${word}` : `Show or hide this ${word}`
    button.setAttribute('aria-label', label)
  }
}

/** The ">" a click on a header row stands for; none for a button, field, link or menu choice. */
function toggleFor(target: Element): HTMLElement | undefined {
  const own =
    'button, [role="button"], [role="menu"], [role="menuitem"], input, select, textarea, a'
  if (target.closest(own)) return undefined
  const header = target.closest(ENTRY_HEADER)
  const toggle = header
    ? header.closest(ENTRY)?.querySelector<HTMLElement>(LIST_BUTTON)
    : target.closest(LIST_HEADER)?.querySelector<HTMLElement>('[data-testid="expand-button"]')
  return toggle ?? undefined
}

/** Each entry's ">" says whether it is open (its summary line shows only while folded). */
function markOpen(root: ParentNode, all = true) {
  for (const entry of root.querySelectorAll(ENTRY)) {
    const toggle = entry.querySelector(LIST_BUTTON)
    const summary = entry.querySelector(`:scope > ${ENTRY_BAR} + *`)
    if (!toggle || !summary || isRemoveButton(toggle)) continue
    if (!all && toggle.hasAttribute('aria-expanded')) continue
    toggle.setAttribute('aria-expanded', String(getComputedStyle(summary).display === 'none'))
  }
}

type Route = { collection: string; slug?: string }

/** The entry an editor address is for (`slug` absent for a new one), or none for another screen. */
function editorRoute(hash: string): Route | undefined {
  const match = /^#?\/collections\/([^/?]+)\/(?:entries\/([^?]+)|new)(?:\?|$)/.exec(hash)
  const [, collection, slug] = match ?? []
  if (!collection) return undefined
  return { collection: decodeURIComponent(collection), slug: slug && decodeURIComponent(slug) }
}

/** Does the editor hold the entry of this address (a new one of its collection, or that entry)? */
function holds(store: EditorStore, route: Route): boolean {
  const entry = store.getState().entryDraft.get('entry') as Immutable | undefined
  if (!entry?.get || entry.get('collection') !== route.collection) return false
  return route.slug === undefined || entry.get('slug') === route.slug
}

/**
 * Decap keeps its editor (and the entry it loaded) when only the entry in the
 * address changes, and Publish then did nothing: the page is opened afresh.
 */
function reopenOnNewAddress(store: EditorStore) {
  let shown = editorRoute(window.location.hash)
  window.addEventListener('hashchange', () => {
    const before = shown
    shown = editorRoute(window.location.hash)
    // A red message belongs to its entry: it does not follow the clerk to another one.
    if (before?.collection !== shown?.collection || (before?.slug && before.slug !== shown?.slug))
      for (const { id, type } of store.getState().notifications?.notifications ?? [])
        if (type === 'error') store.dispatch({ type: 'NOTIFICATION_DISMISS', id })
    if (!before || !shown) return
    const target = shown
    // After Decap has acted on the address itself.
    window.setTimeout(() => {
      if (shown !== target || holds(store, target)) return
      store.dispatch({ type: 'DRAFT_DISCARD', payload: undefined })
      window.setTimeout(() => window.location.reload(), 0)
    }, 0)
  })
}

/** Decap stops a save for a field's mistake silently unless a field is empty: says which. */
function tellFieldMistakes(store: EditorStore) {
  type FieldError = { type?: string; message?: string }
  const errors = store.getState().entryDraft.get('fieldsErrors') as Immutable | undefined
  const all = Object.values((errors?.toJS() ?? {}) as Record<string, FieldError[]>).flat()
  if (all.length === 0 || all.some((e) => e.type === 'PRESENCE')) return
  const words = [...new Set(all.map((e) => e.message).filter(Boolean))].join(' ')
  store.dispatch({
    type: 'NOTIFICATION_SEND',
    payload: {
      message: { key: 'ui.toast.onFailToPersist', details: words || 'A field has a mistake.' },
      type: 'error',
      dismissAfter: 8000,
    },
  })
}

const saving = (store: EditorStore) =>
  Boolean(store.getState().entryDraft.getIn(['entry', 'isPersisting']))

/** The sign-in screen names the bureau and, online, the repository staff save to. */
function signInScreen(siteName: string, repository?: string) {
  const page = document.querySelector('[class*="StyledAuthenticationPage"]')
  if (!page || page.querySelector('#site-editor-name')) return
  const heading = document.createElement('h1')
  heading.id = 'site-editor-name'
  heading.textContent = `${siteName}: site editor`
  page.prepend(heading)
  if (!repository) return
  const where = document.createElement('p')
  where.textContent = `Changes are saved as pull requests to the repository ${repository} on GitHub.`
  heading.after(where)
}

export function enhanceEditor(store: EditorStore, settings: SiteEditorSettings) {
  const showChanges = watchChanges(store)
  const update = () => {
    showChanges()
    nameButtons(document)
    markOpen(document, false)
    const frame = document.querySelector<HTMLIFrameElement>('#preview-pane')
    if (frame && !frame.title) frame.title = 'Preview: the page as visitors will see it'
    const online = store.getState().config.backend?.name === 'github'
    signInScreen(settings.siteName ?? 'Site editor', online ? settings.repository : undefined)
    for (const button of document.querySelectorAll<HTMLElement>('header button'))
      if (button.textContent?.trim() === 'Media') button.style.display = 'none'
    // On this computer no preview is made (preview.yml makes it on GitHub): no "Check for Preview".
    if (!online)
      for (const box of document.querySelectorAll<HTMLElement>('[class*="PreviewButtonContainer"]'))
        box.style.display = 'none'
  }
  new MutationObserver(update).observe(document.body, { childList: true, subtree: true })
  update()

  reopenOnNewAddress(store)

  let wasSaving = false
  store.subscribe(() => {
    keepErrorNotices(store)
    const now = saving(store)
    const justSaved = wasSaving && !now
    wasSaving = now
    const { entryDraft, config } = store.getState()
    // After a save, Decap's copy of the entry is brought up to date: it took a change back
    // to the first-opened state for no change. (The editorial workflow keeps its own.)
    if (!justSaved || entryDraft.get('hasChanged') || config.publish_mode === 'editorial_workflow')
      return
    const saved = (entryDraft.get('entry') as Immutable).toJS() as Record<string, string>
    if (saved.collection && saved.slug)
      store.dispatch({
        type: 'ENTRY_SUCCESS',
        payload: { collection: saved.collection, entry: saved },
      })
  })

  // Decap leaves a failed save behind as an unhandled rejection (of nothing, for a field's mistake).
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { type?: unknown } | undefined
    if (reason === undefined) {
      event.preventDefault()
      tellFieldMistakes(store)
    } else if (typeof reason?.type === 'string' && reason.type.endsWith('PERSIST_FAILURE'))
      event.preventDefault()
  })

  const stop = (event: Event) => {
    event.preventDefault()
    event.stopPropagation()
  }
  // Decap marks the entry saved when a save ends, so an edit made meanwhile would be lost: it waits.
  const held = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null
    if (!target?.closest('[class*="ControlPaneContainer"]') || !saving(store)) return false
    if (event instanceof KeyboardEvent && ['Tab', 'Shift'].includes(event.key)) return false
    stop(event)
    // In index.html's status line, emptied first so that a repeat is said again.
    const status = document.getElementById('site-editor-status')!
    status.textContent = ''
    status.textContent = 'Wait a moment: the change is being saved.'
    return true
  }
  for (const type of ['beforeinput', 'keydown', 'paste', 'drop'])
    window.addEventListener(type, held, true)
  const onClick = (event: MouseEvent) => {
    if (held(event) || !(event.target instanceof Element)) return
    const button = event.target.closest(LIST_BUTTON)
    // A header row opens and folds its entry or list, as its ">" does.
    const toggle = button ? undefined : toggleFor(event.target)
    toggle?.click()
    if (button || toggle) window.requestAnimationFrame(() => markOpen(document))
    if (button && isRemoveButton(button)) {
      const word = entryWord(button)
      if (!window.confirm(`Remove this ${word}? It is taken out of the file when you publish.`))
        stop(event)
    }
  }
  window.addEventListener('click', onClick, true)
}
