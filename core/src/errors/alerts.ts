/**
 * SPEC §8 alerts as data. The SPEC names them and says what each is about; the
 * short and long texts below are ours. `code` is stable: hosts and the UI match
 * on it, never on the text.
 */

export interface Alert {
  code: AlertCode
  shortMessage: string
  longMessage: string
}

export type AlertCode =
  | 'NETWORK_NOT_FOUND'
  | 'INVALID_APP_CONFIGURATION'
  | 'NETWORK_ERROR'
  | 'EMBEDDED_WALLET_REQUEST_TIMED_OUT'
  | 'SESSION_EXPIRED'
  | 'INVALID_PROJECT_ID'
  | 'PROJECT_ID_NOT_CONFIGURED'
  | 'SERVER_ERROR'
  | 'RATE_LIMITED'

/**
 * Every SPEC §8 alert, keyed by its code.
 *
 * @example
 * portico.on('ALERT', ({ code }) => toast(ALERTS[code].shortMessage))
 */
export const ALERTS: { readonly [C in AlertCode]: Readonly<Alert & { code: C }> } = {
  NETWORK_NOT_FOUND: {
    code: 'NETWORK_NOT_FOUND',
    shortMessage: 'Network Not Found',
    longMessage:
      'The requested network is not configured. Add it to the networks array passed to createPortico.',
  },
  INVALID_APP_CONFIGURATION: {
    code: 'INVALID_APP_CONFIGURATION',
    shortMessage: 'Invalid App Configuration',
    longMessage:
      "This site's origin is not on the project's allowlist, or its domain is not verified. Add the origin in the project settings.",
  },
  NETWORK_ERROR: {
    code: 'NETWORK_ERROR',
    shortMessage: 'Network Error',
    longMessage: 'The embedded wallet could not be loaded. Check your connection and try again.',
  },
  EMBEDDED_WALLET_REQUEST_TIMED_OUT: {
    code: 'EMBEDDED_WALLET_REQUEST_TIMED_OUT',
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The embedded wallet did not answer in time. Please try again.',
  },
  SESSION_EXPIRED: {
    code: 'SESSION_EXPIRED',
    shortMessage: 'Session Expired',
    longMessage:
      "Your session is invalid or has expired. Check your device's date and time settings, then try again.",
  },
  INVALID_PROJECT_ID: {
    code: 'INVALID_PROJECT_ID',
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project ID was rejected by the server. Check the projectId passed to createPortico.',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    code: 'PROJECT_ID_NOT_CONFIGURED',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'No project ID is set. Pass a projectId to createPortico.',
  },
  SERVER_ERROR: {
    code: 'SERVER_ERROR',
    shortMessage: 'Server Error',
    longMessage: 'The app configuration could not be loaded from the server. Please try again later.',
  },
  RATE_LIMITED: {
    code: 'RATE_LIMITED',
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests were made in a short time. Please wait a moment and try again.',
  },
}

/** The three provider messages of SPEC §8 and the alert each gives. Exact, whole-message matches. */
const PROVIDER_MESSAGE_ALERTS: ReadonlyMap<string, AlertCode> = /* @__PURE__ */ new Map([
  ['Unauthorized: origin not allowed', 'INVALID_APP_CONFIGURATION'],
  ['JWT validation error: JWT Token is not yet valid', 'SESSION_EXPIRED'],
  ['Unauthorized: invalid key', 'INVALID_PROJECT_ID'],
])

/**
 * Maps a provider (gateway / relay) error message to its SPEC §8 alert:
 * "Unauthorized: origin not allowed" → Invalid App Configuration, "JWT
 * validation error: JWT Token is not yet valid" → Session Expired,
 * "Unauthorized: invalid key" → Invalid Project ID. Anything else → undefined.
 * These messages are the provider's wire contract (it sends no code for them),
 * so they are compared whole, not by substring.
 *
 * @example
 * const alert = alertForProviderError(body.message)
 * if (alert) showAlert(alert)
 */
export function alertForProviderError(message: unknown): Alert | undefined {
  if (typeof message !== 'string') return undefined
  const code = PROVIDER_MESSAGE_ALERTS.get(message.trim())
  return code ? ALERTS[code] : undefined
}
