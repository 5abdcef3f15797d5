import { type Hex, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** Anvil's well-known default mnemonic: its first 10 accounts hold 10,000 ETH on a fresh node. Never use on a real chain. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

export interface DevAccount {
  address: `0x${string}`
  privateKey: Hex
}

let cached: DevAccount[] | undefined

/**
 * The 10 funded dev accounts of anvil's default mnemonic (m/44'/60'/0'/0/i).
 *
 * @example
 * const [alice, bob] = getDevAccounts()
 */
export function getDevAccounts(): DevAccount[] {
  cached ??= Array.from({ length: 10 }, (_, addressIndex) => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex })
    const key = account.getHdKey().privateKey
    if (!key) throw new Error('dev account key derivation failed')
    return { address: account.address, privateKey: toHex(key) }
  })
  return cached.map((a) => ({ ...a }))
}
