import {
  type AccountRecord,
  type Balance,
  type CaipAddress,
  type CaipNetworkId,
  NetworkNotFoundError,
  type RpcProxyOptions,
  rpcProxyUrl,
  type TransactionOutcome,
} from '@portico/core'
import type { Hex } from 'viem'
import type { EvmClients } from '../adapter-clients.js'
import type { Connections } from '../connections/index.js'
import type { EvmTransactionRequest } from '../contract/index.js'
import { parseEvmChainId } from '../networks/index.js'
import { type Eip1193Provider, parseSignature, toAccountRecords, walletRequest } from '../provider/index.js'
import { ENTRY_POINT_V07, type EvmSmartAccountOptions, USER_OPERATION_SIGN_METHOD } from './options.js'
import type { UserOperationCall } from './user-operation.js'

/** A smart account the adapter derived for a connected owner on one network. */
interface SmartAccountEntry {
  address: `0x${string}`
  owner: `0x${string}`
  connectorId: string
  caipNetworkId: CaipNetworkId
}

/** What a user operation the adapter sent is, kept so `waitForTransaction` follows it through the bundler. */
interface SentEntry {
  caipNetworkId: CaipNetworkId
  entry: SmartAccountEntry
  sponsored: boolean
}

export interface SmartAccountsDeps {
  options: EvmSmartAccountOptions
  clients: Pick<EvmClients, 'networkOf' | 'clientOf'>
  connections: Connections
  providerOf: (connectorId: string) => Eip1193Provider
  rpcOptions: () => RpcProxyOptions
  /** The site's name from the app metadata the host gave `createPortico` (shown as "Sponsored by <name>"). */
  siteName: () => string | undefined
  /** Tells core the records changed (a smart account got deployed). */
  emitAccounts: (connectorId: string, accounts: AccountRecord[]) => void
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>

/**
 * The adapter's smart accounts: one SimpleAccount v0.7 per connected owner and
 * network, reported beside the owner's EOA (the preferred one first), sending
 * user operations for any request whose `address` is one of them, and
 * following those operations to their outcome.
 */
export function createSmartAccounts(deps: SmartAccountsDeps) {
  const { options } = deps
  const byAddress = new Map<string, SmartAccountEntry>()
  const sent = new Map<string, SentEntry>()
  const entryPoint = options.entryPoint ?? ENTRY_POINT_V07
  const salt = options.salt ?? 0n

  /** Who sponsors, as the site names itself: the adapter's `sponsorName`, else the app metadata's name. */
  const siteSponsorName = () => options.sponsorName ?? (deps.siteName()?.trim() || undefined)

  const enabledOn = (caipNetworkId: CaipNetworkId) =>
    options.networks ? options.networks.includes(caipNetworkId) : true

  function urlOf(caipNetworkId: CaipNetworkId): string {
    if (options.bundlerUrl) return options.bundlerUrl(caipNetworkId)
    const o = deps.rpcOptions()
    if (!o.apiUrl)
      throw new NetworkNotFoundError({
        details: `smart accounts on ${caipNetworkId} need Portico's apiUrl (the gateway's bundler proxy)`,
      })
    return rpcProxyUrl(o.apiUrl, caipNetworkId, o.projectId ?? 'local')
  }

  async function deployed(caipNetworkId: CaipNetworkId, address: `0x${string}`): Promise<boolean> {
    const code = await (await deps.clients.clientOf(caipNetworkId)).getCode({ address })
    return code !== undefined && code !== '0x'
  }

  /** The smart-account record of `owner` on the network (its address from the factory, deployed or not). */
  async function recordOf(connectorId: string, owner: `0x${string}`, caipNetworkId: CaipNetworkId) {
    const client = await deps.clients.clientOf(caipNetworkId)
    const { simpleAccountAddress } = await import('./simple-account.js')
    const address = await simpleAccountAddress(client, { factory: options.factory, owner, salt })
    // A connection's owner changed (an account switch): its previous owner's smart account is no longer one it sends from.
    for (const [key, e] of byAddress)
      if (
        e.connectorId === connectorId &&
        e.caipNetworkId === caipNetworkId &&
        e.owner.toLowerCase() !== owner.toLowerCase()
      )
        byAddress.delete(key)
    byAddress.set(address.toLowerCase(), { address, owner, connectorId, caipNetworkId })
    const record: AccountRecord = {
      namespace: 'eip155',
      address,
      caipAddress: `${caipNetworkId}:${address}` as CaipAddress,
      type: 'smartAccount',
      deployed: await deployed(caipNetworkId, address),
      owner,
    }
    return record
  }

  /** The owner's EOA records with its smart account added (first when preferred), on a network that has one. */
  async function withSmartAccount(
    connectorId: string,
    eoas: AccountRecord[],
    caipNetworkId: CaipNetworkId | undefined,
  ): Promise<AccountRecord[]> {
    const owner = eoas[0]?.address as `0x${string}` | undefined
    if (!owner || !caipNetworkId || !enabledOn(caipNetworkId)) return eoas
    try {
      deps.clients.networkOf(caipNetworkId)
    } catch {
      return eoas // the wallet sits on a network this adapter does not have
    }
    const smart = await recordOf(connectorId, owner, caipNetworkId)
    // An embedded wallet's channel names its own preference (the site's `preferredAccountType`).
    const preferred = ownerChannel(connectorId)?.smartAccountOwner?.preferred ?? options.preferred
    return preferred === 'eoa' ? [...eoas, smart] : [smart, ...eoas]
  }

  /** The plugin channel held under `connectorId` (an embedded wallet), if any. */
  function ownerChannel(connectorId: string) {
    return deps.connections.get(connectorId)?.channel?.channel
  }

  function entryOf(address: string | undefined, caipNetworkId: CaipNetworkId): SmartAccountEntry | undefined {
    if (!address) return undefined
    const entry = byAddress.get(address.toLowerCase())
    return entry && entry.caipNetworkId === caipNetworkId ? entry : undefined
  }

  async function accountFor(entry: SmartAccountEntry) {
    const [client, { toWalletSimpleAccount }] = await Promise.all([
      deps.clients.clientOf(entry.caipNetworkId),
      import('./simple-account.js'),
    ])
    const provider = deps.providerOf(entry.connectorId)
    return {
      client,
      account: await toWalletSimpleAccount({
        client,
        address: entry.address,
        owner: entry.owner,
        factory: options.factory,
        entryPoint,
        salt,
        async signHash(hash: Hex) {
          // SimpleAccount v0.7 checks an EIP-191 signature of the operation hash by its owner.
          const sig = await walletRequest(provider, 'personal_sign', [hash, entry.owner])
          return parseSignature('personal_sign', sig) as Hex
        },
        ...(ownerChannel(entry.connectorId)?.smartAccountOwner
          ? {
              // The embedded wallet's frame shows the calls and computes the hash itself.
              async signOperation(operation: Record<string, unknown>) {
                // The frame's card says "Sponsored by <name>" beside the requesting origin it knows itself.
                const name = operation.paymaster ? siteSponsorName() : undefined
                const sig = await walletRequest(provider, USER_OPERATION_SIGN_METHOD, [
                  operation,
                  entryPoint,
                  ...(name ? [{ sponsorName: name }] : []),
                ])
                return parseSignature('personal_sign', sig) as Hex
              },
            }
          : {}),
      }),
    }
  }

  const sponsorOf = (request: { sponsored?: boolean }) =>
    (options.sponsor ?? true) && request.sponsored !== false

  function callsOf(request: EvmTransactionRequest): UserOperationCall[] {
    if (!request.to)
      throw new NetworkNotFoundError({ details: 'a smart account cannot deploy a contract (no `to`)' })
    return [
      {
        to: request.to as `0x${string}`,
        ...(request.value !== undefined ? { value: request.value } : {}),
        ...(request.data ? { data: request.data as Hex } : {}),
      },
    ]
  }

  async function sendCalls(
    entry: SmartAccountEntry,
    calls: UserOperationCall[],
    sponsor: boolean,
  ): Promise<`0x${string}`> {
    const [{ client, account }, { sendUserOperation }] = await Promise.all([
      accountFor(entry),
      import('./user-operation.js'),
    ])
    const { hash } = await sendUserOperation({
      client,
      account,
      url: urlOf(entry.caipNetworkId),
      sponsor,
      calls,
    })
    sent.set(hash.toLowerCase(), { caipNetworkId: entry.caipNetworkId, entry, sponsored: sponsor })
    return hash
  }

  return {
    enabledOn,
    withSmartAccount,
    /** The smart account behind `address` on the network, if the adapter made it. */
    entryOf,
    /** Whether `hash` is a user operation this adapter sent (its outcome comes from the bundler). */
    isUserOperation: (hash: string) => sent.has(hash.toLowerCase()),

    /** Sends `request` as a user operation of the smart account `entry` (sponsored unless `sponsored: false`). */
    send: (entry: SmartAccountEntry, request: EvmTransactionRequest) =>
      sendCalls(entry, callsOf(request), sponsorOf(request)),

    /** Sends several calls as one atomic user operation (`executeBatch`). */
    sendBatch: (entry: SmartAccountEntry, calls: UserOperationCall[], sponsored?: boolean) =>
      sendCalls(entry, calls, sponsorOf({ ...(sponsored !== undefined ? { sponsored } : {}) })),

    /** Whether the gateway's paymaster is asked to sponsor this adapter's user operations. */
    sponsors: () => options.sponsor ?? true,

    /** The most `request` costs the account (zero when the paymaster sponsors it) and who sponsors it. */
    async price(
      entry: SmartAccountEntry,
      request: EvmTransactionRequest,
    ): Promise<{ fee: Balance; sponsored: boolean; sponsorName?: string }> {
      const [{ client, account }, { priceUserOperation }] = await Promise.all([
        accountFor(entry),
        import('./user-operation.js'),
      ])
      const priced = await priceUserOperation({
        client,
        account,
        url: urlOf(entry.caipNetworkId),
        sponsor: sponsorOf(request),
        calls: callsOf(request),
        network: deps.clients.networkOf(entry.caipNetworkId),
      })
      // The site's own name first; the gateway's name for the sponsoring project after it.
      const name = siteSponsorName() ?? priced.sponsorName
      return {
        fee: priced.fee,
        sponsored: priced.sponsored,
        ...(priced.sponsored && name ? { sponsorName: name } : {}),
      }
    },

    /**
     * Follows a user operation this adapter sent to its outcome; once the first
     * one of an account landed, the account's records are re-announced with
     * `deployed: true` (core's `smartAccountDeployed`).
     */
    async follow(params: { hash: string; timeoutMs: number }): Promise<TransactionOutcome> {
      const s = sent.get(params.hash.toLowerCase())
      if (!s) throw new NetworkNotFoundError({ details: `${params.hash} is not a user operation sent here` })
      const [client, { followUserOperation }] = await Promise.all([
        deps.clients.clientOf(s.caipNetworkId),
        import('./user-operation.js'),
      ])
      const outcome = await followUserOperation({
        client,
        url: urlOf(s.caipNetworkId),
        hash: params.hash as Hex,
        network: deps.clients.networkOf(s.caipNetworkId),
        timeoutMs: params.timeoutMs,
      })
      if (outcome.status === 'succeeded' || outcome.status === 'failed') {
        const held = deps.connections.get(s.entry.connectorId)
        const chainId = parseEvmChainId(s.caipNetworkId)
        if (held && chainId !== undefined && held.chainId === chainId) {
          const eoas = toAccountRecords(held.accounts, chainId)
          deps.emitAccounts(
            s.entry.connectorId,
            await withSmartAccount(s.entry.connectorId, eoas, s.caipNetworkId),
          )
        }
      }
      return outcome
    },
  }
}
