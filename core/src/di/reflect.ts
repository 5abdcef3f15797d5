/**
 * The one side-effect module of @portico/core: tsyringe refuses to load unless
 * `Reflect.getMetadata` exists. Portico registers every service by token with
 * a factory, so no decorator metadata is ever read; instead of the 12 KiB
 * `reflect-metadata` polyfill this defines only the four functions tsyringe
 * (and TypeScript's `emitDecoratorMetadata` output) touch — `metadata`,
 * `defineMetadata`, `getOwnMetadata`, `getMetadata` (which walks the
 * prototype chain) — and only when the page has none: a host that loads
 * `reflect-metadata` keeps it. Only `di/container.ts` imports this file
 * (package.json lists it in `sideEffects`); it touches no window, document,
 * storage or network.
 */
type Target = object
type Key = unknown

interface ReflectMetadata {
  metadata(key: Key, value: unknown): (target: Target) => void
  defineMetadata(key: Key, value: unknown, target: Target): void
  getOwnMetadata(key: Key, target: Target): unknown
  getMetadata(key: Key, target: Target): unknown
}

const R = Reflect as typeof Reflect & Partial<ReflectMetadata>
if (typeof R.getMetadata !== 'function') {
  const store = new WeakMap<Target, Map<Key, unknown>>()
  const own = (key: Key, target: Target) => store.get(target)?.get(key)
  const define = (key: Key, value: unknown, target: Target) => {
    const map = store.get(target) ?? new Map<Key, unknown>()
    store.set(target, map)
    map.set(key, value)
  }
  const shim: ReflectMetadata = {
    metadata: (key, value) => (target) => define(key, value, target),
    defineMetadata: define,
    getOwnMetadata: own,
    getMetadata(key, target) {
      for (let t: Target | null = target; t; t = Object.getPrototypeOf(t)) {
        const map = store.get(t)
        if (map?.has(key)) return map.get(key)
      }
      return undefined
    },
  }
  for (const [name, fn] of Object.entries(shim))
    Object.defineProperty(R, name, { value: fn, configurable: true, writable: true })
}
