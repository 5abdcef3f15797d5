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
  /** How long after setup to keep looking for late-injected extensions; default 3000 ms. */
  discoveryWindowMs?: number
}
