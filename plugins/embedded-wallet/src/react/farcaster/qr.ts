import { encode } from 'uqr'

/**
 * SVG path data of a QR code (ECC level M, no border): one `M x y h1 v1 h-1 z`
 * square per dark module, in module units; the caller scales with `viewBox`.
 * The same encoder (uqr) the WalletConnect plugin draws its pairing code with.
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
