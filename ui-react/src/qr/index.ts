/**
 * @portico/react/qr — the QR code drawn at once (`QrCode`, encoder included)
 * and its SVG path data (`qrPath`). The root entry's `QrCode` loads this on
 * first use, so a page that never draws a QR code never downloads the encoder.
 */
export { QrCode, type QrCodeProps } from './QrCode.js'
export { qrPath } from './qr.js'
