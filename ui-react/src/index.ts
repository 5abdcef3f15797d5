/**
 * @portico/react — the React UI of Portico: `PorticoProvider`, `ConnectButton`,
 * `NetworkButton`, `PorticoModal` and hooks over the core's state. Importing it
 * has no side effects; views other than Connect load lazily.
 */
export { ConnectButton, type ConnectButtonProps, NetworkButton } from './buttons/index.js'
export {
  PorticoProvider,
  PorticoProviderNotFoundError,
  type PorticoProviderProps,
  usePortico,
} from './context/index.js'
export { type Formatters, useFormat } from './format/index.js'
export {
  type UseAccountResult,
  type UseBalanceResult,
  type UseCallsResult,
  type UseConnectionsResult,
  type UseModalResult,
  type UseNetworkResult,
  type UsePayResult,
  useAccount,
  useBalance,
  useCalls,
  useConnections,
  useConnectors,
  useModal,
  useNetwork,
  usePay,
  usePorticoEvent,
  usePorticoState,
} from './hooks/index.js'
export {
  type Catalogue,
  type CatalogueProblem,
  checkCatalogue,
  defineCatalogue,
  en,
  type LocaleInfo,
  type LocaleMessages,
  type LocaleSource,
  type LocaleStrings,
  loadCatalogueLocales,
  type Messages,
  PorticoLocale,
  type PorticoStringKey,
  type PorticoStrings,
  preloadLocale,
  supportedLocales,
  type TranslateOf,
  useCatalogue,
  useLocale,
  useStrings,
} from './i18n/index.js'
export {
  PorticoModal,
  type PorticoModalProps,
  type ThemeVariables,
  themeVariableDefaults,
  useViewTitle,
} from './modal/index.js'
export { QrCode } from './qr/lazy.js'
export type { QrCodeProps } from './qr/QrCode.js'
export {
  type HostRequest,
  HostRequestError,
  TransactionOutcomeError,
  useHostRequest,
  useSendTransaction,
  useSignMessage,
} from './requests/index.js'
export { TransactionOutcomeNotice, type TransactionOutcomeNoticeProps } from './views/outcome/index.js'
