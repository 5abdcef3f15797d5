import {
  MethodNotSupportedError,
  PorticoError,
  toPorticoError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@portico/core'

/**
 * The relay did not let a pairing start in time (no pairing URI after
 * `relayTimeoutMs`): it is unreachable or not answering. "Try again" starts a
 * fresh attempt.
 *
 * @example
 * if (error instanceof WalletConnectRelayTimeoutError) showRetry()
 */
export class WalletConnectRelayTimeoutError extends PorticoError {
  override name = 'WalletConnectRelayTimeoutError'
  constructor(options: { timeoutMs: number; relayUrl?: string }) {
    super('Could not reach the WalletConnect relay', {
      code: 'WALLETCONNECT_RELAY_TIMEOUT',
      details: `No pairing URI after ${options.timeoutMs} ms${options.relayUrl ? ` from ${options.relayUrl}` : ''}`,
    })
  }
}

/**
 * SPEC §8 "Project ID Not Configured": WalletConnect through a relay that is
 * not on loopback needs a project id, and none was given (plugin option or
 * `createPortico({ projectId })`).
 *
 * @example
 * walletConnectPlugin({ relayUrl: 'wss://relay.example.com' }) // connect → ProjectIdNotConfiguredError
 */
export class ProjectIdNotConfiguredError extends PorticoError {
  override name = 'ProjectIdNotConfiguredError'
  constructor() {
    super('Project ID Not Configured', {
      code: 'PROJECT_ID_NOT_CONFIGURED',
      details: 'No project ID is set. Pass a projectId to createPortico.',
    })
  }
}

/**
 * Converts the error of a rejected proposal at the boundary, by code: the
 * user's "no" (5000, 4001) is a `UserRejectedRequestError`; a refused chain
 * (5001, 5100) an `UnsupportedChainError`; refused methods or events (5002,
 * 5003, 5101) a `MethodNotSupportedError` — those are not the user
 * declining the connection.
 *
 * @example
 * toWalletConnectError({ code: 5001, message: 'User rejected chains.' }) // UnsupportedChainError
 */
export function toWalletConnectError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const code = (error as { code?: unknown } | null)?.code
  switch (code) {
    case 4001:
    case 5000:
      return new UserRejectedRequestError({ cause: error })
    case 5001:
    case 5100:
      return new UnsupportedChainError({ cause: error })
    case 5002:
    case 5003:
    case 5101:
      return new MethodNotSupportedError({ cause: error })
    default:
      return toPorticoError(error)
  }
}
