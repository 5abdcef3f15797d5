/**
 * @portico/plugin-names/react — the names views for @portico/react.
 * `namesPlugin()` registers them as lazy chunks; they are exported here too
 * for hosts that compose their own UI, with their locale catalogue
 * (`namesStrings`, which also holds the texts of the controller's message keys).
 */
export { default as RegisterAccountNameView } from './RegisterAccountName.js'
export { default as RegisterAccountNameSuccessView } from './RegisterAccountNameSuccess.js'
export { useNames } from './shared.js'
export { type NamesStringKey, type NamesStrings, namesStrings } from './strings.js'
