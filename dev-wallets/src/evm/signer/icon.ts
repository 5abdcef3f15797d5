/** The dev wallet's icon: a small portico (pediment on four columns), drawn as SVG. */
const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="20" fill="#1f2a44"/>',
  '<path d="M14 38 L48 16 L82 38 Z" fill="#f5c542"/>',
  '<rect x="18" y="40" width="60" height="6" fill="#f5c542"/>',
  '<g fill="#e8ecf5"><rect x="22" y="50" width="8" height="26"/><rect x="37" y="50" width="8" height="26"/>',
  '<rect x="51" y="50" width="8" height="26"/><rect x="66" y="50" width="8" height="26"/></g>',
  '<rect x="16" y="78" width="64" height="6" fill="#f5c542"/>',
  '</svg>',
].join('')

/** `data:image/svg+xml;base64,…` (the only icon form EIP-6963 allows). */
export const DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(SVG)}`
