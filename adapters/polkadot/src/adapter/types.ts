import type { PolkadotNetwork } from '../networks/index.js'

export interface PolkadotAdapterOptions {
  /** Networks offered (`polkadotLocal(...)` for the chopsticks devnet); default Polkadot and Kusama. */
  networks?: PolkadotNetwork[]
  /** The app name extensions show when asking the user for access (`enable(appName)`). */
  appName: string
  /**
   * Look for extensions in `window.injectedWeb3`. Defaults to `ctx.isBrowser`;
   * set `true` to discover under a `window` global in Node tests.
   */
  discover?: boolean
  /**
   * How long to look for late-injected extensions every 250 ms, counted from
   * the page's load event (extensions such as Talisman and SubWallet inject
   * after it); default 3000 ms. After it the adapter still looks every
   * second for a minute, when the page becomes visible again, and whenever
   * the connectors are read, so a late extension always shows up.
   */
  discoveryWindowMs?: number
}
