import type {
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  RequestChannel,
  RequestChannelEvent,
} from '@portico/core'
import type { DevWcWallet } from './dev-wallet/index.js'
import { createMemoryKeyValueStorage } from './storage.js'

/** A WalletConnect session seen from the dApp side, as a core `RequestChannel` for one namespace. */
export interface DevWcChannel {
  channel: RequestChannel
  /** Deletes the session and closes the dApp client's socket. */
  close(): Promise<void>
}

/**
 * Opens a real WalletConnect session between a dApp-side
 * `@walletconnect/sign-client` and the dev wallet over the loopback relay,
 * and hands it over as the `RequestChannel` an adapter drives (what the
 * WalletConnect plugin gives an adapter's `connect({ channel })`), so adapter
 * tests go through the real relay and the wallet's real answers — error codes
 * included — without the plugin.
 *
 * @example
 * const { channel, close } = await openDevWcChannel({ relayUrl: relay.url, wallet, namespace: 'eip155', chains: ['eip155:31337'], methods: adapter.channel.methods, events: adapter.channel.events })
 * await adapter.connect({ connectorId: 'walletConnect', channel })
 */
export async function openDevWcChannel(params: {
  relayUrl: string
  wallet: DevWcWallet
  namespace: ChainNamespace
  chains: readonly CaipNetworkId[]
  methods: readonly string[]
  events: readonly string[]
}): Promise<DevWcChannel> {
  const { SignClient } = await import('@walletconnect/sign-client')
  const dapp = await SignClient.init({
    projectId: 'local',
    relayUrl: params.relayUrl,
    telemetryEnabled: false,
    customStoragePrefix: `portico-dev-dapp-${Math.random().toString(36).slice(2)}`,
    storage: createMemoryKeyValueStorage() as never,
    logger: 'silent',
    metadata: { name: 'Portico dev dApp', description: '', url: 'http://127.0.0.1', icons: [] },
  })
  const close = async () => {
    dapp.core.heartbeat.stop()
    await dapp.core.relayer.transportClose()
  }
  try {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        [params.namespace]: {
          chains: [...params.chains],
          methods: [...params.methods],
          events: [...params.events],
        },
      },
    })
    if (!uri) throw new Error('the dApp client gave no pairing URI')
    const [session] = await Promise.all([approval(), params.wallet.pair(uri)])
    let current = session
    const ns = () => current.namespaces[params.namespace]
    const listeners = new Map<RequestChannelEvent, Set<(payload: unknown) => void>>()
    const emit = (event: RequestChannelEvent, payload: unknown) => {
      for (const handler of listeners.get(event) ?? []) handler(payload)
    }
    dapp.on('session_update', ({ topic }) => {
      if (topic === current.topic) current = dapp.session.get(topic)
    })
    dapp.on('session_event', ({ topic, params: p }) => {
      if (topic !== current.topic) return
      if (p.event.name === 'accountsChanged') emit('accountsChanged', p.event.data)
      if (p.event.name === 'chainChanged') emit('chainChanged', p.event.data)
    })
    dapp.on('session_delete', ({ topic }) => {
      if (topic === current.topic) emit('disconnect', undefined)
    })
    const channel: RequestChannel = {
      namespace: params.namespace,
      request: ({ method, params: p, chainId }) =>
        dapp.request({ topic: current.topic, chainId, request: { method, params: p } }),
      accounts: () => (ns()?.accounts ?? []) as CaipAddress[],
      chains: () => (ns()?.chains ?? []) as CaipNetworkId[],
      on(event, handler) {
        const set = listeners.get(event) ?? new Set()
        listeners.set(event, set)
        set.add(handler)
        return () => set.delete(handler)
      },
    }
    return {
      channel,
      async close() {
        // The wallet may have deleted the session already.
        if (dapp.session.keys.includes(current.topic))
          await dapp.disconnect({
            topic: current.topic,
            reason: { code: 6000, message: 'User disconnected.' },
          })
        await close()
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}
