import {
  AnalyticsClient,
  HttpBlockchainApi,
  supportedChainsCheck,
  WalletDirectoryClient,
} from '../api/index.js'
import type { AlertState, ApiClients, CaipNetworkId, PorticoOptions } from '../contracts/index.js'
import { PorticoError } from '../errors/index.js'

/** Rejects: no `apiUrl` is configured, so the HTTP features are off. */
async function notConfigured(): Promise<never> {
  throw new PorticoError('Blockchain API not configured', {
    code: 'API_NOT_CONFIGURED',
    metaMessages: ['Pass `apiUrl` (e.g. a @portico/server gateway) to createPortico.'],
  })
}

export interface ApiWiring {
  /** The configured networks (SPEC §6: a network outside them is unsupported). */
  isConfiguredNetwork(caipNetworkId: CaipNetworkId): boolean
  getActiveNetworkId(): CaipNetworkId | undefined
  getAddress(): string | undefined
  setAlert(alert: AlertState): void
}

export interface InstanceApi extends ApiClients {
  /** The SPEC §6 unsupported-network check gating every blockchain API call. */
  isNetworkSupported(caipNetworkId: CaipNetworkId): Promise<boolean>
  /** True when `apiUrl` is set. */
  enabled: boolean
}

/**
 * The API clients of one instance (fresh caches per instance). Without
 * `apiUrl` every HTTP feature is off: calls reject with a typed error and
 * analytics sends nothing. Nothing is fetched until a call is made.
 */
export function createApiClients(options: PorticoOptions, wiring: ApiWiring): InstanceApi {
  const toAlert = (alert: { code: string; shortMessage: string; longMessage: string }) =>
    wiring.setAlert({ ...alert, severity: 'error' })
  const common = {
    projectId: options.projectId ?? 'local',
    ...(options.sdkType ? { sdkType: options.sdkType } : {}),
    ...(options.sdkVersion ? { sdkVersion: options.sdkVersion } : {}),
  }
  const directoryUrl = options.directoryUrl ?? options.apiUrl
  const analyticsUrl = options.analyticsUrl ?? options.apiUrl
  const directory: ApiClients['directory'] = directoryUrl
    ? new WalletDirectoryClient({ baseUrl: directoryUrl, ...common, onAlert: toAlert })
    : {
        getWallets: notConfigured,
        getProjectConfig: notConfigured,
        getAllowedOrigins: notConfigured,
        getAnalyticsConfig: notConfigured,
        getImageUrl: () => '',
      }
  const analytics: ApiClients['analytics'] = analyticsUrl
    ? new AnalyticsClient({
        baseUrl: analyticsUrl,
        ...common,
        enabled: () => options.features?.analytics === true,
        getAddress: wiring.getAddress,
        onAlert: toAlert,
      })
    : { sendEvent: () => {}, sendError: () => {} }

  if (!options.apiUrl) {
    return {
      enabled: false,
      isNetworkSupported: async (id) => wiring.isConfiguredNetwork(id),
      blockchain: {
        getSupportedChains: notConfigured,
        getIdentity: notConfigured,
        getTransactionHistory: notConfigured,
        getNfts: notConfigured,
        getBalance: notConfigured,
        fetchPrice: notConfigured,
        lookupName: notConfigured,
        reverseLookup: notConfigured,
        resolveEnsName: notConfigured,
        getNameSuggestions: notConfigured,
        registerName: notConfigured,
        getSession: notConfigured,
        listSessions: notConfigured,
        revokeSession: notConfigured,
      },
      directory,
      analytics,
    }
  }
  // The gateway's supported-chains list, fetched on first use, plus the configured networks.
  const listCheck = supportedChainsCheck(
    new HttpBlockchainApi({ baseUrl: options.apiUrl, ...common, onAlert: toAlert }),
  )
  const isNetworkSupported = async (id: CaipNetworkId) =>
    wiring.isConfiguredNetwork(id) && (await listCheck(id))
  const blockchain = new HttpBlockchainApi({
    baseUrl: options.apiUrl,
    ...common,
    isNetworkSupported,
    getActiveNetworkId: wiring.getActiveNetworkId,
    onAlert: toAlert,
  })
  return { enabled: true, isNetworkSupported, blockchain, directory, analytics }
}
