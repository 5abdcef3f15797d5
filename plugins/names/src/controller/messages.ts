/** The keys of the messages the controller hands to a UI; `@portico/plugin-names/react`'s `namesStrings` holds their texts. */
export type NamesMessageKey =
  | 'invalidName'
  | 'tooLong'
  | 'checkFailed'
  | 'unsupportedNetwork'
  | 'noGateway'
  | 'connectFirst'
  | 'registrationFailed'
  | 'registrationRefused'

/**
 * A message of the names flow as data, never as an English sentence: the view
 * translates `key` in the visitor's locale and fills `{name}`-style `fields`
 * A host with its own UI maps the keys to its own texts,
 * or reads the English from `namesStrings.en`.
 *
 * @example
 * { key: 'checkFailed', fields: { name: 'ada-1.portico.id', reason: 'HTTP status code: 502' } }
 */
export interface NamesMessage {
  key: NamesMessageKey
  fields?: { readonly [field: string]: string }
}
