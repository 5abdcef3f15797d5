import { NAMES_ACTION_LABEL } from './plugin.js'

/**
 * Every text the names views show, in English, in one object: the views
 * read them from here (never inline), so they can move into the
 * `@portico/react` locale catalogue as they are. `{name}`-style fields are
 * filled by `fill()`.
 */
export const namesStrings = {
  actionLabel: NAMES_ACTION_LABEL,
  registerTitle: 'Choose a name',
  successTitle: 'Name registered',
  searchLabel: 'Name',
  searchPlaceholder: 'Search for a name',
  searchHelp: 'At least 4 letters, digits or hyphens',
  /** SPEC §5: registration needs at least 4 characters of letters, digits or hyphens. */
  invalidName: 'A name needs at least 4 characters of letters, digits or hyphens',
  tooLong: 'A name has at most 63 characters',
  checking: 'Checking {name}…',
  available: '{name} is available',
  taken: '{name} is taken',
  yours: '{name} is already yours',
  checkFailed: 'Could not check {name}: {reason}',
  tryAgain: 'Try again',
  suggestionsLabel: 'Suggestions',
  suggestionsLoading: 'Loading suggestions…',
  suggestionsEmpty: 'No other free names like this one',
  suggestionsFailed: 'Suggestions could not be loaded: {reason}',
  register: 'Register {name}',
  signing: 'Confirm in your wallet…',
  submitting: 'Registering…',
  /** SPEC §8: a failed registration answers success false; said so, not hidden. */
  registrationRefused:
    'The gateway did not register {name} (success false). Try again or choose another name.',
  registrationFailed: 'Registration failed: {reason}',
  /** SPEC §8 'Unsupported chain': names calls are skipped on a network the gateway does not support. */
  unsupportedNetwork: 'Unsupported chain: names are not available on this network.',
  noGateway: 'Names need a Portico gateway (set apiUrl).',
  connectFirst: 'Connect an EVM wallet to choose a name.',
  registeredTag: 'Registered',
  successText: '{name} now points to your address.',
  done: 'Done',
  copyName: 'Copy name',
  copied: 'Copied',
  copyFailed: 'Copy failed',
} as const

export type NamesStrings = typeof namesStrings
export type NamesStringKey = keyof NamesStrings

/** `fill('Checking {name}…', { name: 'ada.portico.id' })` → `Checking ada.portico.id…` */
export function fill(text: string, fields: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole)
}
