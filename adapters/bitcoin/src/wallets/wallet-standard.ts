// The Wallet Standard driver. Discovery itself is core's shared module
// (`watchWalletStandard`); this file only says which wallets are Bitcoin ones
// and how to drive them.
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { toBase64, toHex } from '../bytes/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import type { BitcoinWalletDriver, RawBitcoinAccount } from './driver.js'
import { BITCOIN_FEATURES, type BitcoinStandardFeatures } from './standard-features.js'

/** A Wallet Standard wallet usable here: it has a name and `bitcoin:connect`. */
export function isBitcoinStandardWallet(wallet: Wallet): boolean {
  const features = wallet?.features
  return (
    typeof features === 'object' &&
    features !== null &&
    BITCOIN_FEATURES.connect in features &&
    typeof wallet.name === 'string'
  )
}

const b64 = toBase64
const toRaw = (a: WalletAccount): RawBitcoinAccount => ({
  address: a.address,
  publicKey: a.publicKey instanceof Uint8Array ? toHex(a.publicKey) : undefined,
})

/** Drives a Wallet Standard bitcoin wallet. */
export function standardDriver(wallet: Wallet): BitcoinWalletDriver {
  const features = wallet.features as Partial<
    BitcoinStandardFeatures & StandardDisconnectFeature & StandardEventsFeature
  >
  const accountFor = (address: string): WalletAccount => {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw Object.assign(new Error(`${address} is not an account of the wallet`), { code: 4100 })
    return account
  }
  const need = <K extends keyof BitcoinStandardFeatures>(name: K): BitcoinStandardFeatures[K] => {
    const feature = features[name]
    if (!feature) throw Object.assign(new Error(`The wallet has no ${name}`), { code: 4200 })
    return feature as BitcoinStandardFeatures[K]
  }
  return {
    family: 'wallet-standard',
    async connect(purposes) {
      const { accounts } = await need(BITCOIN_FEATURES.connect).connect({ purposes })
      if (!Array.isArray(accounts))
        throw new InvalidWalletResponseError('bitcoin:connect returned no account list')
      return accounts.map(toRaw)
    },
    grantedAccounts: () => (Array.isArray(wallet.accounts) ? wallet.accounts.map(toRaw) : []),
    async disconnect() {
      await features[BITCOIN_FEATURES.disconnect]?.disconnect()
    },
    async signMessage(address, message, protocol) {
      const [out] = await need(BITCOIN_FEATURES.signMessage).signMessage({
        account: accountFor(address),
        message,
        protocol,
      })
      if (!(out?.signature instanceof Uint8Array))
        throw new InvalidWalletResponseError('bitcoin:signMessage returned no signature')
      return {
        signature: b64(out.signature),
        ...(out.signedMessage instanceof Uint8Array ? { signedMessage: out.signedMessage } : {}),
      }
    },
    async signPsbt(psbt, inputs, chain) {
      const [out] = await need(BITCOIN_FEATURES.signTransaction).signTransaction({
        psbt,
        chain: chain as IdentifierString,
        inputsToSign: inputs.map((i) => ({
          account: accountFor(i.address),
          signingIndexes: i.index,
          ...(i.sighashTypes?.[0] === undefined ? {} : { sigHash: i.sighashTypes[0] }),
        })),
      })
      if (!(out?.signedPsbt instanceof Uint8Array))
        throw new InvalidWalletResponseError('bitcoin:signTransaction returned no PSBT')
      return out.signedPsbt
    },
    onAccountsChanged(listener) {
      return (
        features[BITCOIN_FEATURES.events]?.on('change', (change) => {
          if (change.accounts) listener(change.accounts.map(toRaw))
        }) ?? (() => {})
      )
    },
  }
}
