import Type from 'typebox'

/** `st`, `sv` and `projectId` are accepted on every call (SPEC §7). */
export const sdkParams = {
  st: Type.Optional(Type.String({ maxLength: 64 })),
  sv: Type.Optional(Type.String({ maxLength: 64 })),
  projectId: Type.Optional(Type.String({ maxLength: 128 })),
}

/** SPEC §5: optional 0x prefix then 40 hex digits. The gateway requires the prefix in paths it stores. */
export const EVM_ADDRESS = '^(0x)?[0-9a-fA-F]{40}$'
/** An EVM address or a CAIP-10 `eip155:<ref>:<address>`. */
export const ACCOUNT = '^((0x)?[0-9a-fA-F]{40}|eip155:[0-9]{1,12}:(0x)?[0-9a-fA-F]{40})$'
/** A Bitcoin address, bare or CAIP-10 (`bip122:<genesis prefix>:<address>`): bech32/bech32m or base58. */
export const BITCOIN_ACCOUNT =
  '^(bip122:[0-9a-f]{32}:)?((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[1-9A-HJ-NP-Za-km-z]{25,35})$'
/** An address of any namespace the balance route reads: EVM (as `ACCOUNT`), Solana base58, Bitcoin, Cosmos bech32 or Polkadot SS58, bare or CAIP-10. */
export const BALANCE_ACCOUNT =
  '^((0x)?[0-9a-fA-F]{40}|eip155:[0-9]{1,12}:(0x)?[0-9a-fA-F]{40}|(solana:[1-9A-HJ-NP-Za-km-z]{1,32}:)?[1-9A-HJ-NP-Za-km-z]{32,44}|(bip122:[0-9a-f]{32}:)?((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[1-9A-HJ-NP-Za-km-z]{25,35})|(cosmos:[-_a-zA-Z0-9]{1,32}:)?[a-z][a-z0-9]{0,31}1[02-9ac-hj-np-z]{38,58}|(polkadot:[0-9a-f]{32}:)?[1-9A-HJ-NP-Za-km-z]{46,52})$'
/** CAIP-2 network id (any namespace: non-EVM ids are answered as not configured). */
export const CAIP2 = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$'

export const ErrorBody = Type.Object({ code: Type.String(), message: Type.String() })

/** Lower-cases and 0x-prefixes an EVM address, or reads the address out of a CAIP-10 id. */
export function normalizeAccount(value: string): { address: `0x${string}`; chain?: string } {
  const parts = value.split(':')
  if (parts.length === 3) {
    const a = parts[2]!.toLowerCase()
    return { address: (a.startsWith('0x') ? a : `0x${a}`) as `0x${string}`, chain: `${parts[0]}:${parts[1]}` }
  }
  const a = value.toLowerCase()
  return { address: (a.startsWith('0x') ? a : `0x${a}`) as `0x${string}` }
}
