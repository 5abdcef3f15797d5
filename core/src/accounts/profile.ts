import type { BlockchainApi, ChainNamespace, Logger, PorticoState } from '../contracts/index.js'
import type { Store } from '../state/index.js'
import type { AccountsService } from './accounts.js'

export interface ProfileDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  logger: Logger
  api: { enabled: boolean; blockchain: Pick<BlockchainApi, 'getIdentity'> }
}

/**
 * Fills `profileName` / `profileImage` from GET /v1/identity/{address} (SPEC §3
 * Identity, §7) when `apiUrl` is set. The client caches and gates the call;
 * a failure leaves the profile empty (logged at debug level).
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async refresh(namespace: ChainNamespace): Promise<void> {
    if (!this.deps.api.enabled) return
    const address = this.deps.accounts.get(namespace)?.address
    if (!address) return
    try {
      const identity = await this.deps.api.blockchain.getIdentity({ address, sender: address })
      if (this.deps.accounts.get(namespace)?.address !== address) return
      this.deps.accounts.update(namespace, {
        profileName: identity.name ?? undefined,
        profileImage: identity.avatar ?? undefined,
      })
    } catch (error) {
      this.deps.logger.debug('Portico: identity lookup failed', error)
    }
  }
}
