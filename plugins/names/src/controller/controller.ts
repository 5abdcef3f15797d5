import {
  type BlockchainApi,
  type CaipNetworkId,
  HttpRequestError,
  type Logger,
  type NameRecord,
  PorticoError,
} from '@portico/core'
import type { NamesMessage } from './messages.js'
import { registrationTypedData } from './typed-data.js'
import { checkName } from './validation.js'

/** What the typed name is, as far as the gateway said. */
export type NameStatus =
  | 'idle'
  | 'invalid'
  | 'checking'
  | 'available'
  | 'taken'
  | 'yours'
  | 'error'
  | 'unsupported'

export interface NameSuggestion {
  name: string
  registered: boolean
}

export interface NameRegistrationState {
  status: 'idle' | 'signing' | 'submitting' | 'success' | 'failed'
  /** The full name being (or last) registered. */
  name?: string
  /** Why it failed (the gateway's `success false` included), as a message key the view translates. */
  error?: NamesMessage
}

/** The names flow of one instance: one immutable snapshot, replaced on every change. */
export interface NamesState {
  /** The text in the search field, as typed. */
  query: string
  /** `label.zone` of a valid query. */
  name?: string
  status: NameStatus
  /** The problem (invalid), or the error (error, unsupported), as a message key the view translates. */
  message?: NamesMessage
  /** Free alternatives (the queried name itself is left out). */
  suggestions: NameSuggestion[]
  suggestionsStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** The gateway's (or the network's) reason, untranslated: it is data, shown inside `suggestionsFailed`. */
  suggestionsError?: string
  registration: NameRegistrationState
}

/** The connected EVM account a name is registered for. */
export interface NamesAccount {
  address: string
  caipNetworkId: CaipNetworkId | undefined
}

export interface NamesControllerOptions {
  /** The gateway's names calls; undefined without `apiUrl` (every check then says so). */
  api: Pick<BlockchainApi, 'lookupName' | 'getNameSuggestions' | 'registerName'> | undefined
  /** The gateway's zone (default `portico.id`): a label `ada` is the name `ada.portico.id`. */
  zone: string
  /** Typing pauses this long before the gateway is asked (ms). */
  debounceMs: number
  /** The connected eip155 account, or undefined. */
  account: () => NamesAccount | undefined
  /** Signs EIP-712 typed data with the connected EVM wallet. */
  signTypedData: (typedData: unknown) => Promise<string>
  /** Re-reads the profile name and avatar past the identity cache. */
  refreshProfile: () => Promise<void>
  logger?: Pick<Logger, 'warn'>
  now?: () => number
}

const initial = (): NamesState => ({
  query: '',
  status: 'idle',
  suggestions: [],
  suggestionsStatus: 'idle',
  registration: { status: 'idle' },
})

/**
 * The search-and-register flow of names: validates the typed name (SPEC
 * §5), asks the gateway — debounced, the previous request aborted — whether
 * it is free and for suggestions, and registers it with an EIP-712
 * signature from the connected wallet. State is one snapshot with
 * `getState` / `subscribe`, so any UI (the plugin's views or a host's) can
 * follow it.
 *
 * @example
 * const names = getNamesController(portico)!
 * names.setQuery('ada-lovelace')
 * // … status 'available'
 * const ok = await names.register()
 */
export class NamesController {
  #state: NamesState = initial()
  readonly #listeners = new Set<() => void>()
  readonly #options: NamesControllerOptions
  #timer: ReturnType<typeof setTimeout> | undefined
  #inflight: AbortController | undefined

  constructor(options: NamesControllerOptions) {
    this.#options = options
  }

  getState = (): NamesState => this.#state

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #set(patch: Partial<NamesState>): void {
    this.#state = { ...this.#state, ...patch }
    for (const l of [...this.#listeners]) l()
  }

  /**
   * The search field changed: checks the text at once (SPEC §5), and after
   * `debounceMs` of quiet asks the gateway. A request of an earlier text is
   * aborted, and its answer, if any, is dropped.
   */
  setQuery(text: string): void {
    this.#cancel()
    const registration =
      this.#state.registration.status === 'failed' ? { status: 'idle' as const } : undefined
    if (text.trim() === '') {
      this.#set({ ...initial(), query: text })
      return
    }
    const check = checkName(text, this.#options.zone)
    if (!check.ok) {
      this.#set({
        query: text,
        name: undefined,
        status: 'invalid',
        message: check.problem,
        suggestions: [],
        suggestionsStatus: 'idle',
        suggestionsError: undefined,
        ...(registration ? { registration } : {}),
      })
      return
    }
    const name = `${check.label}.${this.#options.zone}`
    this.#set({
      query: text,
      name,
      status: 'checking',
      message: undefined,
      suggestionsStatus: 'loading',
      suggestionsError: undefined,
      ...(registration ? { registration } : {}),
    })
    this.#timer = setTimeout(() => void this.#check(name), this.#options.debounceMs)
  }

  /** Asks the gateway again for the current name (after an error: "Try again"). */
  retry(): Promise<void> {
    this.#cancel()
    const name = this.#state.name
    if (!name) return Promise.resolve()
    this.#set({
      status: 'checking',
      message: undefined,
      suggestionsStatus: 'loading',
      suggestionsError: undefined,
    })
    return this.#check(name)
  }

  /** Resolves when the current check (if any) settled; for hosts and tests that skip the debounce. */
  async checkNow(): Promise<void> {
    if (this.#timer === undefined) return
    clearTimeout(this.#timer)
    this.#timer = undefined
    const name = this.#state.name
    if (name) await this.#check(name)
  }

  async #check(name: string): Promise<void> {
    this.#timer = undefined
    const api = this.#options.api
    if (!api) {
      this.#set({ status: 'unsupported', message: { key: 'noGateway' }, suggestionsStatus: 'idle' })
      return
    }
    const abort = new AbortController()
    this.#inflight = abort
    const current = () => this.#inflight === abort && this.#state.name === name
    const label = name.slice(0, -(this.#options.zone.length + 1))
    const lookup = api.lookupName(name, { signal: abort.signal }).then(
      (record) => ({ ok: true as const, record }),
      (error: unknown) => ({ ok: false as const, error }),
    )
    const suggestions = api
      .getNameSuggestions({ name: label, zone: this.#options.zone, signal: abort.signal })
      .then(
        (answer) => ({ ok: true as const, answer }),
        (error: unknown) => ({ ok: false as const, error }),
      )

    const found = await lookup
    if (!current()) return
    if (found.ok) {
      this.#set({ status: this.#isMine(found.record) ? 'yours' : 'taken', message: undefined })
    } else if (found.error instanceof HttpRequestError && found.error.status === 404) {
      // The registry answers 404 (name_not_found) for a free name.
      this.#set({ status: 'available', message: undefined })
    } else if (isUnsupported(found.error)) {
      this.#set({
        status: 'unsupported',
        message: { key: 'unsupportedNetwork' },
        suggestionsStatus: 'idle',
        suggestions: [],
      })
      abort.abort()
      return
    } else if (!isAbort(found.error)) {
      this.#options.logger?.warn('names: lookup failed', found.error)
      this.#set({
        status: 'error',
        message: { key: 'checkFailed', fields: { name, reason: reasonOf(found.error) } },
      })
    }

    const listed = await suggestions
    if (!current()) return
    if (listed.ok) {
      const list = Array.isArray(listed.answer?.suggestions) ? listed.answer.suggestions : []
      this.#set({
        suggestionsStatus: 'ready',
        suggestions: list
          .filter(
            (s): s is NameSuggestion =>
              typeof s?.name === 'string' && typeof s.registered === 'boolean' && s.name !== name,
          )
          .filter((s) => !s.registered && checkName(s.name, this.#options.zone).ok),
      })
    } else if (!isAbort(listed.error)) {
      this.#options.logger?.warn('names: suggestions failed', listed.error)
      this.#set({ suggestionsStatus: 'error', suggestionsError: reasonOf(listed.error), suggestions: [] })
    }
  }

  #isMine(record: NameRecord): boolean {
    const me = this.#options.account()?.address.toLowerCase()
    if (!me || !record || typeof record.addresses !== 'object' || record.addresses === null) return false
    return Object.values(record.addresses).some((a) => a?.address?.toLowerCase() === me)
  }

  /**
   * Registers the current name for the connected EVM account: the wallet
   * signs the registration's EIP-712 typed data, the gateway gets
   * `{ coin_type: 60, address, message, signature }`. Resolves true when
   * registered (the profile is then re-read past its cache); false with
   * `registration.error` set when the wallet declined or the gateway
   * answered `success: false` (SPEC §8) — the state says which.
   */
  async register(): Promise<boolean> {
    const name = this.#state.name
    const api = this.#options.api
    const account = this.#options.account()
    if (!name || this.#state.status !== 'available') return false
    if (!api || !account) {
      this.#set({
        registration: {
          status: 'failed',
          name,
          error: { key: api ? 'connectFirst' : 'noGateway' },
        },
      })
      return false
    }
    const fields = {
      name,
      address: account.address,
      coin_type: 60,
      timestamp: (this.#options.now ?? Date.now)(),
    }
    this.#set({ registration: { status: 'signing', name } })
    let signature: string
    try {
      signature = await this.#options.signTypedData(registrationTypedData(fields))
    } catch (error) {
      this.#set({
        registration: {
          status: 'failed',
          name,
          error: { key: 'registrationFailed', fields: { reason: reasonOf(error) } },
        },
      })
      return false
    }
    this.#set({ registration: { status: 'submitting', name } })
    const answer = await api.registerName({
      coin_type: fields.coin_type,
      address: fields.address,
      message: JSON.stringify(fields),
      signature,
    })
    if (!answer.success) {
      this.#set({
        registration: { status: 'failed', name, error: { key: 'registrationRefused', fields: { name } } },
      })
      return false
    }
    this.#set({ registration: { status: 'success', name }, status: 'yours' })
    try {
      await this.#options.refreshProfile()
    } catch (error) {
      this.#options.logger?.warn('names: profile refresh after registration failed', error)
    }
    return true
  }

  /** Back to an empty search (the modal closed, the account changed). */
  reset(): void {
    this.#cancel()
    this.#set(initial())
  }

  destroy(): void {
    this.#cancel()
    this.#listeners.clear()
  }

  #cancel(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    this.#inflight?.abort()
    this.#inflight = undefined
  }
}

function isUnsupported(error: unknown): boolean {
  return error instanceof PorticoError && error.code === 'UNSUPPORTED_CHAIN'
}

function isAbort(error: unknown): boolean {
  return error instanceof PorticoError && error.code === 'REQUEST_ABORTED'
}

/** The text shown for a failure: the gateway's own message when it sent one. */
function reasonOf(error: unknown): string {
  if (error instanceof HttpRequestError) return error.body?.message ?? error.shortMessage
  if (error instanceof PorticoError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
