/** The search form and results (the `@search` line), filled by lib/browser-scripts/site-search.ts. */
export function SearchPanel() {
  return (
    <section data-search aria-label="Search results" className="my-6 max-w-prose">
      <form
        method="get"
        role="search"
        aria-label="Search the pages and documents"
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex grow flex-col">
          <label htmlFor="search-page-query" className="font-semibold">
            Words to search for
          </label>
          <input
            id="search-page-query"
            name="q"
            type="search"
            className="mt-1 min-h-11 w-full rounded border-2 border-ink px-3 py-2"
          />
        </div>
        <button type="submit" className="button-link">
          Search
        </button>
      </form>
      <noscript>
        <p className="mt-4 font-semibold">
          Search needs JavaScript, which is turned off in this browser.
        </p>
      </noscript>
      <p className="mt-4 font-semibold" role="status" data-search-status />
      <ol className="mt-2 list-none p-0" data-search-results />
    </section>
  )
}
