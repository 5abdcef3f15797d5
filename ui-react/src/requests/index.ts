export {
  getRequestStore,
  type HostRequest,
  HostRequestError,
  runHostRequest,
  useHostRequest,
  useSendTransaction,
  useSignMessage,
} from './requests.js'
