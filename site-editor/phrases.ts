// Decap's English words, with the messages of a field's rules read as one
// sentence ("Id should be an id such as budget-2019.", not "Id didn't match the pattern: ...").

type Phrases = Record<string, unknown>

const OURS = {
  // Decap's "＋ Page" uses a full-width plus (U+FF0B), which common fonts lack: an empty box.
  'collection.collectionTop.newButton': 'New %{collectionLabel}',
  // Decap's Workflow button says "New Post"; it offers the collections an entry can be made in.
  'workflow.workflow.newPost': 'Create new',
  // The site check's words and GitHub's (backend.ts) come in `details`.
  'ui.toast.onFailToPersist': 'Not saved. %{details}',
  'ui.toast.onFailToPublishEntry': 'Not published: %{details}',
  'ui.toast.onFailToDelete': 'Not deleted. %{details}',
  'editor.editorControlPane.widget.regexPattern': '%{fieldLabel} %{pattern}',
}

export function editorPhrases(english: Phrases): Phrases {
  const phrases = structuredClone(english)
  for (const [path, text] of Object.entries(OURS)) {
    const keys = path.split('.')
    const last = keys.pop()!
    keys.reduce((node, key) => node[key] as Phrases, phrases)[last] = text
  }
  return phrases
}
