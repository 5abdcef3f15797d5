export {
  bytesMatchType,
  loadImage,
  loadMetadata,
  NFT_IMAGE_TYPES,
  type NftFetchOptions,
  NftUnavailableError,
  resolveUri,
  substituteId,
} from './metadata.js'
export { NFT_HISTORY_MIGRATION, NFT_MIGRATION } from './migration.js'
export { type NftItemBody, nftImagePath, registerNftRoutes } from './routes.js'
export {
  ERC721_TRANSFER_TOPIC,
  nftRows,
  nftStatements,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
} from './rows.js'
export { decodeNftCursor, encodeNftCursor, NFT_PAGE_SIZE, NftService } from './service.js'
