// Small fixes to Decap's own screens, made from outside (Decap is bundled as
// published; these watch its page and adjust what it draws):
//  - its list buttons have no names: "Show or hide this alert", "Remove this alert";
//  - removing an entry asks first;
//  - while a save is under way, edits wait: Decap marks the entry saved when
//    the save ends, so an edit made meanwhile would be shown as saved and
//    never be written;
//  - after a save, Decap's copy of the saved entry is brought up to date:
//    it kept the entry as first opened, and took a change that led back to
//    that (removing the entry just added) for no change at all, so the
//    removal showed "Changes saved" and was never written;
//  - the preview frame gets a title, and its page a language and a title;
//  - the sign-in screen shows the bureau's name instead of Decap's logo;
//  - the Media button goes (nothing is uploaded in this editor);
//  - a notice of what went wrong stays until it is closed (Decap closes it
//    after 8 seconds, too soon to read a reason and act on it).

type Immutable = { get: (key: string) => unknown; getIn: (path: string[]) => unknown }

type Notice = { id: string; type?: string; dismissAfter?: number | false; message: unknown }

/** What enhance() needs of Decap's store: the entry being edited, the publishing mode, the notices. */
export type EditorStore = {
  getState: () => {
    entryDraft: Immutable
    config: { publish_mode?: string }
    notifications?: { notifications: Notice[] }
  }
  subscribe: (listener: () => void) => () => void
  dispatch: (action: { type: string; payload?: unknown; id?: string }) => unknown
}

/** Sends an error notice again without its closing time, so it stays until closed. */
function keepErrorNotices(store: EditorStore) {
  for (const { id, ...notice } of store.getState().notifications?.notifications ?? []) {
    if (notice.type !== 'error' || typeof notice.dismissAfter !== 'number') continue
    store.dispatch({ type: 'NOTIFICATION_DISMISS', id })
    store.dispatch({ type: 'NOTIFICATION_SEND', payload: { ...notice, dismissAfter: false } })
  }
}

const LIST_BUTTON = 'button[class*="TopBarButton-button"]'

/** The word for one entry of the list a button belongs to: "alert" from its "Add alert" button. */
function entryWord(button: Element): string {
  let node: Element | null = button.parentElement
  while (node) {
    const add = [...node.querySelectorAll('button')].find((b) =>
      /^Add\s/.test(b.textContent?.trim() ?? '')
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
    button.setAttribute(
      'aria-label',
      isRemoveButton(button) ? `Remove this ${word}` : `Show or hide this ${word}`
    )
  }
}

function saving(store: EditorStore): boolean {
  return Boolean(store.getState().entryDraft.getIn(['entry', 'isPersisting']))
}

/** Says something to screen readers and on screen, in the editor's corner. */
function say(document: Document, text: string) {
  let box = document.getElementById('site-editor-status')
  if (!box) {
    box = document.createElement('p')
    box.id = 'site-editor-status'
    box.setAttribute('role', 'status')
    document.body.append(box)
  }
  box.textContent = ''
  box.textContent = text
}

function previewFrame(document: Document) {
  const frame = document.querySelector<HTMLIFrameElement>('#preview-pane')
  if (!frame || frame.title) return
  frame.title = 'Preview: the page as visitors will see it'
}

function signInScreen(document: Document, siteName: string) {
  const page = document.querySelector('[class*="StyledAuthenticationPage"]')
  if (!page || page.querySelector('#site-editor-name')) return
  const heading = document.createElement('h1')
  heading.id = 'site-editor-name'
  heading.textContent = `${siteName}: site editor`
  page.prepend(heading)
}

function mediaButton(document: Document) {
  for (const button of document.querySelectorAll('header button')) {
    if (button.textContent?.trim() === 'Media') (button as HTMLElement).style.display = 'none'
  }
}

/** Starts watching the editor page. */
export function enhanceEditor(document: Document, store: EditorStore, siteName: string) {
  const window = document.defaultView!
  const update = () => {
    nameButtons(document)
    previewFrame(document)
    signInScreen(document, siteName)
    mediaButton(document)
  }
  new MutationObserver(update).observe(document.body, { childList: true, subtree: true })
  update()

  let wasSaving = false
  store.subscribe(() => {
    keepErrorNotices(store)
    const now = saving(store)
    const justSaved = wasSaving && !now
    wasSaving = now
    const { entryDraft, config } = store.getState()
    // (The editorial workflow keeps its own copy of a saved draft up to date.)
    if (!justSaved || entryDraft.get('hasChanged') || config.publish_mode === 'editorial_workflow')
      return
    const entry = entryDraft.get('entry') as { toJS: () => { collection?: string; slug?: string } }
    const saved = entry.toJS()
    if (saved.collection && saved.slug)
      store.dispatch({
        type: 'ENTRY_SUCCESS',
        payload: { collection: saved.collection, entry: saved },
      })
  })

  // A refused save is already told in words (the notice "Not saved. …", or
  // the field's own message); Decap also leaves its failed save behind as an
  // unhandled rejection: its failed-save action, or nothing at all.
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { type?: unknown } | undefined
    if (reason === undefined) event.preventDefault()
    else if (typeof reason?.type === 'string' && reason.type.endsWith('PERSIST_FAILURE'))
      event.preventDefault()
  })

  // Before Decap sees a click: removal asks first, and nothing changes while saving.
  window.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null
      const button = target?.closest(LIST_BUTTON)
      const inForm = target?.closest('[class*="ControlPaneContainer"]')
      if (inForm && saving(store)) {
        event.preventDefault()
        event.stopPropagation()
        say(document, 'Wait a moment: the change is being saved.')
        return
      }
      if (button && isRemoveButton(button)) {
        const word = entryWord(button)
        if (!window.confirm(`Remove this ${word}? It is taken out of the file when you publish.`)) {
          event.preventDefault()
          event.stopPropagation()
        }
      }
    },
    true
  )
  for (const type of ['beforeinput', 'keydown', 'paste', 'drop'])
    window.addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target : null
        if (!target?.closest('[class*="ControlPaneContainer"]') || !saving(store)) return
        if (event instanceof KeyboardEvent && ['Tab', 'Shift'].includes(event.key)) return
        event.preventDefault()
        event.stopPropagation()
        say(document, 'Wait a moment: the change is being saved.')
      },
      true
    )
}
