// Constructable stylesheets, cached per document (a sheet belongs to the
// document whose CSSStyleSheet constructor made it). Nothing runs at import.

const cache = new WeakMap<Document, Map<string, CSSStyleSheet>>()
const documentUsers = new WeakMap<CSSStyleSheet, number>()

/** True when the document can adopt constructed stylesheets. */
export function supportsAdoptedSheets(doc: Document): boolean {
  const win = doc.defaultView as (Window & typeof globalThis) | null
  return Boolean(win && 'adoptedStyleSheets' in doc && 'replaceSync' in (win.CSSStyleSheet?.prototype ?? {}))
}

/** A new constructed sheet of `doc` holding `css` (undefined where unsupported). */
export function createSheet(doc: Document, css: string): CSSStyleSheet | undefined {
  if (!supportsAdoptedSheets(doc)) return undefined
  const win = doc.defaultView as Window & typeof globalThis
  const sheet = new win.CSSStyleSheet()
  sheet.replaceSync(css)
  return sheet
}

/** The shared, immutable sheet of `doc` for `css`. */
export function sharedSheet(doc: Document, css: string): CSSStyleSheet | undefined {
  let byCss = cache.get(doc)
  if (!byCss) {
    byCss = new Map()
    cache.set(doc, byCss)
  }
  let sheet = byCss.get(css)
  if (!sheet) {
    sheet = createSheet(doc, css)
    if (sheet) byCss.set(css, sheet)
  }
  return sheet
}

/** Adopts `css` into the document (reference counted); returns the release function. */
export function adoptDocumentCss(doc: Document, css: string): () => void {
  const sheet = sharedSheet(doc, css)
  if (!sheet) return () => {}
  const users = documentUsers.get(sheet) ?? 0
  if (users === 0 && !doc.adoptedStyleSheets.includes(sheet)) {
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  }
  documentUsers.set(sheet, users + 1)
  return () => {
    const left = (documentUsers.get(sheet) ?? 1) - 1
    documentUsers.set(sheet, left)
    if (left === 0) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
  }
}

// Stylesheets that arrive with lazy chunks (the views' rules): every modal's shadow root adopts
// them after `modalCss`, as soon as they arrive (synchronously, before the view they style renders).
let lateCss: readonly string[] = []
const lateListeners = new Set<() => void>()

/** Adds `css` to every modal's shadow root, now and for roots made later (once per text). */
export function addModalCss(css: string): void {
  if (lateCss.includes(css)) return
  lateCss = [...lateCss, css]
  for (const l of lateListeners) l()
}

/** The stylesheets added by `addModalCss`, in arrival order. */
export function addedModalCss(): readonly string[] {
  return lateCss
}

/** Calls `onAdd` whenever `addModalCss` adds a sheet; returns the unsubscribe function. */
export function subscribeModalCss(onAdd: () => void): () => void {
  lateListeners.add(onAdd)
  return () => {
    lateListeners.delete(onAdd)
  }
}
