// Site search on /search/, with Pagefind's index. Only this page loads the
// Pagefind script and index; on other pages the header field simply submits
// to /search/, which also lists every page for when JavaScript is off.

/** How long to wait after typing stops before searching: the 300 ms filter delay of spec §9. */
export const SEARCH_DELAY_MS = 300
const PAGEFIND = '/pagefind/pagefind.js'

type PagefindResult = { url: string; excerpt: string; meta: { title?: string } }
type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>
  search: (term: string) => Promise<{ results: { data: () => Promise<PagefindResult> }[] }>
}

/** Keeps only text and <mark> from a Pagefind excerpt (its highlighting). */
export function excerptNodes(html: string, doc: Document = document): Node[] {
  const template = doc.createElement('template')
  template.innerHTML = html
  return [...template.content.childNodes].map((node) => {
    if (node.nodeName === 'MARK') {
      const mark = doc.createElement('mark')
      mark.textContent = node.textContent
      return mark
    }
    return doc.createTextNode(node.textContent ?? '')
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

  async function run(term: string) {
    const query = term.trim()
    const run = ++latest
    if (!query) {
      status.textContent = ''
      list.replaceChildren()
      return
    }
    const search = await (await load()).search(query)
    const results = await Promise.all(search.results.slice(0, 20).map((r) => r.data()))
    if (run !== latest) return
    const items = results.map((result) => {
      const item = root.createElement('li')
      item.className = 'mt-4'
      const link = root.createElement('a')
      link.href = result.url
      link.className = 'text-lg font-bold'
      link.textContent = result.meta.title ?? result.url
      const excerpt = root.createElement('p')
      excerpt.append(...excerptNodes(result.excerpt, root))
      item.append(link, excerpt)
      return item
    })
    list.replaceChildren(...items)
    status.textContent =
      results.length === 0
        ? `No pages match “${query}”. Try another word, or use the list of all pages below.`
        : `${results.length} ${results.length === 1 ? 'result' : 'results'} for “${query}”`
  }

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
