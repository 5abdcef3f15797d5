import { createPrivateKey, sign } from 'node:crypto'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { SignClient as SignClientClass } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { createPublicClient, createWalletClient, defineChain, type Hex, http, isHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createMemoryKeyValueStorage, type MemoryKeyValueStorage } from './storage.js'

type SignClient = InstanceType<typeof SignClientClass>

/** Anvil's first deterministic account (mnemonic "test test … junk"). */
export const ANVIL_DEFAULT_PRIVATE_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

// DER prefix of a PKCS#8 ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

const EIP155_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
]
const EIP155_EVENTS = ['accountsChanged', 'chainChanged']

export interface DevWcWalletOptions {
  /** `ws://127.0.0.1:<port>` of the loopback relay. */
  relayUrl: string
  projectId?: string
  /** Signing key (devnet key; default: anvil account 0). */
  privateKey?: Hex
  /** CAIP-2 id → JSON-RPC URL, used for eth_sendTransaction. Chains offered: these, else whatever the dApp asks. */
  rpcUrls?: Record<string, string>
  /**
   * A Solana key (CLI format: 64-byte secret key = seed + public key, and its
   * base58 address). With it the wallet also approves the `solana` namespace
   * and answers `solana_signMessage`.
   */
  solana?: { address: string; secretKey: Uint8Array }
  /** Proposals and requests are approved unless set to 'reject'. */
  behaviour?: Partial<DevWcWalletBehaviour>
  metadata?: SignClientTypes.Metadata
  /** Storage; default in memory. */
  storage?: MemoryKeyValueStorage
  /** Log level of the WalletConnect client; default 'silent'. */
  logger?: string
}

export interface DevWcWalletBehaviour {
  proposals: 'approve' | 'reject'
  requests: 'approve' | 'reject'
}

export interface DevWcRequestLog {
  topic: string
  chainId: string
  method: string
  params: unknown
  outcome: 'approved' | 'rejected' | 'failed'
  result?: unknown
}

/**
 * A WalletConnect "mobile" wallet for tests and the demo: a real
 * `@walletconnect/sign-client` that pairs from a URI, approves (or rejects)
 * sessions for eip155 and answers requests with a devnet key through viem.
 */
export interface DevWcWallet {
  readonly address: Hex
  readonly client: SignClient
  /** Every request seen, in order. */
  readonly requests: readonly DevWcRequestLog[]
  /** Pairs from a `wc:` URI and resolves once the proposal is approved (the session) or rejected (undefined). */
  pair(uri: string): Promise<SessionTypes.Struct | undefined>
  setBehaviour(behaviour: Partial<DevWcWalletBehaviour>): void
  sessions(): SessionTypes.Struct[]
  /** Deletes a session (default: every session), as a user would from the wallet. */
  disconnect(topic?: string): Promise<void>
  /** Emits `chainChanged` on every session (after adding the chain to the namespaces if needed). */
  switchChain(caipNetworkId: string): Promise<void>
  /** Emits `accountsChanged` with a new key's account. */
  switchAccount(privateKey: Hex): Promise<void>
  /** Closes the relay socket (heartbeat first, then the transport). */
  stop(): Promise<void>
}

/**
 * Creates and starts the dev wallet.
 *
 * @example
 * const wallet = await createDevWcWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': anvil.rpcUrl } })
 * const session = await wallet.pair(uri)
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
  const behaviour: DevWcWalletBehaviour = { proposals: 'approve', requests: 'approve', ...options.behaviour }
  const requests: DevWcRequestLog[] = []
  const waiting = new Map<string, (s: SessionTypes.Struct | undefined) => void>()

  const onProposal = async ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    const done = waiting.get(params.pairingTopic)
    waiting.delete(params.pairingTopic)
    if (behaviour.proposals === 'reject') {
      await client.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
      done?.(undefined)
      return
    }
    const { topic, acknowledged } = await client.approve({ id, namespaces: buildNamespaces(params) })
    void topic
    done?.(await acknowledged())
  }

  const buildNamespaces = (proposal: ProposalTypes.Struct): SessionTypes.Namespaces => {
    const asked = [
      ...Object.entries(proposal.requiredNamespaces ?? {}),
      ...Object.entries(proposal.optionalNamespaces ?? {}),
    ]
    const chains = new Set<string>()
    const methods = new Set(EIP155_METHODS)
    const events = new Set(EIP155_EVENTS)
    for (const [key, ns] of asked) {
      if (key !== 'eip155' && !key.startsWith('eip155:')) continue
      for (const c of ns.chains ?? (key.includes(':') ? [key] : [])) chains.add(c)
      for (const m of ns.methods ?? []) methods.add(m)
      for (const e of ns.events ?? []) events.add(e)
    }
    const offered = options.rpcUrls ? Object.keys(options.rpcUrls) : []
    const list = offered.length ? [...new Set([...chains].filter((c) => offered.includes(c)))] : [...chains]
    const final = list.length ? list : offered
    const namespaces: SessionTypes.Namespaces = {
      eip155: {
        chains: final,
        accounts: final.map((c) => `${c}:${account.address}`),
        methods: [...methods],
        events: [...events],
      },
    }
    const solanaChains = asked.filter(([key]) => key === 'solana' || key.startsWith('solana:'))
    if (options.solana && solanaChains.length) {
      const chainsAsked = [...new Set(solanaChains.flatMap(([key, ns]) => ns.chains ?? [key]))]
      namespaces.solana = {
        chains: chainsAsked,
        accounts: chainsAsked.map((c) => `${c}:${options.solana!.address}`),
        methods: ['solana_signMessage'],
        events: [],
      }
    }
    return namespaces
  }

  const answer = async (method: string, params: unknown, chainId: string): Promise<unknown> => {
    const p = (params ?? []) as unknown[]
    switch (method) {
      case 'personal_sign': {
        const msg = p[0] as string
        return account.signMessage({ message: isHex(msg) ? { raw: msg } : msg })
      }
      case 'eth_sign': {
        const msg = p[1] as string
        return account.signMessage({ message: isHex(msg) ? { raw: msg } : msg })
      }
      case 'eth_signTypedData':
      case 'eth_signTypedData_v4': {
        const data = typeof p[1] === 'string' ? JSON.parse(p[1]) : p[1]
        return account.signTypedData(data)
      }
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return `0x${Number(chainId.split(':')[1]).toString(16)}`
      case 'eth_sendTransaction': {
        const tx = p[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const rpcUrl = options.rpcUrls?.[chainId]
        if (!rpcUrl) throw new Error(`No RPC URL for ${chainId}`)
        const chain = defineChain({
          id: Number(chainId.split(':')[1]),
          name: chainId,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl] } },
        })
        const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
        const hash = await wallet.sendTransaction({
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        })
        // Mined before answering, as a wallet UI would wait for inclusion on a devnet.
        await createPublicClient({ chain, transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
        return hash
      }
      case 'solana_signMessage': {
        if (!options.solana) throw Object.assign(new Error('No Solana key'), { code: 4200 })
        const { message } = params as { message: string; pubkey: string }
        const key = createPrivateKey({
          key: Buffer.concat([PKCS8_ED25519_PREFIX, options.solana.secretKey.slice(0, 32)]),
          format: 'der',
          type: 'pkcs8',
        })
        const signature = sign(null, getBase58Encoder().encode(message) as Uint8Array, key)
        return { signature: getBase58Decoder().decode(signature) }
      }
      case 'wallet_switchEthereumChain': {
        const target = `eip155:${Number.parseInt((p[0] as { chainId: string }).chainId, 16)}`
        await switchChain(target)
        return null
      }
      default:
        throw Object.assign(new Error(`Method not supported: ${method}`), { code: 4200 })
    }
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
    if (behaviour.requests === 'reject') {
      entry.outcome = 'rejected'
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 4001, message: 'User rejected the request.' } },
      })
      return
    }
    try {
      entry.result = await answer(request.method, request.params, chainId)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result: entry.result } })
    } catch (e) {
      entry.outcome = 'failed'
      const code = (e as { code?: number }).code ?? 5000
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code, message: (e as Error).message } },
      })
    }
  }

  const switchChain = async (caipNetworkId: string) => {
    for (const s of client.session.getAll()) {
      const ns = s.namespaces.eip155
      if (!ns) continue
      if (!ns.chains?.includes(caipNetworkId)) {
        const chains = [...(ns.chains ?? []), caipNetworkId]
        const updated = { ...ns, chains, accounts: chains.map((c) => `${c}:${account.address}`) }
        const { acknowledged } = await client.update({
          topic: s.topic,
          namespaces: { ...s.namespaces, eip155: updated },
        })
        await acknowledged()
      }
      const chainRef = Number(caipNetworkId.split(':')[1])
      await client.emit({
        topic: s.topic,
        chainId: caipNetworkId,
        event: { name: 'chainChanged', data: chainRef },
      })
    }
  }

  client.on('session_proposal', (e) => void onProposal(e))
  client.on('session_request', (e) => void onRequest(e))

  return {
    get address() {
      return account.address
    },
    client,
    requests,
    pair: async (uri) => {
      const pairingTopic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
      if (!pairingTopic) throw new Error(`Not a WalletConnect v2 URI: ${uri}`)
      const result = new Promise<SessionTypes.Struct | undefined>((resolve) =>
        waiting.set(pairingTopic, resolve),
      )
      await client.pair({ uri })
      return result
    },
    setBehaviour: (b) => Object.assign(behaviour, b),
    sessions: () => client.session.getAll(),
    disconnect: async (topic) => {
      const topics = topic ? [topic] : client.session.getAll().map((s) => s.topic)
      for (const t of topics)
        await client.disconnect({ topic: t, reason: { code: 6000, message: 'User disconnected.' } })
    },
    switchChain,
    switchAccount: async (privateKey) => {
      account = privateKeyToAccount(privateKey)
      for (const s of client.session.getAll()) {
        const ns = s.namespaces.eip155
        if (!ns) continue
        const chains = ns.chains ?? []
        const updated = { ...ns, accounts: chains.map((c) => `${c}:${account.address}`) }
        const { acknowledged } = await client.update({
          topic: s.topic,
          namespaces: { ...s.namespaces, eip155: updated },
        })
        await acknowledged()
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
