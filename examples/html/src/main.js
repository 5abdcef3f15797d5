// The page's only script. No framework: Portico's buttons are custom elements
// (defined by this call, never at import) and a mountPortico() mount; the
// modal inside is Portico's own. The EVM dev wallet (EIP-6963, signs with
// the devnet's published keys) stands in for a browser wallet.
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico } from '@portico/core'
import { definePorticoElements, mountPortico } from '@portico/html'
import { loadDevnet } from './devnet.js'

const status = /** @type {HTMLElement} */ (document.getElementById('status'))

try {
  const devnet = await loadDevnet()
  const rpc = (/** @type {number} */ id) => devnet.chains.find((c) => c.chainId === id)?.rpcUrl
  const networks = [
    withRpcUrls(anvil31337, [rpc(31337) ?? anvil31337.rpcUrls.default.http[0] ?? '']),
    withRpcUrls(anvil31338, [rpc(31338) ?? anvil31338.rpcUrls.default.http[0] ?? '']),
  ]
  const wallet = createDevWallet({ networks })
  wallet.announce(window)

  const portico = createPortico({
    adapters: [
      evmAdapter({
        networks,
        tokens: Object.fromEntries(networks.map((n) => [n.caipNetworkId, devnet.tokens])),
      }),
    ],
    metadata: { name: 'Plain HTML shop', url: window.location.origin },
    themeMode: 'system',
  })

  // <portico-button> and <portico-network-button> in the header come alive here.
  definePorticoElements(portico)

  // The same instance, mounted into a panel; the toggle shows the unmount function.
  const panel = /** @type {HTMLElement} */ (document.getElementById('mounted'))
  const toggle = /** @type {HTMLButtonElement} */ (document.getElementById('toggle-mount'))
  const mount = () => mountPortico(portico, panel, { button: 'both', label: 'Connect from the panel' })
  /** @type {(() => void) | undefined} */
  let unmount = mount()
  toggle.addEventListener('click', () => {
    if (unmount) {
      unmount()
      unmount = undefined
      toggle.textContent = 'Mount again'
    } else {
      unmount = mount()
      toggle.textContent = 'Unmount'
    }
  })

  // Reading state needs no framework either: one subscription.
  const show = () => {
    const { accounts, networks: nets } = portico.getState()
    const account = accounts.eip155
    status.textContent =
      account?.status === 'connected' && account.address
        ? `Connected: ${account.address} on ${nets.active.eip155 ?? 'an unknown network'}`
        : devnet.found
          ? 'Not connected.'
          : "Not connected. No devnet found: start one with the example's start script."
  }
  portico.subscribe(show)
  show()

  // For tests and the curious: the instance and the dev wallet.
  Object.assign(window, { __portico: { portico, wallet } })
} catch (error) {
  status.dataset.error = ''
  status.textContent = `Portico could not start: ${error instanceof Error ? error.message : String(error)}`
  console.error(error)
}
