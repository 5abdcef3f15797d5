/**
 * NFT holdings over HTTP (Portico gateway extension, `GET /v1/account/{address}/nfts`).
 * Part of the contract in `api.ts`.
 */
import type { CaipNetworkId } from './network.js'

/** NFT metadata as the gateway read it: the token's own fields, or why it could not be read (never a guess). */
export type NftMetadata =
  | {
      status: 'ok'
      name: string | null
      description: string | null
      /** The gateway's own `/v1/nft-image/…` link (never the token owner's URL), or null when the token has none. */
      image: string | null
    }
  | { status: 'unavailable'; reason: string }

/** One NFT holding (Portico gateway extension, `GET /v1/account/{address}/nfts`). */
export interface NftItem {
  chainId: CaipNetworkId
  contract: string
  standard: 'erc721' | 'erc1155'
  /** Decimal text. */
  tokenId: string
  /** Items held, decimal text (always `1` for ERC-721). */
  amount: string
  collection: { name: string | null; symbol: string | null }
  metadata: NftMetadata
  flags: { is_spam: boolean }
}

/** GET /v1/account/{address}/nfts?chainId&cursor&limit&spam */
export interface NftsResponse {
  data: NftItem[]
  next: string | null
}
