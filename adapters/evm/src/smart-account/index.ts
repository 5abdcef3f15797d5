export {
  ENTRY_POINT_V07,
  type EvmSmartAccountOptions,
  SponsorshipRefusedError,
  UserOperationRejectedError,
} from './options.js'
export { relayOwnerEvents } from './owner-events.js'
export { createSmartAccounts, type SmartAccounts } from './smart-accounts.js'
