export {
  avatarVariant,
  errorText,
  formatTokenAmount,
  formatUsd,
  groupThousands,
  isUserRejection,
  safeImageSrc,
  shortenAddress,
  shortenEmailForDisplay,
  truncateDecimals,
} from './format.js'
