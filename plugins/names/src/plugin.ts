import { definePlugin, type NameResolver, type Plugin, type Portico } from '@portico/core'
import type { NamesController, NamesControllerOptions } from './controller/index.js'

/** The Account action's label; here, so the registration (first load) carries no other text. */
export const NAMES_ACTION_LABEL = 'Choose a name'

/** The action's label in the modal's other locales (plain data: the catalogue stays with the lazy views). */
export const NAMES_ACTION_LABELS = {
  es: 'Elige un nombre',
  zh: '选择名称',
  ja: '名前を選ぶ',
  ar: 'اختر اسمًا',
} as const

export interface NamesPluginOptions {
  /** The gateway's names zone (default `portico.id`, the gateway's default `names.zone`). */
  zone?: string
  /** Typing pauses this long before availability and suggestions are asked, in ms (default 300). */
  debounceMs?: number
  /** Register the views and the Account action (default true; needs `@portico/react`). */
  views?: boolean
  /** Label of the Account action (default "Choose a name", translated in es, zh, ja and ar); a host's label is shown as given in every locale. */
  actionLabel?: string
}

/**
 * What the plugin keeps per instance. The controller is made on first use
 * (`getNamesController` from `@portico/plugin-names/controller`, called by
 * the lazy views), so the host's first load carries the registration only.
 */
export interface NamesRegistration {
  options: NamesControllerOptions
  controller: NamesController | undefined
}

/** @internal Per-instance registrations (read by `getNamesController`). */
export const registrations = new WeakMap<Portico, NamesRegistration>()

/**
 * Identity names for Portico: a "Choose a name" action in Account (EVM
 * accounts: the gateway's registry holds EVM addresses) opens
 * RegisterAccountName — a search with the SPEC §5 rule (at least 4 letters,
 * digits or hyphens), availability and suggestions from the gateway — and
 * registration signs EIP-712 typed data with the connected wallet, then
 * shows RegisterAccountNameSuccess. The new name shows in the connect button
 * and Account at once (the profile is re-read past its cache). Send's
 * receiver field resolves names of the zone and ENS names (`alice.eth`,
 * through the gateway) (`portico.resolveName`). Views are
 * lazy chunks of `@portico/plugin-names/react`.
 *
 * @example
 * createPortico({ apiUrl, adapters: [evmAdapter({ networks })], plugins: [namesPlugin()] })
 */
export function namesPlugin(options: NamesPluginOptions = {}): Plugin {
  return definePlugin({
    id: 'names',
    setup(ctx) {
      const reg: NamesRegistration = {
        controller: undefined,
        options: {
          api: ctx.options.apiUrl ? ctx.api.blockchain : undefined,
          zone: (options.zone ?? 'portico.id').replace(/^\./, '').toLowerCase(),
          debounceMs: options.debounceMs ?? 300,
          account: () => {
            const state = ctx.getState()
            const account = state.accounts.eip155
            if (account?.status !== 'connected' || !account.address) return undefined
            return { address: account.address, caipNetworkId: state.networks.active.eip155 }
          },
          signTypedData: (typedData) => ctx.portico.signTypedData({ typedData, namespace: 'eip155' }),
          refreshProfile: () => ctx.portico.refreshProfile('eip155'),
          logger: ctx.logger,
        },
      }
      registrations.set(ctx.portico, reg)
      // Send's receiver field resolves names of this zone through the gateway (no view code needed).
      // The lookups load with the first name typed in Send (lazy, like the views).
      const unregisterResolver = ctx.registerNameResolver?.(
        lazyResolver(async () =>
          (await loadResolvers()).createZoneResolver(reg.options.api, reg.options.zone),
        ),
      )
      // …and ENS names (`alice.eth`) on EVM accounts, through the gateway's forward lookup.
      const unregisterEns = ctx.registerNameResolver?.(
        lazyResolver(async () =>
          (await loadResolvers()).createEnsResolver(
            ctx.options.apiUrl ? ctx.api.blockchain : undefined,
            () => ctx.getState().networks.active.eip155,
          ),
        ),
      )
      if (options.views !== false) {
        ctx.registerView('RegisterAccountName', () => import('./react/RegisterAccountName.js'))
        ctx.registerView('RegisterAccountNameSuccess', () => import('./react/RegisterAccountNameSuccess.js'))
        ctx.registerAccountAction({
          id: 'names',
          label: options.actionLabel ?? NAMES_ACTION_LABEL,
          // A host's own label is theirs in every locale: our translations would replace it.
          ...(options.actionLabel === undefined ? { labels: NAMES_ACTION_LABELS } : {}),
          view: 'RegisterAccountName',
          namespaces: ['eip155'],
        })
      }
      // A search belongs to one visit and one account: start empty next time.
      const reset = () => reg.controller?.reset()
      ctx.events.on('MODAL_CLOSE', reset)
      ctx.events.on('DISCONNECT_SUCCESS', reset)
      const unsubscribe = ctx.subscribe((state, previous) => {
        if (state.accounts.eip155?.address !== previous.accounts.eip155?.address) reset()
      })
      return () => {
        unregisterResolver?.()
        unregisterEns?.()
        unsubscribe()
        ctx.events.off('MODAL_CLOSE', reset)
        ctx.events.off('DISCONNECT_SUCCESS', reset)
        reg.controller?.destroy()
        registrations.delete(ctx.portico)
      }
    },
  })
}

const loadResolvers = () => import('./resolve.js')

/** A resolver made on its first call (its module loads then), the same one afterwards. */
function lazyResolver(make: () => Promise<NameResolver>): NameResolver {
  let made: Promise<NameResolver> | undefined
  return async (params) => {
    // A failed load (a chunk request that failed) is tried again on the next call.
    made ??= make().catch((error: unknown) => {
      made = undefined
      throw error
    })
    return (await made)(params)
  }
}
