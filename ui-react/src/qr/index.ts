export { QrCode, type QrCodeProps } from './QrCode.js'
export { qrPath } from './qr.js'
