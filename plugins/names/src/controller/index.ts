/**
 * @portico/plugin-names/controller — the names flow of an instance
 * (`getNamesController(portico)`): SPEC §5 name check, availability and
 * suggestions from the gateway (debounced, abortable), and the signed
 * registration. The views use it; hosts may too, for their own UI.
 */
export {
  type NameRegistrationState,
  type NameStatus,
  type NameSuggestion,
  type NamesAccount,
  NamesController,
  type NamesControllerOptions,
  type NamesState,
} from './controller.js'
export type { NamesMessage, NamesMessageKey } from './messages.js'
export { getNamesController } from './registry.js'
export {
  canonicalJson,
  NAMES_DOMAIN,
  REGISTRATION_TYPES,
  type RegistrationFields,
  registrationTypedData,
} from './typed-data.js'
export { checkName, MAX_LABEL_LENGTH, type NameCheck } from './validation.js'
