/**
 * @portico/plugin-names — identity names. The root holds the registration
 * only (what a host loads first); the flow is
 * `@portico/plugin-names/controller` and the views
 * `@portico/plugin-names/react`, both loaded lazily by the modal.
 */
export type {
  NameRegistrationState,
  NameStatus,
  NameSuggestion,
  NamesAccount,
  NamesController,
  NamesControllerOptions,
  NamesMessage,
  NamesMessageKey,
  NamesState,
} from './controller/index.js'
export { type NamesPluginOptions, namesPlugin } from './plugin.js'
