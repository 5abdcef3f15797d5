import { SDK_TYPE, SDK_VERSION } from '../constants/index.js'
import type { Portico, PorticoOptions } from '../contracts/index.js'
import { createSiwx, SiwxApi, SiwxConfigError } from '../siwx/index.js'
import type { Foundation } from './foundation.js'

/** Refuses `siwx` without `apiUrl` before anything is built: the gateway issues nonces and verifies. */
export function checkSiwxOptions(options: PorticoOptions): void {
  if (options.siwx && !options.apiUrl)
    throw new SiwxConfigError('siwx needs apiUrl: the gateway issues nonces and verifies sign-ins')
}

/** Sign-in (SIWX) for the instance when `siwx` is configured, talking to the gateway at `apiUrl`. */
export function createSiwxFor(
  options: PorticoOptions,
  f: Foundation,
  portico: Portico,
): ReturnType<typeof createSiwx> | undefined {
  if (!options.siwx || !options.apiUrl) return undefined
  return createSiwx({
    options: options.siwx,
    api: new SiwxApi({
      baseUrl: options.apiUrl,
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
}
