import type { Address, Hex, LocalAccount } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'

/** Anvil's public default mnemonic (the devnet's funded accounts). Never use on a real chain. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/**
 * The dev wallet's keys and which one is selected. Devnet keys are derived on
 * first use: each HD derivation costs tens of ms.
 */
export class KeyRing {
  private readonly list: (LocalAccount | undefined)[]
  private readonly derive: (index: number) => LocalAccount
  selected = 0

  constructor(privateKeys?: readonly Hex[]) {
    this.list = Array.from({ length: privateKeys ? privateKeys.length : 10 })
    this.derive = privateKeys
      ? (i) => privateKeyToAccount(privateKeys[i] as Hex)
      : (addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
    if (this.list.length === 0) throw new Error('dev wallet: no keys')
  }

  get size(): number {
    return this.list.length
  }

  at(index: number): LocalAccount {
    let account = this.list[index]
    if (!account) {
      account = this.derive(index)
      this.list[index] = account
    }
    return account
  }

  get current(): LocalAccount {
    return this.at(this.selected)
  }

  get addresses(): Address[] {
    return this.list.map((_, i) => this.at(i).address)
  }

  /** The index of a held key by number or address (-1 when not held). */
  indexOf(indexOrAddress: number | string): number {
    if (typeof indexOrAddress === 'number')
      return indexOrAddress >= 0 && indexOrAddress < this.list.length ? indexOrAddress : -1
    return this.addresses.findIndex((a) => a.toLowerCase() === indexOrAddress.toLowerCase())
  }
}
