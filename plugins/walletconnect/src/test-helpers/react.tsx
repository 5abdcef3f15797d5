import type { Network, Portico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { act, type ReactNode, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { WebSocket as NodeWebSocket } from 'ws'

// Shared setup of the plugin's React view tests (not shipped: excluded from the
// build and from the package's files).
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** A devnet EVM chain as the view tests configure Portico with it. */
export function devnetChain(id: number, name: string): Network {
  return {
    id,
    name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  }
}

export const anvil = devnetChain(31337, 'Anvil')

/** jsdom/happy-dom WebSockets break WalletConnect clients (LOCAL-WORLD.md): use `ws`. */
export function installNodeWebSocket(): void {
  ;(globalThis as { WebSocket: unknown }).WebSocket = NodeWebSocket
}

/** Cleanups a test file collects (unmounts, connectors, instances); run last first. */
export type Teardown = (() => Promise<void> | void)[]

async function runTeardown(teardown: Teardown): Promise<void> {
  for (const t of teardown.splice(0).reverse()) await t()
}

/**
 * A test file's view harness: `mount` (see `createMount`), the `teardown` list
 * it registers into (push your own cleanups there too) and `cleanup()`, which
 * runs them last first (call it in afterAll / afterEach).
 */
export function createViews(options: { destroyPortico?: boolean } = {}) {
  const teardown: Teardown = []
  return { teardown, mount: createMount(teardown, options), cleanup: () => runTeardown(teardown) }
}

/** Polls `fn` inside `act` until it returns true. */
export async function waitFor(fn: () => boolean, timeout = 10_000): Promise<void> {
  const start = Date.now()
  while (!fn()) {
    if (Date.now() - start > timeout) throw new Error('waitFor timed out')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
  }
}

/**
 * A `mount(portico, ui, { strict })` that renders `ui` under `<PorticoProvider>`
 * into a fresh container and registers its unmount (and, with `destroyPortico`,
 * `portico.destroy()`) in `teardown`.
 *
 * `strict` puts `<StrictMode>` at the top, as the demo's main.tsx does: React only
 * simulates the unmount + remount of effects when StrictMode wraps the newly
 * placed subtree from its root (a StrictMode nested inside the provider is not enough).
 */
export function createMount(teardown: Teardown, options: { destroyPortico?: boolean } = {}) {
  return async function mount(
    portico: Portico,
    ui: ReactNode,
    opts: { strict?: boolean } = {},
  ): Promise<HTMLElement> {
    const container = document.createElement('div')
    document.body.appendChild(container)
    let root!: Root
    const tree = <PorticoProvider portico={portico}>{ui}</PorticoProvider>
    await act(async () => {
      root = createRoot(container)
      root.render(opts.strict ? <StrictMode>{tree}</StrictMode> : tree)
    })
    teardown.push(() => {
      act(() => root.unmount())
      container.remove()
      if (options.destroyPortico) portico.destroy()
    })
    return container
  }
}
