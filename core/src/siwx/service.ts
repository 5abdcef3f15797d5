import type {
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  EventBus,
  Logger,
  Portico,
  PorticoStorage,
} from '../contracts/index.js'
import { HttpRequestError, MethodNotSupportedError, PorticoError } from '../errors/index.js'
import type { SiwxApi } from './api.js'
import type { SiwxMessageFields } from './message.js'
import { checkSiwxSettings, SiwxConfigError } from './options.js'
import type { SiwxController, SiwxOptions, SiwxSession, SiwxState } from './types.js'

export interface SiwxDeps {
  options: SiwxOptions
  api: SiwxApi
  portico: Pick<Portico, 'open' | 'close' | 'disconnect' | 'signMessageDetailed' | 'getState'>
  events: EventBus
  storage: PorticoStorage
  findAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  logger: Logger
  appName?: string
  location?: { host: string; origin: string }
  now?: () => number
}

const KEY = 'siwx:'
const keyOf = (namespace: string, address: string) => `${KEY}${namespace}:${address}`

const isSession = (v: unknown): v is SiwxSession => {
  const s = v as SiwxSession
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.token === 'string' &&
    typeof s.id === 'string' &&
    typeof s.address === 'string' &&
    typeof s.namespace === 'string' &&
    typeof s.caipNetworkId === 'string' &&
    Number.isFinite(s.expiresAt) &&
    Number.isFinite(s.issuedAt)
  )
}

/** Visitor-facing words for a failure (the error's short message; a gateway answer's own text when it gave one). */
function describe(error: unknown): { message: string; code?: string } {
  if (error instanceof HttpRequestError && error.body?.message)
    return { message: error.body.message, ...(error.body.code ? { code: error.body.code } : {}) }
  if (error instanceof PorticoError) return { message: error.shortMessage, code: String(error.code) }
  return { message: error instanceof Error ? error.message : String(error) }
}

/** The gateway answered that the token names no live session (revoked, expired, unknown). */
const refused = (error: unknown) =>
  error instanceof HttpRequestError && (error.status === 401 || error.status === 404)

/**
 * Builds `portico.siwx`: follows the connected account (ACCOUNT_CHANGED),
 * restores a stored session (checked with the gateway), else prepares a
 * CAIP-122 message with a fresh gateway nonce and shows `SIWXSignMessage`.
 * Returns the controller and its teardown.
 */
export function createSiwx(deps: SiwxDeps): { controller: SiwxController; destroy(): void } {
  const { options, api, portico, storage, logger } = deps
  const now = deps.now ?? Date.now
  const expiresIn = checkSiwxSettings(options)
  const required = options.required === true
  let state: SiwxState = { status: 'idle', required }
  const listeners = new Set<(s: SiwxState) => void>()
  // Each account change starts a new generation; work of an older one is dropped when it settles.
  let generation = 0
  // The fields of the prepared message: a wallet with its own sign-in feature writes the text from them.
  let prepared: SiwxMessageFields | undefined
  let destroyed = false

  const set = (next: SiwxState) => {
    state = next
    for (const l of [...listeners]) {
      try {
        l(state)
      } catch (error) {
        logger.error('Portico: a sign-in listener threw', error)
      }
    }
  }
  const forAccount = (ns: ChainNamespace, address: string, patch: Partial<SiwxState>): SiwxState => ({
    status: 'idle',
    required,
    namespace: ns,
    address,
    ...(state.caipNetworkId && state.address === address ? { caipNetworkId: state.caipNetworkId } : {}),
    ...patch,
  })

  const place = () => {
    const domain = options.domain ?? deps.location?.host
    const uri = options.uri ?? deps.location?.origin
    if (!domain || !uri) throw new SiwxConfigError('siwx.domain and siwx.uri are needed outside a browser')
    return { domain, uri }
  }

  /** Forgets an account's token and ends its session on the gateway (a failure is logged, the token still dropped). */
  const drop = (session: SiwxSession | undefined) => {
    if (!session) return
    storage.remove(keyOf(session.namespace, session.address))
    api.signOut(session.token).catch((error: unknown) => {
      logger.warn('Portico: the gateway did not end the sign-in session', error)
    })
  }

  async function prepare(ns: ChainNamespace, address: string, gen: number, prompt: boolean) {
    set(forAccount(ns, address, { status: 'preparing' }))
    try {
      const adapter = deps.findAdapter(ns)
      if (!adapter?.formatSignInMessage)
        throw new MethodNotSupportedError({ method: 'formatSignInMessage', details: ns })
      const caipNetworkId = portico.getState().networks.active[ns] as CaipNetworkId | undefined
      if (!caipNetworkId) throw new SiwxConfigError(`no active network in ${ns}`)
      const { domain, uri } = place()
      const { nonce } = await api.getNonce(domain)
      if (gen !== generation) return
      const issued = now()
      const fields: SiwxMessageFields = {
        domain,
        address,
        statement: options.statement ?? `Sign in to ${deps.appName ?? domain}.`,
        uri,
        version: '1',
        caipNetworkId,
        nonce,
        issuedAt: new Date(issued).toISOString(),
        expirationTime: new Date(issued + expiresIn).toISOString(),
      }
      const message = await adapter.formatSignInMessage(fields)
      if (gen !== generation) return
      prepared = fields
      set(forAccount(ns, address, { status: 'requested', caipNetworkId, message }))
    } catch (error) {
      if (gen !== generation) return
      logger.warn('Portico: could not prepare the sign-in message', error)
      set(forAccount(ns, address, { status: 'error', error: describe(error) }))
    }
    if (prompt && options.autoPrompt !== false && !destroyed) {
      await portico.open({ view: 'SIWXSignMessage', namespace: ns })
    }
  }

  async function follow(ns: ChainNamespace, address: string | undefined) {
    const gen = ++generation
    const previous = state.session
    // A different account (or none): the old one's session ends here.
    if (previous && (previous.namespace !== ns || previous.address !== address)) {
      if (previous.namespace === ns || address === undefined) drop(previous)
    }
    if (!address) {
      if (state.namespace === ns || state.namespace === undefined) set({ status: 'idle', required })
      return
    }
    const stored = storage.get(keyOf(ns, address), isSession)
    if (stored && stored.expiresAt > now()) {
      set(forAccount(ns, address, { status: 'restoring' }))
      try {
        const session = await api.me(stored.token)
        if (gen !== generation) return
        if (session.address === address && session.namespace === ns) {
          set(forAccount(ns, address, { status: 'signed', session, caipNetworkId: session.caipNetworkId }))
          return
        }
        storage.remove(keyOf(ns, address))
      } catch (error) {
        if (gen !== generation) return
        if (!refused(error)) {
          // The gateway could not be asked: keep the token, say so; `request()` retries.
          logger.warn('Portico: could not check the stored sign-in session', error)
          set(forAccount(ns, address, { status: 'error', error: describe(error) }))
          return
        }
        // Revoked or expired on the gateway: it is asked again below.
        storage.remove(keyOf(ns, address))
      }
    } else if (stored) {
      storage.remove(keyOf(ns, address))
    }
    await prepare(ns, address, gen, true)
  }

  const onAccount = ({ namespace, address }: { namespace: ChainNamespace; address: string | undefined }) => {
    if (destroyed) return
    void follow(namespace, address)
  }
  deps.events.on('ACCOUNT_CHANGED', onAccount)

  const controller: SiwxController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async request() {
      const ns = state.namespace ?? portico.getState().activeNamespace
      const address = ns ? portico.getState().accounts[ns]?.address : undefined
      if (!ns || !address) throw new SiwxConfigError('no connected account to sign in')
      await prepare(ns, address, ++generation, true)
    },
    async signIn() {
      const { namespace: ns, address, message, caipNetworkId } = state
      if (!ns || !address || !message || !caipNetworkId || !['requested', 'error'].includes(state.status))
        throw new SiwxConfigError('no sign-in message is waiting for a signature')
      const gen = generation
      set({ ...state, status: 'signing', error: undefined })
      let signed: { signature: string; publicKey?: string; publicKeyType?: string }
      // The text the gateway checks: the prepared one, or what the wallet's sign-in feature wrote.
      let signedText = message
      try {
        const adapter = deps.findAdapter(ns)
        const connectorId = portico.getState().accounts[ns]?.connectorId
        const fields =
          prepared?.address === address && prepared.caipNetworkId === caipNetworkId ? prepared : undefined
        const viaWallet =
          adapter?.signIn && connectorId && fields
            ? await adapter.signIn({ connectorId, address, fields })
            : undefined
        if (viaWallet) signedText = viaWallet.message
        const options = adapter?.signInMessageOptions?.(address)
        signed =
          viaWallet ??
          (await portico.signMessageDetailed({ message, namespace: ns, ...(options ? { options } : {}) }))
      } catch (error) {
        if (gen === generation) set({ ...state, status: 'requested', error: describe(error) })
        throw error
      }
      if (gen !== generation) throw new SiwxConfigError('the account changed while signing')
      set({ ...state, status: 'verifying' })
      try {
        const session = await api.verify({
          message: signedText,
          signature: signed.signature,
          caipNetworkId,
          ...(signed.publicKey ? { publicKey: signed.publicKey } : {}),
          ...(signed.publicKeyType ? { publicKeyType: signed.publicKeyType } : {}),
        })
        if (gen !== generation) {
          drop(session)
          throw new SiwxConfigError('the account changed while signing')
        }
        storage.set(keyOf(ns, address), session)
        set(forAccount(ns, address, { status: 'signed', session, caipNetworkId }))
        const s = portico.getState()
        if (s.modal.open && s.router.view === 'SIWXSignMessage') portico.close()
        return session
      } catch (error) {
        if (gen !== generation) throw error
        const failure = describe(error)
        // A used or expired nonce cannot be signed again: a fresh message replaces it, the error stays shown.
        await prepare(ns, address, gen, false)
        if (gen === generation) set({ ...state, error: failure })
        throw error
      }
    },
    async decline() {
      const ns = state.namespace
      generation++
      set({ ...state, status: 'declined', message: undefined, error: undefined })
      if (required && ns) {
        await portico.disconnect(ns)
        set({ status: 'declined', required })
      }
      const s = portico.getState()
      if (s.modal.open && s.router.view === 'SIWXSignMessage') portico.close()
    },
    async check() {
      const { namespace: ns, address, session } = state
      if (state.status !== 'signed' || !ns || !address || !session) return undefined
      const gen = generation
      try {
        const live = await api.me(session.token)
        if (gen !== generation || state.session !== session) return controller.getSession()
        const next = { ...session, ...live, token: session.token }
        storage.set(keyOf(ns, address), next)
        set({ ...state, session: next })
        return next
      } catch (error) {
        if (!refused(error)) throw error
        if (gen !== generation || state.session !== session) return controller.getSession()
        logger.info('Portico: the gateway refused the sign-in session; asking again', error)
        storage.remove(keyOf(ns, address))
        await prepare(ns, address, ++generation, true)
        return undefined
      }
    },
    async signOut() {
      const session = state.session
      generation++
      if (!session) return
      storage.remove(keyOf(session.namespace, session.address))
      set(forAccount(session.namespace, session.address, { status: 'idle' }))
      await api.signOut(session.token)
    },
    getSession: () => (state.status === 'signed' ? state.session : undefined),
  }
  return {
    controller,
    destroy() {
      destroyed = true
      generation++
      deps.events.off('ACCOUNT_CHANGED', onAccount)
      listeners.clear()
    },
  }
}
