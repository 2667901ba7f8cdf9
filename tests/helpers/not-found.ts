/**
 * The links of the not-found page's own text, in order. An alert shown
 * above it sits in the same `main`, in the same kind of text block, and may
 * carry links of its own (a page, an outside link, the phone token): those
 * are the alert's.
 */
export function notFoundLinks(document: Document): (string | null)[] {
  return [...document.querySelectorAll('main a')]
    .filter((a) => !a.closest('[data-alert]'))
    .map((a) => a.getAttribute('href'))
}
