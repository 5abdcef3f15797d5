import { lazy, Suspense } from 'react'
import type { QrCodeProps } from './QrCode.js'

// The QR encoder (uqr, ~10 KiB minified) is needed by Receive, WalletConnect and Farcaster
// only: it loads with the first QR code drawn, never with the button (issue 31).
const Drawn = lazy(() => import('./QrCode.js').then((m) => ({ default: m.QrCode })))

/**
 * A QR code rendered locally as SVG (no network, no canvas, no inline styles:
 * CSP-safe). The encoder loads on first use; until then an empty image of the
 * same size and label holds the place, marked `aria-busy`. The eager
 * component and `qrPath` are in `@portico/react/qr`.
 *
 * @example
 * <QrCode value={uri} label="Scan with your wallet" size={240} />
 */
export function QrCode(props: QrCodeProps) {
  const size = props.size ?? 280
  return (
    <Suspense
      fallback={<svg role="img" aria-label={props.label} aria-busy="true" width={size} height={size} />}
    >
      <Drawn {...props} />
    </Suspense>
  )
}
