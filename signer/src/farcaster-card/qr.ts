import { encode } from 'uqr'

const SVG = 'http://www.w3.org/2000/svg'

/**
 * SVG path data of a QR code: one `M x y h1 v1 h-1 z` square per dark module,
 * in module units (the caller scales with `viewBox`). ECC level M, no border
 * (the caller draws the quiet zone).
 */
export function qrPath(text: string): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 })
  let d = ''
  for (let y = 0; y < size; y++) {
    const row = data[y]!
    for (let x = 0; x < size; x++) if (row[x]) d += `M${x} ${y}h1v1h-1z`
  }
  return { d, size }
}

/**
 * The QR code as an inline `<svg>` built with DOM calls (the frame's CSP has
 * no `img-src` and no inline style: an SVG element with presentation
 * attributes needs neither). Dark modules on white whatever the colour scheme,
 * with a quiet zone of 2 modules, so a phone's camera reads it.
 */
export function qrSvg(doc: Document, text: string, label: string, px: number): SVGSVGElement {
  const { d, size } = qrPath(text)
  const quiet = 2
  const box = size + quiet * 2
  const svg = doc.createElementNS(SVG, 'svg')
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', label)
  // What it encodes, for tests in the browser (the frame's document is out of the page's reach).
  svg.dataset.qrValue = text
  svg.setAttribute('width', String(px))
  svg.setAttribute('height', String(px))
  svg.setAttribute('viewBox', `0 0 ${box} ${box}`)
  svg.setAttribute('shape-rendering', 'crispEdges')
  const back = doc.createElementNS(SVG, 'rect')
  back.setAttribute('width', String(box))
  back.setAttribute('height', String(box))
  back.setAttribute('fill', '#ffffff')
  back.setAttribute('rx', '2')
  const modules = doc.createElementNS(SVG, 'path')
  modules.setAttribute('d', d)
  modules.setAttribute('fill', '#0f172a')
  modules.setAttribute('transform', `translate(${quiet} ${quiet})`)
  svg.append(back, modules)
  return svg
}
