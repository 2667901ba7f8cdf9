// Decap's English words, with the messages of a field's rules changed to
// read as one sentence: "Id should be an id such as budget-2019 (lower
// case, hyphens)." instead of "Id didn't match the pattern: ...".

type Phrases = Record<string, unknown>

const OURS: Phrases = {
  collection: {
    collectionTop: {
      // Decap's "＋ Page" uses a full-width plus (U+FF0B), which common fonts lack: an empty box.
      newButton: 'New %{collectionLabel}',
    },
  },
  ui: {
    toast: {
      // The site check's words come in `details` (site-editor/checked-backend.ts).
      onFailToPersist: 'Not saved. %{details}',
      // Why GitHub would not publish (site-editor/github-publish.ts).
      onFailToPublishEntry: 'Not published: %{details}',
      onFailToDelete: 'Not deleted. %{details}',
    },
  },
  editor: {
    editorControlPane: {
      widget: {
        regexPattern: '%{fieldLabel} %{pattern}',
      },
    },
  },
}

function merge(base: Phrases, over: Phrases): Phrases {
  const result: Phrases = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const inner = base[key]
    result[key] =
      value && typeof value === 'object' && inner && typeof inner === 'object'
        ? merge(inner as Phrases, value as Phrases)
        : value
  }
  return result
}

export function editorPhrases(english: Phrases): Phrases {
  return merge(english, OURS)
}
