export {
  getRequestStore,
  type HostRequest,
  HostRequestError,
  runHostRequest,
  TransactionOutcomeError,
  useHostRequest,
  useSendTransaction,
  useSignMessage,
} from './requests.js'
