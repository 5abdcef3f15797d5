import {
  BITCOIN_PERSONALITIES,
  type BitcoinPersonalityId,
  LEATHER_PROVIDER_ID,
  XVERSE_PROVIDER_ID,
} from '@portico/dev-wallets/bitcoin/personalities'
import type { ConformanceDevWallet } from '@portico/devnet/conformance'

/** The connector id the adapter gives each personality's wallet family. */
export const PERSONALITY_CONNECTOR_IDS: Record<BitcoinPersonalityId, string> = {
  xverse: `btc-providers:${XVERSE_PROVIDER_ID}`,
  leather: `btc-providers:${LEATHER_PROVIDER_ID}`,
  unisat: 'injected:unisat',
  okx: 'injected:okx',
  phantom: 'injected:phantom',
}

/**
 * A personality as the conformance kit drives it: dev account 0 of
 * `mnemonic`; account and disconnect changes only where the wallet emits
 * them (its published events), else the kit lists those checks as skipped.
 */
export function personalityDevWallet(id: BitcoinPersonalityId, mnemonic: string): ConformanceDevWallet {
  const personality = BITCOIN_PERSONALITIES[id]({ mnemonic, account: 0 })
  return {
    connectorId: PERSONALITY_CONNECTOR_IDS[id],
    get address() {
      return personality.address
    },
    controls: personality.controls,
    install: () => personality.install(),
    ...(personality.emits.accounts ? { switchAccount: () => personality.switchAccount(1) } : {}),
    ...(personality.emits.disconnect ? { disconnect: () => personality.disconnectSite() } : {}),
  }
}
