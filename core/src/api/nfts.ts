import type { NftItem, NftMetadata, NftsResponse } from '../contracts/api.js'
import type { CaipNetworkId } from '../contracts/network.js'
import { GatewayResponseInvalidError } from '../errors/catalogue.js'

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const CONTRACT = /^0x[0-9a-fA-F]{40}$/
const DECIMAL = /^(0|[1-9][0-9]{0,77})$/

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

function fail(field: string): never {
  throw new GatewayResponseInvalidError({ details: `nfts: ${field}` })
}

function text(v: unknown, field: string): string | null {
  if (v === null || v === undefined) return null
  if (typeof v !== 'string') fail(field)
  return v
}

/**
 * An image link is kept only when it points at the gateway's own image route
 * on the gateway's origin: a gateway bug (or a proxy in between) must not make
 * the modal load a URL a token owner chose.
 */
function imageLink(v: unknown, gatewayOrigin: string, field: string): string | null {
  const link = text(v, field)
  if (link === null) return null
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return fail(field)
  }
  if (url.origin !== gatewayOrigin || !url.pathname.startsWith('/v1/nft-image/')) fail(field)
  return url.href
}

function metadataOf(v: unknown, gatewayOrigin: string, at: string): NftMetadata {
  if (!isObj(v)) fail(`${at}.metadata`)
  if (v.status === 'unavailable') {
    if (typeof v.reason !== 'string') fail(`${at}.metadata.reason`)
    return { status: 'unavailable', reason: v.reason }
  }
  if (v.status !== 'ok') fail(`${at}.metadata.status`)
  return {
    status: 'ok',
    name: text(v.name, `${at}.metadata.name`),
    description: text(v.description, `${at}.metadata.description`),
    image: imageLink(v.image, gatewayOrigin, `${at}.metadata.image`),
  }
}

function itemOf(v: unknown, gatewayOrigin: string, at: string): NftItem {
  if (!isObj(v)) fail(at)
  const { chainId, contract, standard, tokenId, amount, collection, flags } = v
  if (typeof chainId !== 'string' || !CAIP2.test(chainId)) fail(`${at}.chainId`)
  if (typeof contract !== 'string' || !CONTRACT.test(contract)) fail(`${at}.contract`)
  if (standard !== 'erc721' && standard !== 'erc1155') fail(`${at}.standard`)
  if (typeof tokenId !== 'string' || !DECIMAL.test(tokenId)) fail(`${at}.tokenId`)
  if (typeof amount !== 'string' || !DECIMAL.test(amount) || amount === '0') fail(`${at}.amount`)
  if (!isObj(collection)) fail(`${at}.collection`)
  if (flags !== undefined && !isObj(flags)) fail(`${at}.flags`)
  return {
    chainId: chainId as CaipNetworkId,
    contract,
    standard,
    tokenId,
    amount,
    collection: {
      name: text(collection.name, `${at}.collection.name`),
      symbol: text(collection.symbol, `${at}.collection.symbol`),
    },
    metadata: metadataOf(v.metadata, gatewayOrigin, at),
    flags: { is_spam: flags?.is_spam === true },
  }
}

/**
 * Checks a `GET /v1/account/{address}/nfts` answer field by field and returns
 * a fresh, typed copy; anything off throws `GatewayResponseInvalidError`
 * naming the field (the whole page is refused rather than half shown).
 */
export function parseNftsResponse(body: unknown, gatewayOrigin: string): NftsResponse {
  if (!isObj(body) || !Array.isArray(body.data)) fail('data')
  const next = body.next
  if (next !== null && next !== undefined && (typeof next !== 'string' || next === '')) fail('next')
  return {
    data: body.data.map((item, i) => itemOf(item, gatewayOrigin, `data[${i}]`)),
    next: typeof next === 'string' ? next : null,
  }
}
