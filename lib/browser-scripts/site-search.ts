import { plural } from '#lib/text.ts'

// Search on the search page, with Pagefind's index, which only this page loads.

/** The 300 ms filter delay of spec §9. */
const SEARCH_DELAY_MS = 300
const RESULTS_PER_PAGE = 20
const PAGEFIND = '/pagefind/pagefind.js'

type PagefindResult = { url: string; excerpt: string; meta: { title?: string } }
type Hit = { id: string; data: () => Promise<PagefindResult> }
type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>
  search: (term: string, options?: object) => Promise<{ results: Hit[] }>
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

  /** Why the results are not those of every word ("" when they are). */
  let instead = ''

  /** Says how many pages match and how many are listed, in the status and the page title. */
  const report = () => {
    const count = plural(total, 'result')
    status.textContent =
      total === 0
        ? `No pages match “${current}”. Try another word, or use the list of all pages below.`
        : pending.length > 0
          ? `${instead}${count} for “${current}”. Showing the first ${total - pending.length}.`
          : `${instead}${count} for “${current}”`
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
    const pagefind = await load()
    const words = query.split(/\s+/)
    // Each word alone too, at once (Pagefind loads each word's part of the index once).
    const [full, ...each] = await Promise.all(
      [query, ...(words.length > 1 ? words : [])].map((term) => pagefind.search(term))
    )
    let { results } = full!
    const year = words.find((word) => /^(19|20)\d\d$/.test(word))
    const others = words.filter((word) => word !== year).join(' ')
    instead = ''
    if (year && others) {
      // A year no document of the other words is from leads to the pages that list them.
      const only = (kind: string) => ({ filters: { kind } })
      const ids = async (term: string) =>
        new Set((await pagefind.search(term, only('document'))).results.map((r) => r.id))
      const [ofYear, ofOthers] = await Promise.all([ids(year), ids(others)])
      if (![...ofOthers].some((id) => ofYear.has(id))) {
        results = (await pagefind.search(others, only('page'))).results
        instead = `This site has no document from ${year} for “${others}”. The pages below list the ones it has and say where newer ones may be. `
      }
    } else if (words.length > 1) {
      // Pagefind leaves out a word it does not know: say when no page has every word, and list
      // those with the most of them first.
      const found = new Map<string, { hit: Hit; words: number }>()
      for (const hit of each.flatMap((search) => search.results))
        found.set(hit.id, { hit, words: (found.get(hit.id)?.words ?? 0) + 1 })
      if (![...found.values()].some((c) => c.words === words.length)) {
        results = [...found.values()].sort((a, b) => b.words - a.words).map((c) => c.hit)
        if (results.length)
          instead = `No page has all the words of “${query}”. These have some of them. `
      }
    }
    if (run !== latest) return
    list.replaceChildren()
    current = query
    total = results.length
    pending = results
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
