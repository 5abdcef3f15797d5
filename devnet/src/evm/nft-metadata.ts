/**
 * On-chain metadata of the devnet NFTs: JSON and SVG images as `data:` URIs,
 * so the NFTs tab shows real images without any host (tests and the demo make
 * no outbound requests).
 */

const svg = (fill: string, accent: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><rect width="120" height="120" fill="${fill}"/><circle cx="60" cy="52" r="30" fill="${accent}"/><text x="60" y="106" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#ffffff">${label}</text></svg>`

/** A `data:image/svg+xml;base64,…` image. */
export const svgDataUri = (fill: string, accent: string, label: string) =>
  `data:image/svg+xml;base64,${Buffer.from(svg(fill, accent, label)).toString('base64')}`

/** `data:application/json,…` of a metadata object (percent-encoded, as URIs must be). */
export const jsonDataUri = (meta: Record<string, unknown>) =>
  `data:application/json,${encodeURIComponent(JSON.stringify(meta))}`

/**
 * The ERC-721 `tokenURI` is `prefix + id + suffix`: a percent-encoded JSON
 * document whose name ends with the token id (`Portico Pass #3`).
 */
export function collectibleUriParts(): { prefix: string; suffix: string } {
  const image = svgDataUri('#1d3557', '#e9c46a', 'PASS')
  const head = '{"name":"Portico Pass #'
  const tail = `","description":"A devnet pass of the Portico demo. Metadata and image live on chain.","image":"${image}"}`
  return {
    prefix: `data:application/json,${encodeURIComponent(head)}`,
    suffix: encodeURIComponent(tail),
  }
}

/** The ERC-1155 items: id k+1 is `MULTI_TOKEN_ITEMS[k]`, each holder gets `amount`. */
export const MULTI_TOKEN_ITEMS = [
  { name: 'Ruby Badge', amount: 5n, fill: '#6a040f', accent: '#e63946', label: 'RUBY' },
  { name: 'Sapphire Badge', amount: 3n, fill: '#03045e', accent: '#48cae4', label: 'SAPPHIRE' },
] as const

/** The on-chain `uri(id)` values of the ERC-1155 items. */
export function multiTokenUris(): string[] {
  return MULTI_TOKEN_ITEMS.map((item) =>
    jsonDataUri({
      name: item.name,
      description: `A devnet ${item.name.toLowerCase()} (ERC-1155). Metadata and image live on chain.`,
      image: svgDataUri(item.fill, item.accent, item.label),
    }),
  )
}
