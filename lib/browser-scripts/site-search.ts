import { plural } from '#lib/text.ts'

// Search on the search page, with Pagefind's index, which only this page loads.

/** The 300 ms filter delay of spec §9. */
const SEARCH_DELAY_MS = 300
const RESULTS_PER_PAGE = 20
const PAGEFIND = '/pagefind/pagefind.js'

type PagefindResult = { url: string; excerpt: string; meta: { title?: string } }
type Hit = { data: () => Promise<PagefindResult> }
type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>
  search: (term: string) => Promise<{ results: Hit[] }>
}

/** Keeps only text and <mark> from a Pagefind excerpt (its highlighting). */
function excerptNodes(html: string, doc: Document = document): Node[] {
  const template = doc.createElement('template')
  template.innerHTML = html
  return [...template.content.childNodes].map((node) => {
    const text = node.textContent ?? ''
    return node.nodeName === 'MARK'
      ? Object.assign(doc.createElement('mark'), { textContent: text })
      : doc.createTextNode(text)
  })
}

export function initSearch(root: Document = document) {
  const section = root.querySelector<HTMLElement>('[data-search]')
  if (!section) return
  const form = section.querySelector('form')!
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!
  const status = section.querySelector<HTMLElement>('[data-search-status]')!
  const list = section.querySelector<HTMLOListElement>('[data-search-results]')!
  let pagefind: Promise<Pagefind> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let latest = 0

  const load = () => {
    pagefind ??= (import(/* @vite-ignore */ PAGEFIND) as Promise<Pagefind>).then(async (module) => {
      await module.options({ excerptLength: 24 })
      return module
    })
    return pagefind
  }

  const more = Object.assign(root.createElement('button'), { type: 'button', hidden: true })
  more.className = 'button-link mt-4'
  more.textContent = 'Show more results' // named while hidden too: checkers read it
  list.after(more)
  const pageTitle = root.title
  // The results not listed yet.
  let pending: Hit[] = []
  let total = 0
  let current = ''

  const item = (result: PagefindResult) => {
    const entry = root.createElement('li')
    entry.className = 'mt-4'
    const link = root.createElement('a')
    link.href = result.url
    link.className = 'text-lg font-bold'
    link.textContent = result.meta.title ?? result.url
    const excerpt = root.createElement('p')
    excerpt.append(...excerptNodes(result.excerpt, root))
    entry.append(link, excerpt)
    return entry
  }

  /** Says how many pages match and how many are listed, in the status and the page title. */
  const report = () => {
    const count = plural(total, 'result')
    status.textContent =
      total === 0
        ? `No pages match “${current}”. Try another word, or use the list of all pages below.`
        : pending.length > 0
          ? `${count} for “${current}”. Showing the first ${total - pending.length}.`
          : `${count} for “${current}”`
    root.title = `“${current}”: ${count} – ${pageTitle}`
    more.hidden = pending.length === 0
    more.textContent = `Show more results (${Math.min(RESULTS_PER_PAGE, pending.length)} more)`
  }

  async function showNext(run: number): Promise<HTMLElement[] | undefined> {
    const next = pending.slice(0, RESULTS_PER_PAGE)
    const results = await Promise.all(next.map((r) => r.data()))
    if (run !== latest) return undefined
    pending = pending.slice(next.length)
    const items = results.map(item)
    list.append(...items)
    return items
  }

  async function run(term: string) {
    const query = term.trim()
    const run = ++latest
    if (!query) {
      status.textContent = ''
      list.replaceChildren()
      more.hidden = true
      root.title = pageTitle
      return
    }
    const search = await (await load()).search(query)
    if (run !== latest) return
    list.replaceChildren()
    current = query
    total = search.results.length
    pending = search.results
    if ((await showNext(run)) !== undefined) report()
  }

  more.addEventListener('click', async () => {
    const items = await showNext(latest)
    if (!items) return
    report()
    // Keyboard users go on from the first new result, not from the top.
    items[0]?.querySelector('a')?.focus()
  })

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    clearTimeout(timer)
    history.replaceState(null, '', `?q=${encodeURIComponent(input.value)}`)
    void run(input.value)
  })
  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(() => void run(input.value), SEARCH_DELAY_MS)
  })

  const initial = new URLSearchParams(location.search).get('q') ?? ''
  input.value = initial
  if (initial) void run(initial)
}
