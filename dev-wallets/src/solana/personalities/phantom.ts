import {
  createSolanaPersonality,
  type PersonalityParts,
  type SolanaPersonality,
  type SolanaPersonalityOptions,
  type SolanaWalletProfile,
} from './shared.js'

/**
 * Phantom (emulated), after its published developer docs (docs.phantom.com,
 * "Solana": detect the provider, establish a connection, send a legacy /
 * versioned transaction, sign a message, Sign In With Solana, "Errors"):
 * a Wallet Standard wallet with `solana:signIn` (the SIWS text written by
 * the wallet, the page's host when the input names no domain),
 * `solana:signAndSendTransaction` honouring its send options
 * (`skipPreflight`, `preflightCommitment`, `maxRetries`, `minContextSlot`),
 * legacy and version-0 transactions, `solana:signMessage` answering
 * `signatureType`; errors carry the documented codes (4001 "User rejected
 * the request.", 4100 unauthorized, -32003 a transaction it does not
 * recognize). Beside it, the legacy `window.phantom.solana` provider
 * (`isPhantom`, `connect({ onlyIfTrusted })` → `{ publicKey }`,
 * `signMessage(bytes, display)` → `{ signature, publicKey }`,
 * `signAndSendTransaction(transaction, options)` → `{ signature (base58),
 * publicKey }`, `connect` / `disconnect` / `accountChanged` events).
 */
export const PHANTOM_PROFILE: SolanaWalletProfile = {
  id: 'phantom',
  name: 'Phantom (emulated)',
  signIn: { account: 'wallet-account' },
  signMessageVersion: '1.1.0',
  transactionVersions: ['legacy', 0],
  rejection: { message: 'User rejected the request.', code: 4001 },
  commitment: 'send',
}

type LegacyEvent = 'connect' | 'disconnect' | 'accountChanged'
interface LegacyPublicKey {
  toBase58(): string
  toString(): string
  toBytes(): Uint8Array
}

/** The legacy injected provider (`window.phantom.solana`, also `window.solana`) on the personality's parts. */
function phantomLegacyProvider(parts: PersonalityParts) {
  const handlers = new Map<LegacyEvent, Set<(arg?: unknown) => void>>()
  const fire = (event: LegacyEvent, arg?: unknown) => {
    for (const h of [...(handlers.get(event) ?? [])]) h(arg)
  }
  const keyOf = (): LegacyPublicKey | null => {
    const account = parts.accounts()[0]
    if (!account) return null
    const bytes = new Uint8Array(account.publicKey)
    return { toBase58: () => account.address, toString: () => account.address, toBytes: () => bytes }
  }
  let last = keyOf()?.toBase58()
  parts.onChange(() => {
    const key = keyOf()
    if (!key && last) fire('disconnect')
    else if (key && !last) fire('connect', key)
    else if (key && key.toBase58() !== last) fire('accountChanged', key)
    last = key?.toBase58()
  })
  const provider = {
    isPhantom: true,
    get publicKey() {
      return keyOf()
    },
    get isConnected() {
      return keyOf() !== null
    },
    async connect(opts?: { onlyIfTrusted?: boolean }) {
      const accounts = await parts.connect(opts?.onlyIfTrusted === true)
      // An untrusted site asking onlyIfTrusted is refused without a prompt (Phantom's docs: "Eagerly connecting").
      if (accounts.length === 0) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return { publicKey: keyOf()! }
    },
    async disconnect() {
      parts.disconnect()
    },
    async signMessage(message: Uint8Array, _display: 'utf8' | 'hex' = 'utf8') {
      if (!(message instanceof Uint8Array))
        throw Object.assign(new Error('Missing or invalid parameters.'), { code: -32000 })
      const signature = await parts.signMessage(message)
      return { signature, publicKey: keyOf()! }
    },
    async signAndSendTransaction(
      transaction: { serialize(config?: object): Uint8Array },
      options?: { skipPreflight?: boolean; preflightCommitment?: 'processed' | 'confirmed' | 'finalized' },
    ) {
      if (typeof transaction?.serialize !== 'function')
        throw Object.assign(new Error('Missing or invalid parameters.'), { code: -32000 })
      const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
      const signature = await parts.signAndSend(wire, 'solana:localnet', options)
      const { getBase58Decoder } = await import('@solana/kit')
      return { signature: getBase58Decoder().decode(signature), publicKey: keyOf()! }
    },
    on(event: LegacyEvent, handler: (arg?: unknown) => void) {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set)
      set.add(handler)
    },
    off(event: LegacyEvent, handler: (arg?: unknown) => void) {
      handlers.get(event)?.delete(handler)
    },
  }
  return {
    provider,
    install(target: object) {
      const host = target as { phantom?: { solana?: unknown }; solana?: unknown }
      host.phantom = { ...(host.phantom ?? {}), solana: provider }
      const hadSolana = 'solana' in host
      if (!hadSolana) host.solana = provider
      return () => {
        if (host.phantom?.solana === provider) delete host.phantom.solana
        if (!hadSolana && host.solana === provider) delete host.solana
      }
    },
  }
}

export function createPhantomPersonality(options: SolanaPersonalityOptions): Promise<SolanaPersonality> {
  return createSolanaPersonality(PHANTOM_PROFILE, options, phantomLegacyProvider)
}
