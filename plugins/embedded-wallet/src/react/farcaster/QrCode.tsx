import { useMemo } from 'react'
import { qrPath } from './qr.js'

/** The deep link as a QR code, drawn locally as SVG (no network, no canvas, no inline styles: CSP-safe). */
export function FarcasterQr({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const { d, size: modules } = useMemo(() => qrPath(value), [value])
  const quiet = 2
  const box = modules + quiet * 2
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr-value={value}
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#ffffff" rx={2} />
      <path d={d} fill="#0f172a" transform={`translate(${quiet} ${quiet})`} />
    </svg>
  )
}
