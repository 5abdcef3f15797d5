import type { BlockchainApi, ChainNamespace, Logger, PorticoState } from '../contracts/index.js'
import type { Store } from '../state/index.js'
import type { AccountsService } from './accounts.js'

export interface ProfileDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  logger: Logger
  api: { enabled: boolean; blockchain: Pick<BlockchainApi, 'getIdentity'> }
  /** The gateway's base URL: the only origin an avatar may load from (besides `data:` images). */
  apiUrl?: string
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i

/**
 * The avatar URL the modal may load: a `data:` image, or a URL on the gateway's
 * own origin (the gateway fetches the owner's record through its egress filter
 * and serves the bytes). An avatar record elsewhere is a URL chosen by the
 * name's owner: loading it would tell a stranger who looks at the page.
 *
 * @example
 * servableAvatar('https://evil.test/pixel.png', 'https://gw.example') // undefined
 * servableAvatar('https://gw.example/v1/identity/0xab/avatar', 'https://gw.example') // the URL
 */
export function servableAvatar(
  avatar: string | null | undefined,
  apiUrl: string | undefined,
): string | undefined {
  if (!avatar) return undefined
  if (DATA_IMAGE.test(avatar)) return avatar
  if (!apiUrl) return undefined
  try {
    return new URL(avatar).origin === new URL(apiUrl).origin ? avatar : undefined
  } catch {
    return undefined
  }
}

/**
 * Fills `profileName` / `profileImage` from GET /v1/identity/{address} (SPEC §3
 * Identity, §7) when `apiUrl` is set. The client caches and gates the call;
 * a failure leaves the profile empty (logged at debug level).
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /** `force` reads past the identity cache: the name or avatar just changed (a registration). */
  async refresh(namespace: ChainNamespace, options: { force?: boolean } = {}): Promise<void> {
    if (!this.deps.api.enabled) return
    const address = this.deps.accounts.get(namespace)?.address
    if (!address) return
    try {
      const identity = await this.deps.api.blockchain.getIdentity({
        address,
        sender: address,
        ...(options.force ? { forceUpdate: true } : {}),
      })
      if (this.deps.accounts.get(namespace)?.address !== address) return
      const profileImage = servableAvatar(identity.avatar, this.deps.apiUrl)
      if (identity.avatar && !profileImage) {
        this.deps.logger.warn(
          'Portico: ignored an avatar outside the gateway (only data: or gateway URLs load)',
          {
            avatar: identity.avatar,
          },
        )
      }
      this.deps.accounts.update(namespace, { profileName: identity.name ?? undefined, profileImage })
    } catch (error) {
      this.deps.logger.debug('Portico: identity lookup failed', error)
    }
  }
}
