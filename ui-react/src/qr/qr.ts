import { encode } from 'uqr'

/**
 * SVG path data of a QR code: one `M x y h1 v1 h-1 z` square per dark module,
 * in module units (the caller scales with `viewBox`). Modules under a centred
 * `holeRatio` square are left out so a logo fits; ECC level Q restores them.
 *
 * @example
 * const { d, size } = qrPath('wc:…', 0.24)
 * <svg viewBox={`0 0 ${size} ${size}`}><path d={d} /></svg>
 */
export function qrPath(text: string, holeRatio = 0): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: holeRatio > 0 ? 'Q' : 'M', border: 0 })
  const hole = Math.ceil(size * holeRatio)
  const start = Math.floor((size - hole) / 2)
  const inHole = (x: number, y: number) =>
    hole > 0 && x >= start && x < start + hole && y >= start && y < start + hole
  let d = ''
  for (let y = 0; y < size; y++) {
    const row = data[y]!
    for (let x = 0; x < size; x++) if (row[x] && !inHole(x, y)) d += `M${x} ${y}h1v1h-1z`
  }
  return { d, size }
}
