/** Lays out the two buttons of `button: 'both'` side by side, aligned, with a gap. */
export const groupCss =
  '.portico-html-group { display: inline-flex; align-items: center; gap: 8px; flex-wrap: wrap; }'

const adopted = new WeakMap<Document, CSSStyleSheet>()

/**
 * Adds the group sheet to the document once, as a constructable stylesheet: no
 * `<style>` element and no style attribute, so a strict `style-src 'self'` CSP holds.
 * Returns false (and the buttons simply sit inline) where constructable sheets are missing.
 */
export function adoptGroupCss(doc: Document): boolean {
  if (adopted.has(doc)) return true
  const Sheet = doc.defaultView?.CSSStyleSheet
  if (!Sheet || !('adoptedStyleSheets' in doc)) return false
  const sheet = new Sheet()
  sheet.replaceSync(groupCss)
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  adopted.set(doc, sheet)
  return true
}
