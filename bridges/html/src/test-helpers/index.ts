// The tests' Portico is @portico/react's test instance: a real `createPortico`
// with core's scripted wallet adapter (no fake core). The page is happy-dom, and
// no React `act()` is used: the tests wait the way a page does.
export {
  ADDRESS,
  createTestPortico,
  localNet,
} from '../../../../ui-react/src/test-helpers/portico.js'

/** Polls until `fn` returns a truthy value (throws what it last threw, or a timeout). */
export async function waitFor<T>(fn: () => T, timeout = 3000): Promise<NonNullable<T>> {
  const end = Date.now() + timeout
  let last: unknown
  for (;;) {
    try {
      const value = fn()
      if (value) return value as NonNullable<T>
    } catch (error) {
      last = error
    }
    if (Date.now() > end) throw last ?? new Error(`waitFor timed out: ${fn.toString()}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Every floating modal host on the page (one per instance with something mounted). */
export function modalHosts(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-portico-modal]'))
}

/** The text of an element, spaces collapsed. */
export function text(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
}
