export {
  selectNetwork,
  type UseAccountResult,
  type UseBalanceResult,
  type UseConnectionsResult,
  type UseModalResult,
  type UseNetworkResult,
  useAccount,
  useBalance,
  useConnections,
  useConnectors,
  useModal,
  useNetwork,
  usePorticoEvent,
  usePorticoState,
} from './hooks.js'
export { type UseCallsResult, useCalls } from './useCalls.js'
export { type UsePayResult, usePay } from './usePay.js'
export { shallowEqual, useStoreSelector } from './useSelector.js'
