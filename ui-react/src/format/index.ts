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
export {
  type Formatters,
  formatIntegerIn,
  formatShortDateIn,
  formatTokenAmountIn,
  formattersFor,
  formatUsdIn,
  useFormat,
} from './intl.js'
