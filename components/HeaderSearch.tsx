type HeaderSearchProps = {
  /** The address of the search page (the page with the `@search` line). */
  action: string
}

/** The search field in the header: a plain form that opens the search page. */
export function HeaderSearch({ action }: HeaderSearchProps) {
  return (
    <form
      action={action}
      method="get"
      role="search"
      aria-label="Site search"
      className="mt-3 flex gap-2 lg:mt-0"
    >
      <label htmlFor="site-search" className="sr-only">
        Search this site
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        className="min-h-11 w-full min-w-0 rounded border-2 border-white bg-white px-3 py-1 text-ink lg:w-40"
      />
      <button
        type="submit"
        className="min-h-11 rounded border-2 border-white px-3 py-1 font-semibold text-white"
      >
        Search
      </button>
    </form>
  )
}
