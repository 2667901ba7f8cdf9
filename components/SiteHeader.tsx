import type { Site } from '#lib/content/schemas.ts'
import type { NavItem, NavLink } from '#lib/navigation.ts'

type SiteHeaderProps = {
  site: Site
  navigation: NavItem[]
  currentRoute: string | null
  searchHref?: string
}

/** The header and main navigation: native <details> menus, so links work without JavaScript. */
export function SiteHeader({ site, navigation, currentRoute, searchHref }: SiteHeaderProps) {
  return (
    <header className="site-header border-b-4 border-brand bg-ink text-white">
      <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <a href="/" className="flex items-center gap-3 text-white no-underline visited:text-white">
          <svg
            aria-hidden="true"
            focusable="false"
            width="40"
            height="46"
            viewBox="0 0 40 46"
            className="shrink-0"
          >
            <path
              d="M20 1 L38 8 V22 C38 34 30 41 20 45 C10 41 2 34 2 22 V8 Z"
              className="fill-brand stroke-white"
              strokeWidth="2"
            />
            <path
              d="M20 11 C24 17 27 20 27 26 A7 7 0 0 1 13 26 C13 22 15 20 17 17 C17 21 19 22 20 22 C20 18 19 15 20 11 Z"
              className="fill-focus"
            />
          </svg>
          <span className="leading-tight">
            <span className="block text-lg font-bold sm:text-xl">{site.name}</span>
            <span className="block text-sm">{site.organization}</span>
          </span>
        </a>
        <details
          className="site-menu w-full lg:flex lg:w-auto lg:flex-col lg:items-end lg:gap-2"
          data-menu="site"
        >
          <summary className="ml-auto flex min-h-11 w-fit items-center gap-2 rounded border-2 border-white px-3 py-1 font-semibold">
            <svg
              aria-hidden="true"
              focusable="false"
              width="20"
              height="16"
              viewBox="0 0 20 16"
              className="fill-current"
            >
              <rect y="0" width="20" height="2.5" />
              <rect y="6.75" width="20" height="2.5" />
              <rect y="13.5" width="20" height="2.5" />
            </svg>
            {' Menu'}
          </summary>
          <nav aria-label="Main" className="mt-2 lg:mt-0">
            <ul className="flex flex-col gap-1 lg:flex-row lg:items-center lg:gap-2">
              {navigation.map((item) => (
                <li key={item.label}>
                  {'items' in item ? (
                    <Dropdown label={item.label} items={item.items} currentRoute={currentRoute} />
                  ) : (
                    <a
                      href={item.href}
                      className={topItemClass}
                      aria-current={item.route === currentRoute ? 'page' : undefined}
                    >
                      {item.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {searchHref ? (
            <form
              action={searchHref}
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
          ) : null}
        </details>
      </div>
    </header>
  )
}

const topItemClass =
  'flex min-h-11 items-center gap-1 rounded px-3 py-2 text-white no-underline visited:text-white hover:underline'

type DropdownProps = { label: string; items: NavLink[]; currentRoute: string | null }

function Dropdown({ label, items, currentRoute }: DropdownProps) {
  const containsCurrent = items.some((item) => item.route === currentRoute)
  return (
    <details className="nav-dropdown" name="main-nav" data-menu="dropdown">
      <summary
        className={`${topItemClass} ${containsCurrent ? 'font-bold underline decoration-2' : ''}`}
      >
        {label}
        {containsCurrent ? <span className="sr-only"> (contains the current page)</span> : null}
        <span className="chevron" aria-hidden="true">
          ▾
        </span>
      </summary>
      <div className="nav-panel">
        <ul className="py-1 lg:text-ink">
          {items.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={item.route === currentRoute ? 'page' : undefined}
                className="block min-h-11 px-4 py-2 text-white no-underline visited:text-white hover:underline lg:text-ink lg:visited:text-ink"
              >
                {item.label}
                {item.externalCue ? (
                  <span className="font-normal"> ({item.externalCue})</span>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  )
}
