import type { AccountRecord, CaipAddress } from '@portico/core'
import { InvalidWalletResponseError } from './errors.js'

/** At most this many accounts are taken from a wallet answer (a wallet sending 10k entries is broken). */
export const MAX_ACCOUNTS = 100

const ADDRESS = /^0x[a-fA-F0-9]{40}$/

/**
 * Validates an accounts array from a wallet; every entry must be a 20-byte hex
 * address (any case). `checksum` gives the EIP-55 form (viem's `getAddress`,
 * passed in so this module stays off viem).
 */
export function parseAccounts(
  method: string,
  value: unknown,
  checksum: (address: `0x${string}`) => `0x${string}`,
): `0x${string}`[] {
  if (!Array.isArray(value)) {
    throw new InvalidWalletResponseError(method, {
      details: `expected an array of addresses, got ${typeof value}`,
    })
  }
  if (value.length > MAX_ACCOUNTS) {
    throw new InvalidWalletResponseError(method, { details: `too many accounts (${value.length})` })
  }
  return value.map((entry, i) => {
    if (typeof entry !== 'string' || !ADDRESS.test(entry)) {
      throw new InvalidWalletResponseError(method, { details: `account ${i} is not an address` })
    }
    return checksum(entry as `0x${string}`)
  })
}

/** Validates an EIP-1193 chain id: a 0x-prefixed hex quantity of a safe, positive integer. */
export function parseChainId(method: string, value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value)) {
    throw new InvalidWalletResponseError(method, { details: 'chain id is not a hex quantity' })
  }
  const id = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new InvalidWalletResponseError(method, { details: 'chain id out of range' })
  }
  return id
}

/** Validates a hex signature (65 bytes for an EOA; smart accounts may return longer blobs). */
export function parseSignature(method: string, value: unknown): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{130,}$/.test(value) || value.length % 2 !== 0) {
    throw new InvalidWalletResponseError(method, { details: 'signature is not hex' })
  }
  return value as `0x${string}`
}

/** Validates a transaction hash (SPEC §5: 0x + exactly 64 hex characters). */
export function parseTransactionHash(method: string, value: unknown): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw new InvalidWalletResponseError(method, { details: 'transaction hash is not 32-byte hex' })
  }
  return value as `0x${string}`
}

/** Validated addresses as account records on a chain: the adapter composes their CAIP-10 ids (`eip155:<id>:<address>`). */
export function toAccountRecords(addresses: readonly `0x${string}`[], chainId: number): AccountRecord[] {
  return addresses.map((address) => ({
    namespace: 'eip155',
    address,
    caipAddress: `eip155:${chainId}:${address}` as CaipAddress,
    type: 'eoa',
  }))
}
