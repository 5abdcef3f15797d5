const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Tabbable elements inside `root`, in DOM order. */
export function getTabbables(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  )
}

/** The focused element, looking through open shadow roots. */
export function getDeepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** Keeps Tab / Shift+Tab inside `container` (whose tabbables live in `root`). Returns true when it moved focus. */
export function trapTab(event: KeyboardEvent, root: ShadowRoot, container: HTMLElement): boolean {
  const items = getTabbables(container)
  if (items.length === 0) {
    event.preventDefault()
    container.focus()
    return true
  }
  const first = items[0]!
  const last = items[items.length - 1]!
  const active = root.activeElement
  const inside = active instanceof HTMLElement && container.contains(active) && active !== container
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}
