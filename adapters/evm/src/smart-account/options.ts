import { type CaipNetworkId, PorticoError, type PorticoErrorOptions } from '@portico/core'

/**
 * The request an owner that holds its key in a frame of its own (the embedded
 * wallet) gets for a user operation: `[operation (ERC-4337 v0.7 JSON-RPC form),
 * entryPoint]` on the channel's chain. It answers the owner's EIP-191
 * signature of the operation's hash, which it computes itself.
 */
export const USER_OPERATION_SIGN_METHOD = 'portico_signUserOperation'

/** EntryPoint v0.7's canonical address (the same on every chain). */
export const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/**
 * ERC-4337 smart accounts on top of a connected wallet: eth-infinitism's
 * SimpleAccount v0.7 (one owner: the wallet's first account, which signs each
 * user operation's hash with `personal_sign`), deployed by `factory` on its
 * first user operation. User operations go through the gateway's bundler
 * proxy (`POST /v1?chainId=…&projectId=…`, the `apiUrl` Portico is given) and,
 * unless a request says `sponsored: false`, ask the gateway's ERC-7677
 * paymaster (`pm_getPaymasterStubData` / `pm_getPaymasterData`) to pay the gas.
 */
export interface EvmSmartAccountOptions {
  /** SimpleAccountFactory v0.7 (`createAccount(owner, salt)` / `getAddress(owner, salt)`). */
  factory: `0x${string}`
  /** EntryPoint v0.7; the canonical address by default. */
  entryPoint?: `0x${string}`
  /** Networks that have the factory and a bundler behind the gateway; every adapter network by default. */
  networks?: readonly CaipNetworkId[]
  salt?: bigint
  /** Which account a connect reports first (the active one): the smart account by default. */
  preferred?: 'smartAccount' | 'eoa'
  /** Ask the gateway's paymaster to sponsor gas (default true). */
  sponsor?: boolean
  /**
   * Shown as "Sponsored by <name>" (in the modal and on the embedded wallet's
   * card); by default the site's name from `createPortico`'s `metadata.name`,
   * else the name the gateway's paymaster gives (`sponsor.name` of its stub data).
   */
  sponsorName?: string
  /** Where the ERC-4337 and `pm_` methods go; the gateway's JSON-RPC path for the network by default. */
  bundlerUrl?: (caipNetworkId: CaipNetworkId) => string
}

/**
 * The gateway's paymaster refused to pay the gas of a user operation
 * (ERC-7677 JSON-RPC error -32003). `reason` is the gateway's code
 * (`over_account_budget`, `target_not_allowed`, …) and the message its
 * own words; the send can be retried with `sponsored: false`, the account
 * paying its gas itself.
 *
 * @example
 * catch (e) { if (e instanceof SponsorshipRefusedError) offerSelfPay(e.reason, e.details) }
 */
export class SponsorshipRefusedError extends PorticoError {
  override name = 'SponsorshipRefusedError'
  override readonly code = 'SPONSORSHIP_REFUSED' as const
  readonly reason: string
  constructor(reason: string, message: string, options: Omit<PorticoErrorOptions, 'code'> = {}) {
    super('Gas sponsorship was refused.', {
      ...options,
      details: message,
      metaMessages: [`Reason: ${reason}`],
    })
    this.reason = reason
  }
}

/** The bundler refused a user operation (simulation failed, AA errors, unreachable bundler). */
export class UserOperationRejectedError extends PorticoError {
  override name = 'UserOperationRejectedError'
  override readonly code = 'USER_OPERATION_REJECTED' as const
  constructor(options: Omit<PorticoErrorOptions, 'code'> = {}) {
    super('The bundler rejected the user operation.', options)
  }
}
