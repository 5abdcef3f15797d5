export {
  avatarVariant,
  errorText,
  formatNativeAmount,
  formatTokenAmount,
  formatUsd,
  groupThousands,
  isUserRejection,
  safeImageSrc,
  shortenAddress,
  shortenEmailForDisplay,
  toBaseUnits,
  truncateDecimals,
} from './format.js'
