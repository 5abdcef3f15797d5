import { definePlugin, type Plugin, type PluginContext, type PorticoEventMap } from '@portico/core'

// Declaration merging: the plugin's view and event become part of the typed registry.
declare module '@portico/core' {
  interface Views {
    HelloView: { greeting?: string } | undefined
  }
  interface PorticoEventMap {
    /** Emitted by the Hello view's "Wave" button. */
    HELLO_WAVED: { address: string | undefined; at: number }
  }
}

export interface HelloPluginOptions {
  /** Label of the account action (default "Say hello"). */
  label?: string
  /** Greeting the view shows (default "Hello"). */
  greeting?: string
}

/** A line of the plugin's event log. */
export interface HelloLogEntry {
  event: 'CONNECT_SUCCESS' | 'DISCONNECT_SUCCESS' | 'SWITCH_NETWORK' | 'HELLO_WAVED'
  detail: string
  at: number
}

export interface HelloPlugin extends Plugin {
  /** What the plugin heard on the bus since setup, oldest first. */
  getLog(): readonly HelloLogEntry[]
  /** Called after each new log entry; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/**
 * An example plugin written only against `@portico/core`'s public API: it adds
 * an account action that opens its own lazily loaded view, and keeps a log of
 * core events.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter({ networks })], plugins: [helloPlugin()] })
 */
export function helloPlugin(options: HelloPluginOptions = {}): HelloPlugin {
  let log: readonly HelloLogEntry[] = []
  const listeners = new Set<() => void>()
  const push = (event: HelloLogEntry['event'], detail: string) => {
    log = [...log, { event, detail, at: Date.now() }]
    for (const l of listeners) l()
  }
  return definePlugin({
    id: 'hello',
    getLog: () => log,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setup(ctx: PluginContext) {
      // The view's code is a separate chunk, fetched the first time it is shown.
      ctx.registerView('HelloView', () => import('./react/HelloView.js'))
      ctx.registerAccountAction({
        id: 'hello',
        label: options.label ?? 'Say hello',
        // The default label in the locales the plugin ships (a host's own label is its own text).
        ...(options.label ? {} : { labels: { es: 'Saludar', ja: 'あいさつする' } }),
        view: 'HelloView',
      })

      const onConnect = (p: PorticoEventMap['CONNECT_SUCCESS']) => push('CONNECT_SUCCESS', p.address)
      const onDisconnect = (p: PorticoEventMap['DISCONNECT_SUCCESS']) =>
        push('DISCONNECT_SUCCESS', p.namespace)
      const onSwitch = (p: PorticoEventMap['SWITCH_NETWORK']) => push('SWITCH_NETWORK', p.caipNetworkId)
      const onWave = (p: PorticoEventMap['HELLO_WAVED']) => push('HELLO_WAVED', p.address ?? 'anonymous')
      ctx.events.on('CONNECT_SUCCESS', onConnect)
      ctx.events.on('DISCONNECT_SUCCESS', onDisconnect)
      ctx.events.on('SWITCH_NETWORK', onSwitch)
      ctx.events.on('HELLO_WAVED', onWave)
      // No greeting configured: the view says the translated "Hello" of the visitor's locale.
      if (options.greeting) greetings.set(ctx.portico, options.greeting)
      // Every `on` has an `off`: the teardown runs on portico.destroy().
      return () => {
        ctx.events.off('CONNECT_SUCCESS', onConnect)
        ctx.events.off('DISCONNECT_SUCCESS', onDisconnect)
        ctx.events.off('SWITCH_NETWORK', onSwitch)
        ctx.events.off('HELLO_WAVED', onWave)
      }
    },
  })
}

/** The greeting configured for an instance (read by the view). Keyed by instance: no shared state. */
export const greetings = new WeakMap<object, string>()
