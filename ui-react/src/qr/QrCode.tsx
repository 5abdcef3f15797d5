import { useMemo } from 'react'
import { qrPath } from './qr.js'

export interface QrCodeProps {
  value: string
  /** Icon drawn in the centre (a wallet logo URL or data: URI). */
  icon?: string
  /** Accessible label of the image. */
  label: string
  size?: number
}

/** A QR code rendered locally as SVG (no network, no canvas, no inline styles: CSP-safe). */
export function QrCode({ value, icon, label, size = 280 }: QrCodeProps) {
  const holeRatio = icon ? 0.22 : 0
  const { d, size: modules } = useMemo(() => qrPath(value, holeRatio), [value, holeRatio])
  const quiet = 2
  const box = modules + quiet * 2
  const hole = Math.ceil(modules * holeRatio)
  const at = quiet + Math.floor((modules - hole) / 2)
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
      {icon ? <image href={icon} x={at + 0.5} y={at + 0.5} width={hole - 1} height={hole - 1} /> : null}
    </svg>
  )
}
