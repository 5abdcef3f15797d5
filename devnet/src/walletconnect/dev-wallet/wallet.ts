import { createApprovalGate, type DevWalletControls } from '@portico/core/dev-wallet'
import type { SignClient as SignClientClass } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createMemoryKeyValueStorage, type MemoryKeyValueStorage } from '../storage.js'
import { answerBip122, BIP122_READS, bitcoinKeysFor, type DevWcBitcoinKey } from './bip122.js'
import { answerCosmos, COSMOS_READS, cosmosAccount, type DevWcCosmosKey } from './cosmos.js'
import { answerEip155, EIP155_READS } from './eip155.js'
import { UserCancelled, WalletError } from './errors.js'
import { approveNamespaces } from './namespaces.js'
import { answerPolkadot, type DevWcPolkadotKey, loadPolkadotKey } from './polkadot.js'
import { answerSolana, type DevWcSolanaKey, SOLANA_READS } from './solana.js'

type SignClient = InstanceType<typeof SignClientClass>

/** Anvil's first deterministic account (mnemonic "test test … junk"). */
export const ANVIL_DEFAULT_PRIVATE_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export interface DevWcWalletOptions {
  /** `ws://127.0.0.1:<port>` of the loopback relay. */
  relayUrl: string
  projectId?: string
  /** Signing key (devnet key; default: anvil account 0). */
  privateKey?: Hex
  /**
   * Safe-like mode: the wallet's EVM account is this deployed contract
   * account (a SimpleAccount v0.7 the key owns): it is the address given, its
   * transactions are the key's `execute` calls on it, and `wallet_getCapabilities`
   * says it batches atomically (issue 30).
   */
  contractAccount?: Hex
  /**
   * CAIP-2 id → JSON-RPC URL (eip155 and solana chains): where eth_sendTransaction
   * and solana_signAndSendTransaction go, and the chains offered per namespace
   * (none of a namespace → whatever the dApp asks).
   */
  rpcUrls?: Record<string, string>
  /**
   * A Solana key (CLI format). With it the wallet also approves the `solana`
   * namespace and answers `solana_signMessage`, `solana_signTransaction` and
   * `solana_signAndSendTransaction`.
   */
  solana?: DevWcSolanaKey
  /**
   * A Polkadot sr25519 key (`{ uri: '//Alice' }`). With it the wallet also
   * approves the `polkadot` namespace (any chain the dApp asks) and answers
   * `polkadot_signMessage` and `polkadot_signTransaction`.
   */
  polkadot?: DevWcPolkadotKey
  /**
   * Bitcoin keys (an HD index of a mnemonic; `{}` is the devnet's dev
   * mnemonic, index 0). With it the wallet also approves `bip122` on
   * mainnet, testnet and regtest and answers `getAccountAddresses`,
   * `signMessage` (ECDSA, BIP-322) and `signPsbt`.
   */
  bitcoin?: DevWcBitcoinKey
  /**
   * A Cosmos key and the bech32 prefix of each chain it serves. With it the
   * wallet also approves `cosmos` on those chains and answers
   * `cosmos_getAccounts`, `cosmos_signDirect` and `cosmos_signAmino`.
   */
  cosmos?: DevWcCosmosKey
  /** Starting behaviour for proposals and requests (default 'approve'); see `DevWalletControls`. */
  behaviour?: 'approve' | 'reject' | 'hold'
  /** The code a user rejection of a request is answered with: 4001 (default, EIP-1193) or 5000 (WalletConnect's "User rejected."). */
  rejectionCode?: 4001 | 5000
  metadata?: SignClientTypes.Metadata
  /** Storage; default in memory. */
  storage?: MemoryKeyValueStorage
  /** Log level of the WalletConnect client; default 'silent'. */
  logger?: string
}

export interface DevWcRequestLog {
  topic: string
  chainId: string
  method: string
  params: unknown
  outcome: 'approved' | 'rejected' | 'failed'
  result?: unknown
  error?: { code: number; message: string }
}

/**
 * A WalletConnect "mobile" wallet for tests and the demo: a real
 * `@walletconnect/sign-client` that pairs from a URI, approves (or rejects)
 * sessions for eip155, solana, polkadot, bip122 and cosmos, and answers
 * requests with devnet keys (viem for EVM, @solana/kit for Solana, sending
 * real transactions to the local nodes; @polkadot/keyring sr25519, BIP-84/86
 * keys with bitcoinjs-lib, CosmJS HD wallets), each namespace only when its
 * key is given. Proposals (`method: 'session_proposal'`) and requests that
 * need the user go through the behaviour switch every Portico dev wallet
 * shares (`DevWalletControls`); `rejectNext(sessionError(5002))` answers with
 * a session error instead of a user rejection.
 */
export interface DevWcWallet extends DevWalletControls {
  readonly address: Hex
  readonly solanaAddress: string | undefined
  /** The Polkadot key's SS58 address (the prefix of `polkadot.ss58Prefix`, default 42). */
  readonly polkadotAddress: string | undefined
  /** Addresses the wallet holds on a CAIP-2 chain of any namespace (bip122: payment first, then ordinals). */
  addressesOn(caipNetworkId: string): readonly string[]
  readonly client: SignClient
  /** Every request seen, in order. */
  readonly requests: readonly DevWcRequestLog[]
  /** Pairs from a `wc:` URI and resolves once the proposal is approved (the session) or rejected (undefined). */
  pair(uri: string): Promise<SessionTypes.Struct | undefined>
  sessions(): SessionTypes.Struct[]
  /** Deletes a session (default: every session), as a user would from the wallet. */
  disconnect(topic?: string): Promise<void>
  /** Emits `chainChanged` on every session (after adding the chain to the namespace if needed). */
  switchChain(caipNetworkId: string): Promise<void>
  /** Emits `accountsChanged` with a new key's account. */
  switchAccount(privateKey: Hex): Promise<void>
  /** The code a user rejection of a request is answered with from now on: 4001 (EIP-1193) or 5000 (WalletConnect "User rejected."). */
  setRejectionCode(code: 4001 | 5000): void
  /** Closes the relay socket (heartbeat first, then the transport). */
  stop(): Promise<void>
}

/**
 * Creates and starts the dev wallet.
 *
 * @example
 * const wallet = await createDevWcWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': anvil.rpcUrl } })
 * const session = await wallet.pair(uri)
 * wallet.rejectNext() // the next request is refused (4001)
 */
export async function createDevWcWallet(options: DevWcWalletOptions): Promise<DevWcWallet> {
  // Node must resolve sign-client's CommonJS build: its ESM build (export condition
  // `module`) default-imports CommonJS modules and fails under Node's ESM loader.
  const { SignClient } = await import('@walletconnect/sign-client')
  const client = await SignClient.init({
    projectId: options.projectId ?? 'local',
    relayUrl: options.relayUrl,
    telemetryEnabled: false,
    customStoragePrefix: `portico-dev-wallet-${Math.random().toString(36).slice(2)}`,
    storage: (options.storage ?? createMemoryKeyValueStorage()) as never,
    logger: options.logger ?? 'silent',
    metadata: options.metadata ?? {
      name: 'Portico Dev Wallet',
      description: 'Signs with devnet keys',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  let account: PrivateKeyAccount = privateKeyToAccount(options.privateKey ?? ANVIL_DEFAULT_PRIVATE_KEY)
  let rejectionCode: 4001 | 5000 = options.rejectionCode ?? 4001
  const gate = createApprovalGate(() => new UserCancelled(rejectionCode))
  if (options.behaviour) gate.setBehaviour(options.behaviour)
  const rpcUrls = new Map(Object.entries(options.rpcUrls ?? {}))
  const requests: DevWcRequestLog[] = []
  const waiting = new Map<string, (s: SessionTypes.Struct | undefined) => void>()
  const tamper = (kind: 'signature') => gate.takeTamper(kind)
  const polkadot = options.polkadot ? await loadPolkadotKey(options.polkadot) : undefined
  const cosmosAddresses = new Map<string, string>()
  for (const chainId of Object.keys(options.cosmos?.prefixes ?? {}))
    cosmosAddresses.set(chainId, (await cosmosAccount(options.cosmos!, chainId)).address)

  /** The wallet's addresses on a chain (none: it does not serve that chain). */
  const addressesOn = (chainId: string): string[] => {
    const namespace = chainId.split(':')[0]
    if (namespace === 'eip155') return [options.contractAccount ?? account.address]
    if (namespace === 'solana') return options.solana ? [options.solana.address] : []
    if (namespace === 'polkadot') return polkadot ? [polkadot.address] : []
    if (namespace === 'cosmos') return cosmosAddresses.has(chainId) ? [cosmosAddresses.get(chainId)!] : []
    if (namespace === 'bip122' && options.bitcoin) {
      try {
        return bitcoinKeysFor(options.bitcoin, chainId).map((k) => k.address)
      } catch {
        return []
      }
    }
    return []
  }

  const reasonOf = (e: unknown, cancelCode: number) => {
    if (e instanceof UserCancelled)
      return { code: cancelCode === 4001 ? e.requestCode : cancelCode, message: 'User rejected.' }
    const code = (e as { code?: unknown }).code
    return { code: typeof code === 'number' ? code : 5000, message: (e as Error).message ?? String(e) }
  }

  const onProposal = async ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    const done = waiting.get(params.pairingTopic)
    waiting.delete(params.pairingTopic)
    try {
      await gate.approve('session_proposal', params)
      const namespaces = approveNamespaces(params, {
        addresses: (_namespace, chainId) => addressesOn(chainId),
        known: [...rpcUrls.keys(), ...cosmosAddresses.keys()],
        malformedAccounts: gate.takeTamper('accounts'),
      })
      const { acknowledged } = await client.approve({ id, namespaces })
      done?.(await acknowledged())
    } catch (e) {
      await client.reject({ id, reason: reasonOf(e, 5000) })
      done?.(undefined)
    }
  }

  const answer = async (method: string, params: unknown, chainId: string): Promise<unknown> => {
    if (chainId.startsWith('eip155:')) {
      if (!EIP155_READS.has(method)) await gate.approve(method, params)
      return answerEip155(
        {
          account,
          rpcUrls,
          switchChain,
          tamper,
          ...(options.contractAccount ? { contractAccount: options.contractAccount } : {}),
        },
        method,
        params,
        chainId,
      )
    }
    if (chainId.startsWith('solana:') && options.solana) {
      if (!SOLANA_READS.has(method)) await gate.approve(method, params)
      return answerSolana({ key: options.solana, rpcUrls, tamper }, method, params, chainId)
    }
    if (chainId.startsWith('polkadot:') && polkadot) {
      await gate.approve(method, params)
      return answerPolkadot({ signer: polkadot, tamper }, method, params)
    }
    if (chainId.startsWith('bip122:') && options.bitcoin) {
      if (!BIP122_READS.has(method)) await gate.approve(method, params)
      return answerBip122({ key: options.bitcoin, tamper }, method, params, chainId)
    }
    if (chainId.startsWith('cosmos:') && options.cosmos) {
      if (!COSMOS_READS.has(method)) await gate.approve(method, params)
      return answerCosmos({ key: options.cosmos, tamper }, method, params, chainId)
    }
    throw new WalletError(5100, `Unsupported chains: ${chainId}`)
  }

  const onRequest = async ({ id, topic, params }: SignClientTypes.EventArguments['session_request']) => {
    const { request, chainId } = params
    const entry: DevWcRequestLog = {
      topic,
      chainId,
      method: request.method,
      params: request.params,
      outcome: 'approved',
    }
    requests.push(entry)
    try {
      entry.result = await answer(request.method, request.params, chainId)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result: entry.result } })
    } catch (e) {
      entry.outcome = e instanceof UserCancelled ? 'rejected' : 'failed'
      entry.error = reasonOf(e, 4001)
      if (e instanceof UserCancelled && entry.error.code === 4001)
        entry.error.message = 'User rejected the request.'
      await client.respond({ topic, response: { id, jsonrpc: '2.0', error: entry.error } })
    }
  }

  const updateNamespace = async (s: SessionTypes.Struct, name: string, ns: SessionTypes.Namespace) => {
    const { acknowledged } = await client.update({
      topic: s.topic,
      namespaces: { ...s.namespaces, [name]: ns },
    })
    await acknowledged()
  }

  async function switchChain(caipNetworkId: string): Promise<void> {
    const name = caipNetworkId.split(':')[0] as string
    if (addressesOn(caipNetworkId).length === 0) return
    for (const s of client.session.getAll()) {
      const ns = s.namespaces[name]
      if (!ns) continue
      if (!ns.chains?.includes(caipNetworkId)) {
        const chains = [...(ns.chains ?? []), caipNetworkId]
        const accounts = chains.flatMap((c) => addressesOn(c).map((a) => `${c}:${a}`))
        await updateNamespace(s, name, { ...ns, chains, accounts })
      }
      const reference = caipNetworkId.split(':')[1] as string
      await client.emit({
        topic: s.topic,
        chainId: caipNetworkId,
        event: { name: 'chainChanged', data: name === 'eip155' ? Number(reference) : caipNetworkId },
      })
    }
  }

  client.on('session_proposal', (e) => void onProposal(e))
  client.on('session_request', (e) => void onRequest(e))

  return {
    get address() {
      return options.contractAccount ?? account.address
    },
    solanaAddress: options.solana?.address,
    polkadotAddress: polkadot?.address,
    addressesOn,
    client,
    requests,
    get behaviour() {
      return gate.behaviour
    },
    setBehaviour: (b) => gate.setBehaviour(b),
    rejectNext: (error) => gate.rejectNext(error),
    holdNext: () => gate.holdNext(),
    get pending() {
      return gate.pending
    },
    nextHeld: () => gate.nextHeld(),
    releaseAll: () => gate.releaseAll(),
    rejectAll: () => gate.rejectAll(),
    tamperNext: (kind) => gate.tamperNext(kind),
    pair: async (uri) => {
      const pairingTopic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
      if (!pairingTopic) throw new Error(`Not a WalletConnect v2 URI: ${uri}`)
      const result = new Promise<SessionTypes.Struct | undefined>((resolve) =>
        waiting.set(pairingTopic, resolve),
      )
      await client.pair({ uri })
      return result
    },
    sessions: () => client.session.getAll(),
    disconnect: async (topic) => {
      const topics = topic ? [topic] : client.session.getAll().map((s) => s.topic)
      for (const t of topics)
        await client.disconnect({ topic: t, reason: { code: 6000, message: 'User disconnected.' } })
    },
    switchChain,
    setRejectionCode: (code) => {
      rejectionCode = code
    },
    switchAccount: async (privateKey) => {
      account = privateKeyToAccount(privateKey)
      for (const s of client.session.getAll()) {
        const ns = s.namespaces.eip155
        if (!ns) continue
        const chains = ns.chains ?? []
        await updateNamespace(s, 'eip155', { ...ns, accounts: chains.map((c) => `${c}:${account.address}`) })
        await client.emit({
          topic: s.topic,
          chainId: chains[0] ?? 'eip155:1',
          event: { name: 'accountsChanged', data: [account.address] },
        })
      }
    },
    stop: async () => {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose()
    },
  }
}
