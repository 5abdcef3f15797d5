export {
  type AccountType,
  AccountTypeUnavailableError,
  accountTypeFields,
  pickAccount,
} from './account-type.js'
