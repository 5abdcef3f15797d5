import { SDK_TYPE, SDK_VERSION } from '../constants/index.js'
import type { Portico, PorticoOptions } from '../contracts/index.js'
import {
  checkSiwxSettings,
  SiwxApi,
  SiwxConfigError,
  type SiwxController,
  type SiwxState,
} from '../siwx/index.js'
import type { Foundation } from './foundation.js'

/**
 * Refuses `siwx` without `apiUrl` (the gateway issues nonces and verifies) or
 * with settings it cannot work with, before anything is built.
 */
export function checkSiwxOptions(options: PorticoOptions): void {
  if (!options.siwx) return
  if (!options.apiUrl)
    throw new SiwxConfigError('siwx needs apiUrl: the gateway issues nonces and verifies sign-ins')
  checkSiwxSettings(options.siwx)
}

/** The instance's sign-in: its controller at once, the service behind it once its chunk loaded. */
export interface SiwxStep {
  controller: SiwxController
  /** Settles once the service listens to account changes (the connections wait for it). */
  loaded: Promise<void>
  destroy(): void
}

/**
 * Sign-in (SIWX) for the instance when `siwx` is configured, talking to the
 * gateway at `apiUrl`. The service (`siwx/service.ts`) is an `import()` chunk
 * a page without SIWX never loads; the controller is here at once and
 * forwards to it. Until it is there no account has connected (the restore and
 * `connect` wait for `loaded`), so its state is the service's initial one.
 */
export function createSiwxFor(
  options: PorticoOptions,
  f: Foundation,
  portico: Portico,
): SiwxStep | undefined {
  const settings = options.siwx
  if (!settings || !options.apiUrl) return undefined
  const apiUrl = options.apiUrl
  const initial: SiwxState = { status: 'idle', required: settings.required === true }
  let service: { controller: SiwxController; destroy(): void } | undefined
  let destroyed = false
  // Each listener and its subscription to the service (once there).
  const listeners = new Map<(state: SiwxState) => void, (() => void) | undefined>()

  const loading = import('../siwx/runtime.js').then(({ createSiwx }) => {
    if (destroyed) return
    service = createSiwx({
      options: settings,
      api: new SiwxApi({
        baseUrl: apiUrl,
        ...(options.projectId ? { projectId: options.projectId } : {}),
        sdkType: options.sdkType ?? SDK_TYPE,
        sdkVersion: options.sdkVersion ?? SDK_VERSION,
      }),
      portico,
      events: f.events,
      storage: f.storage,
      findAdapter: (ns) => f.adapters.find(ns),
      logger: f.logger,
      ...(options.metadata?.name ? { appName: options.metadata.name } : {}),
      ...(f.env.isBrowser && globalThis.location
        ? { location: { host: globalThis.location.host, origin: globalThis.location.origin } }
        : {}),
    })
    for (const listener of listeners.keys()) listeners.set(listener, service.controller.subscribe(listener))
  })
  const ready = async () => {
    await loading
    if (!service) throw new SiwxConfigError('the instance was destroyed')
    return service.controller
  }

  const controller: SiwxController = {
    getState: () => service?.controller.getState() ?? initial,
    subscribe(listener) {
      listeners.set(listener, service?.controller.subscribe(listener))
      return () => {
        listeners.get(listener)?.()
        listeners.delete(listener)
      }
    },
    request: async () => (await ready()).request(),
    signIn: async () => (await ready()).signIn(),
    decline: async () => (await ready()).decline(),
    check: async () => (await ready()).check(),
    signOut: async () => (await ready()).signOut(),
    getSession: () => service?.controller.getSession(),
  }

  return {
    controller,
    // A failed load is logged; the connections go on without sign-in, each controller call rejects.
    loaded: loading.catch((error: unknown) =>
      f.logger.error('Portico: the sign-in module did not load', error),
    ),
    destroy() {
      destroyed = true
      service?.destroy()
    },
  }
}
