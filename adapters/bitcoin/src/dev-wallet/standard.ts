import type { BitcoinSigningKey } from '@portico/dev-wallets/bitcoin'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { fromBase64, fromHex } from '../bytes/index.js'
import type { BitcoinPurpose } from '../contract/index.js'
import type { BitcoinStandardFeatures } from '../wallets/standard-features.js'
import type { DevWalletCore } from './index.js'

/** The Wallet Standard face of the dev wallet. */
export function createDevStandardWallet(core: DevWalletCore): {
  wallet: Wallet
  register(target?: EventTarget): () => void
  /** The user selected another account: re-grant the same purposes from the new keys and emit `change`. */
  accountsChanged(): void
  /** The user dropped the site: no account granted, `change` with an empty list. */
  revoke(): void
} {
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as IdentifierString[]
  const accountOf = (k: BitcoinSigningKey): WalletAccount =>
    Object.freeze({
      address: k.address,
      publicKey: fromHex(k.publicKey),
      chains: [core.chain] as IdentifierString[],
      features,
      label: k.purpose === 'payment' ? 'Payment' : 'Ordinals',
    })
  let grantedPurposes: BitcoinPurpose[] = []
  let granted: WalletAccount[] = []
  const listeners = new Set<StandardEventsListeners['change']>()
  const emit = () => {
    for (const l of listeners) l({ accounts: granted })
  }
  const known = (account: WalletAccount) => {
    if (!granted.some((a) => a.address === account?.address))
      throw Object.assign(new Error('The account is not authorized'), { code: 4100 })
    return account.address
  }

  const bitcoin: BitcoinStandardFeatures = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect(input) {
        const purposes: BitcoinPurpose[] = input?.purposes?.length ? [...input.purposes] : ['payment']
        await core.approval('bitcoin:connect', input)
        core.connected = true
        grantedPurposes = purposes
        granted = core.keysFor(purposes).map(accountOf)
        emit()
        if (core.takeTamper('accounts'))
          return { accounts: granted.map((a) => ({ ...a, address: `${a.address.slice(0, -6)}xxxxxx` })) }
        return { accounts: granted }
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs) {
        for (const input of inputs) known(input.account)
        await core.approval('bitcoin:signMessage', inputs)
        const short = core.takeTamper('signature')
        return inputs.map((input) => {
          const signature = fromBase64(
            core.signer.signMessage(
              core.keyFor(input.account.address).address,
              input.message,
              input.protocol ?? 'bip322',
            ),
          )
          return { signedMessage: input.message, signature: short ? signature.slice(0, 20) : signature }
        })
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(...inputs) {
        for (const input of inputs) for (const s of input.inputsToSign) known(s.account)
        await core.approval('bitcoin:signTransaction', inputs)
        const out: { signedPsbt: Uint8Array }[] = []
        for (const input of inputs) {
          const signInputs = input.inputsToSign.map((s) => ({
            address: s.account.address,
            indexes: [...s.signingIndexes],
            ...(s.sigHash === undefined ? {} : { sighashTypes: [s.sigHash] }),
          }))
          out.push({ signedPsbt: (await core.signPsbt(input.psbt, signInputs, false)).psbt })
        }
        return out
      },
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {
      core.connected = false
      grantedPurposes = []
      granted = []
      emit()
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change') return () => {}
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: core.name,
    icon: core.icon,
    chains: [core.chain] as IdentifierString[],
    features: { ...bitcoin, 'standard:disconnect': disconnect, 'standard:events': events },
    get accounts() {
      return granted
    },
  }
  return {
    wallet,
    accountsChanged() {
      if (!core.connected) return
      granted = core.keysFor(grantedPurposes).map(accountOf)
      emit()
    },
    revoke() {
      grantedPurposes = []
      granted = []
      emit()
    },
    register(target) {
      const on = target ?? (globalThis as { window?: EventTarget }).window
      if (!on) throw new Error('register(): no window; pass an EventTarget')
      let unregister: (() => void) | undefined
      const callback = ({ register }: { register: (...wallets: Wallet[]) => () => void }) => {
        unregister ??= register(wallet)
      }
      const onAppReady = (event: Event) => callback((event as CustomEvent).detail)
      // The handshake of @wallet-standard/wallet's registerWallet, keeping the unregister function.
      on.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
      on.addEventListener('wallet-standard:app-ready', onAppReady)
      return () => {
        on.removeEventListener('wallet-standard:app-ready', onAppReady)
        unregister?.()
        unregister = undefined
      }
    },
  }
}
