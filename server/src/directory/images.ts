/**
 * Monogram images (SVG) for wallets, networks, connectors, tokens and
 * currencies: the initials of the label on a colour derived from the id.
 * They are generated here so the gateway serves every image locally.
 */
export function monogramSvg(id: string, label: string, color?: string): string {
  const initials =
    label
      .split(/[\s_-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  const fill = color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : colorFor(id)
  const text = contrast(fill)
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">' +
    `<title>${escapeXml(label)}</title>` +
    `<rect width="96" height="96" rx="24" fill="${fill}"/>` +
    `<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" font-weight="700" fill="${text}">${escapeXml(initials)}</text>` +
    '</svg>'
  )
}

function colorFor(id: string): string {
  let h = 2166136261
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  const hue = (h >>> 0) % 360
  return hslToHex(hue, 55, 45)
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    const c = l / 100 - a * Math.max(Math.min(k - 3, 9 - k, 1), -1)
    return Math.round(255 * c)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`
}

function contrast(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)
  return lum > 160 ? '#111111' : '#ffffff'
}

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  )
}
