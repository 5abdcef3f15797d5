import type { BalanceService } from '../accounts/index.js'
import type {
  CaipNetworkId,
  CallRequest,
  CallsCapabilities,
  CallsStatus,
  ChainAdapter,
  ChainNamespace,
  PorticoState,
  SentCalls,
} from '../contracts/index.js'
import { MethodNotSupportedError, RequestAbortedError } from '../errors/index.js'
import type { createRequestTracking } from '../portico/wallet-requests.js'
import type { Store } from '../state/index.js'
import { isCaipNetworkId } from '../utils/index.js'
import { CALLS_FOLLOW_MS, InvalidCallsError, InvalidCallsStatusError, MAX_CALLS_PER_BATCH } from './errors.js'

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/

/** Checks the calls' shape (types, sizes, hex data, non-negative values) and each target with the adapter. */
async function validateCalls(
  calls: unknown,
  adapter: ChainAdapter,
  caipNetworkId: CaipNetworkId | undefined,
): Promise<CallRequest[]> {
  if (!Array.isArray(calls) || calls.length === 0) throw new InvalidCallsError('calls: at least one call')
  if (calls.length > MAX_CALLS_PER_BATCH)
    throw new InvalidCallsError(`calls: at most ${MAX_CALLS_PER_BATCH} in one batch`)
  const out: CallRequest[] = []
  for (const [i, call] of calls.entries()) {
    if (call === null || typeof call !== 'object') throw new InvalidCallsError(`calls[${i}]: not an object`)
    const { to, value, data } = call as Record<string, unknown>
    if (typeof to !== 'string' || to.length === 0 || to.length > 256)
      throw new InvalidCallsError(`calls[${i}].to: an address is required`)
    if (
      adapter.isValidAddress &&
      caipNetworkId &&
      !(await adapter.isValidAddress({ address: to, caipNetworkId }))
    )
      throw new InvalidCallsError(`calls[${i}].to: not an address of ${caipNetworkId}`)
    if (value !== undefined && (typeof value !== 'bigint' || value < 0n))
      throw new InvalidCallsError(`calls[${i}].value: a non-negative bigint`)
    if (data !== undefined && (typeof data !== 'string' || !HEX.test(data)))
      throw new InvalidCallsError(`calls[${i}].data: 0x-prefixed hex bytes`)
    out.push({ to, ...(value !== undefined ? { value } : {}), ...(data !== undefined ? { data } : {}) })
  }
  return out
}

function validateId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096)
    throw new InvalidCallsError('id: the batch id the wallet returned')
  return id
}

function checkStatus(status: CallsStatus, id: string): CallsStatus {
  if (!Number.isInteger(status.status) || status.status < 100 || status.status > 699)
    throw new InvalidCallsStatusError(`status ${String(status.status)} of ${id}`)
  return status
}

export interface CallsDeps {
  store: Store<PorticoState>
  balance: Pick<BalanceService, 'afterTransaction'>
  tracking: ReturnType<typeof createRequestTracking>
  isDestroyed(): boolean
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        reject(new RequestAbortedError())
      },
      { once: true },
    )
  })

/**
 * EIP-5792 through the instance (`portico.getCallsCapabilities`, `sendCalls`,
 * `getCallsStatus`, `waitForCalls`, `showCallsStatus`): each goes to the
 * connected namespace's adapter; an adapter without the capability is
 * `MethodNotSupportedError`. `sendCalls` is tracked in `state.requests`
 * (kind `sendCalls`, the batch id as its result).
 */
export function createCalls(deps: CallsDeps) {
  const { tracking, store } = deps
  const networkOf = (ns: ChainNamespace, given: CaipNetworkId | undefined) =>
    given ?? store.getState().networks.active[ns]

  const getCallsCapabilities = async (
    params: { namespace?: ChainNamespace; caipNetworkId?: CaipNetworkId } = {},
  ): Promise<CallsCapabilities> => {
    if (params.caipNetworkId !== undefined && !isCaipNetworkId(params.caipNetworkId))
      throw new InvalidCallsError('caipNetworkId: a CAIP-2 network id')
    const { ns, adapter, address, connectorId } = tracking.connected(params.namespace)
    if (!adapter.getCallsCapabilities) throw new MethodNotSupportedError({ method: 'wallet_getCapabilities' })
    const caipNetworkId = networkOf(ns, params.caipNetworkId)
    return await adapter.getCallsCapabilities({
      connectorId,
      address,
      ...(caipNetworkId ? { caipNetworkId } : {}),
    })
  }

  const sendCalls = async (params: {
    calls: readonly CallRequest[]
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
    atomicRequired?: boolean
    sponsored?: boolean
    requestId?: string
  }): Promise<SentCalls> => {
    if (params.caipNetworkId !== undefined && !isCaipNetworkId(params.caipNetworkId))
      throw new InvalidCallsError('caipNetworkId: a CAIP-2 network id')
    const sent = await tracking.track(
      'sendCalls',
      params,
      { request: { calls: params.calls } },
      async ({ ns, adapter, address, connectorId }) => {
        if (!adapter.sendCalls) throw new MethodNotSupportedError({ method: 'wallet_sendCalls' })
        const caipNetworkId = networkOf(ns, params.caipNetworkId)
        const calls = await validateCalls(params.calls, adapter, caipNetworkId)
        const { id } = await adapter.sendCalls({
          connectorId,
          address,
          calls,
          atomicRequired: params.atomicRequired ?? true,
          ...(caipNetworkId ? { caipNetworkId } : {}),
          ...(params.sponsored !== undefined ? { sponsored: params.sponsored } : {}),
        })
        return { id: validateId(id), namespace: ns, ...(caipNetworkId ? { caipNetworkId } : {}) }
      },
      (done) => done.id,
    )
    // The batch is followed to its end and the sender's balances re-read then, whatever it is.
    if (!deps.isDestroyed())
      deps.balance.afterTransaction({
        namespace: sent.namespace,
        hash: sent.id,
        ...(sent.caipNetworkId ? { caipNetworkId: sent.caipNetworkId } : {}),
        settled: waitForCalls({ id: sent.id, namespace: sent.namespace }).catch((error: unknown) => error),
      })
    return sent
  }

  const getCallsStatus = async (params: {
    id: string
    namespace?: ChainNamespace
    timeoutMs?: number
  }): Promise<CallsStatus> => {
    const id = validateId(params.id)
    const { adapter, connectorId } = tracking.connected(params.namespace)
    if (!adapter.getCallsStatus) throw new MethodNotSupportedError({ method: 'wallet_getCallsStatus' })
    const status = await adapter.getCallsStatus({
      connectorId,
      id,
      ...(params.timeoutMs !== undefined ? { timeoutMs: params.timeoutMs } : {}),
    })
    return checkStatus(status, id)
  }

  const waitForCalls = async (params: {
    id: string
    namespace?: ChainNamespace
    timeoutMs?: number
    signal?: AbortSignal
  }): Promise<CallsStatus> => {
    const deadline = Date.now() + (params.timeoutMs ?? CALLS_FOLLOW_MS)
    for (;;) {
      if (params.signal?.aborted) throw new RequestAbortedError()
      const status = await getCallsStatus({ ...params, timeoutMs: 2_000 })
      if (status.status !== 100 || Date.now() > deadline || deps.isDestroyed()) return status
      await sleep(500, params.signal)
    }
  }

  const showCallsStatus = async (params: { id: string; namespace?: ChainNamespace }): Promise<void> => {
    const id = validateId(params.id)
    const { adapter, connectorId } = tracking.connected(params.namespace)
    if (!adapter.showCallsStatus) throw new MethodNotSupportedError({ method: 'wallet_showCallsStatus' })
    await adapter.showCallsStatus({ connectorId, id })
  }

  return { getCallsCapabilities, sendCalls, getCallsStatus, waitForCalls, showCallsStatus }
}
