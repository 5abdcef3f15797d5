/**
 * @portico/plugin-names/react — the names views for @portico/react.
 * `namesPlugin()` registers them as lazy chunks; they are exported here too
 * for hosts that compose their own UI, with the English texts they show.
 */
export { fill, type NamesStringKey, type NamesStrings, namesStrings } from '../strings.js'
export { default as RegisterAccountNameView } from './RegisterAccountName.js'
export { default as RegisterAccountNameSuccessView } from './RegisterAccountNameSuccess.js'
export { useNames } from './shared.js'
