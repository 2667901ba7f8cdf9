// What native <details> menus lack: closing on Escape (focus goes back to the
// toggle), on a click outside, on tabbing out, and after an item is chosen.

type Menu = HTMLDetailsElement & { dataset: { menu: 'site' | 'dropdown' } }

const toggleOf = (menu: Menu) => menu.querySelector<HTMLElement>(':scope > summary')

/** A menu whose toggle is hidden (the site menu on wide screens) is always shown. */
function isCollapsible(menu: Menu): boolean {
  const toggle = toggleOf(menu)
  return toggle !== null && toggle.getClientRects().length > 0
}

function close(menu: Menu, returnFocus: boolean) {
  menu.open = false
  if (returnFocus) toggleOf(menu)?.focus()
}

export function initMenus(root: Document = document) {
  const menus = [...root.querySelectorAll<Menu>('details[data-menu]')]
  if (menus.length === 0) return

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const open = menus.filter((menu) => menu.open && isCollapsible(menu))
    // The innermost open menu goes first: a dropdown inside the site menu.
    const target = open.find((m) => m.dataset.menu === 'dropdown') ?? open[0]
    if (!target) return
    event.preventDefault()
    close(target, true)
  })

  root.addEventListener('click', (event) => {
    const clicked = event.target as Element
    for (const menu of menus) {
      if (!menu.open || !isCollapsible(menu)) continue
      const outside = !menu.contains(clicked)
      const choseItem = clicked.closest('a') !== null && menu.contains(clicked)
      if (outside || choseItem) close(menu, false)
    }
  })

  for (const menu of menus.filter((m) => m.dataset.menu === 'dropdown')) {
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null
      if (menu.open && next !== null && !menu.contains(next)) close(menu, false)
    })
  }
}
