'use client'

import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet, type DevWallet } from '@portico/adapter-evm/dev-wallet'
import { createCookieStorage, createPortico, type Portico } from '@portico/core'
import {
  ConnectButton,
  NetworkButton,
  PorticoModal,
  PorticoProvider,
  useAccount,
  useNetwork,
} from '@portico/react'
import { useEffect, useState } from 'react'
import type { Devnet } from './devnet.js'

/** localStorage key under which the dev wallet remembers that this site was approved. */
const GRANT_KEY = 'example-nextjs:dev-wallet-grant'

/**
 * A browser wallet remembers the sites it approved, so after a reload it
 * answers `eth_accounts` without a prompt and Portico's restore succeeds. The
 * dev wallet keeps no such memory across page loads; this gives it one. The
 * approval request goes out before Portico is created, ahead of the restore's
 * `eth_accounts`.
 */
function rememberSiteGrant(wallet: DevWallet): void {
  if (localStorage.getItem(GRANT_KEY) === '1') {
    wallet.provider.request({ method: 'eth_requestAccounts' }).catch((error: unknown) => {
      localStorage.removeItem(GRANT_KEY)
      console.warn('The dev wallet did not restore its approval of this site', error)
    })
  }
  wallet.provider.on('connect', () => localStorage.setItem(GRANT_KEY, '1'))
  wallet.provider.on('accountsChanged', (accounts: unknown) => {
    if (Array.isArray(accounts) && accounts.length === 0) localStorage.removeItem(GRANT_KEY)
  })
  wallet.provider.on('disconnect', () => localStorage.removeItem(GRANT_KEY))
}

/**
 * One Portico instance per render root: on the server one per request (it
 * reads the request's Portico cookies and never asks a wallet), in the browser
 * one per page (document.cookie, then it restores the recent connection). The
 * EVM dev wallet (EIP-6963, the devnet's published keys) stands in for a
 * browser wallet and exists only in the browser.
 */
function makePortico(devnet: Devnet, cookieHeader: string): Portico {
  const rpc = (id: number) => devnet.chains.find((c) => c.chainId === id)?.rpcUrl
  const networks = [
    withRpcUrls(anvil31337, [rpc(31337) ?? anvil31337.rpcUrls.default.http[0] ?? '']),
    withRpcUrls(anvil31338, [rpc(31338) ?? anvil31338.rpcUrls.default.http[0] ?? '']),
  ]
  const inBrowser = typeof window !== 'undefined'
  if (inBrowser) {
    const wallet = createDevWallet({ networks })
    rememberSiteGrant(wallet)
    wallet.announce(window)
  }
  return createPortico({
    adapters: [
      evmAdapter({
        networks,
        tokens: Object.fromEntries(networks.map((n) => [n.caipNetworkId, devnet.tokens])),
      }),
    ],
    metadata: { name: 'Next.js shop', url: inBrowser ? window.location.origin : 'http://127.0.0.1' },
    // The server reads the request's cookies; the browser reads and writes document.cookie.
    storage: createCookieStorage({ cookieHeader }),
    reconnectOnLoad: inBrowser,
    themeMode: 'light',
  })
}

function AccountCard({ devnetFound }: { devnetFound: boolean }) {
  const account = useAccount()
  const { network } = useNetwork()
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Your account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="account-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="account-address">{account.address ?? 'Not connected'}</dd>
        <dt>Network</dt>
        <dd data-testid="account-network">{network?.name ?? 'None'}</dd>
      </dl>
      <p className="hint">
        {devnetFound
          ? 'Connect, then reload: the server already draws your address (cookie storage), and the browser takes over without a flash.'
          : 'No devnet was named: start the example with its start script, which runs one.'}
      </p>
    </section>
  )
}

/** The client side of the page: the provider, the buttons, the modal and an account card. */
export function PorticoApp({ devnet, cookieHeader }: { devnet: Devnet; cookieHeader: string }) {
  const [portico] = useState(() => makePortico(devnet, cookieHeader))
  useEffect(() => {
    // For tests and the curious, as in the other examples.
    Object.assign(window, { __portico: portico })
    return () => portico.destroy()
  }, [portico])
  return (
    <PorticoProvider portico={portico}>
      <header>
        <h1>Next.js shop</h1>
        <nav>
          <NetworkButton />
          <ConnectButton />
        </nav>
      </header>
      <main>
        <AccountCard devnetFound={devnet.found} />
      </main>
      <PorticoModal />
    </PorticoProvider>
  )
}
