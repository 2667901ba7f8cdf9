// What native <details> menus lack: closing on Escape (focus goes back to the
// toggle), on a click outside, on tabbing out, and after an item is chosen.

type Menu = HTMLDetailsElement & { dataset: { menu: 'site' | 'dropdown' } }

const toggleOf = (menu: Menu) => menu.querySelector<HTMLElement>(':scope > summary')

/** A menu whose toggle is hidden (the site menu on wide screens) is always shown. */
const isCollapsible = (menu: Menu) => (toggleOf(menu)?.getClientRects().length ?? 0) > 0

export function initMenus(root: Document = document) {
  const menus = [...root.querySelectorAll<Menu>('details[data-menu]')]
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const open = menus.filter((menu) => menu.open && isCollapsible(menu))
    // The innermost open menu goes first: a dropdown inside the site menu.
    const target = open.find((m) => m.dataset.menu === 'dropdown') ?? open[0]
    if (!target) return
    event.preventDefault()
    target.open = false
    toggleOf(target)?.focus()
  })

  root.addEventListener('click', (event) => {
    const clicked = event.target as Element
    for (const menu of menus) {
      // A click outside the menu, or on one of its links.
      const leaves = !menu.contains(clicked) || clicked.closest('a') !== null
      if (menu.open && isCollapsible(menu) && leaves) menu.open = false
    }
  })

  for (const menu of menus.filter((m) => m.dataset.menu === 'dropdown'))
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null
      if (menu.open && next !== null && !menu.contains(next)) menu.open = false
    })
}
