import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createCookieStorage,
  createLocalStorage,
  createMemoryStorage,
  type KeyValueBackend,
  resolveStorage,
} from './index.js'

function mapBackend(): KeyValueBackend & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, v)
    },
    removeItem: (k) => {
      map.delete(k)
    },
  }
}

const isString = (v: unknown): v is string => typeof v === 'string'

describe('Storage', () => {
  it('keys are namespaced with the prefix', () => {
    const backend = mapBackend()
    const storage = createLocalStorage({ backend })
    storage.set('recentConnectors', { eip155: 'io.metamask' })
    expect([...backend.map.keys()]).toEqual(['portico:recentConnectors'])
    expect(storage.get('recentConnectors')).toEqual({ eip155: 'io.metamask' })
    const other = createLocalStorage({ backend, prefix: 'second' })
    expect(other.get('recentConnectors')).toBeUndefined()
  })

  it('a corrupted value is ignored, never thrown', () => {
    const backend = mapBackend()
    backend.map.set('portico:k', '{not json')
    expect(createLocalStorage({ backend }).get('k')).toBeUndefined()
  })

  it('a foreign value (not written by Portico) is ignored', () => {
    const backend = mapBackend()
    backend.map.set('portico:k', JSON.stringify({ eip155: 'x' }))
    backend.map.set('portico:n', '42')
    const storage = createLocalStorage({ backend })
    expect(storage.get('k')).toBeUndefined()
    expect(storage.get('n')).toBeUndefined()
  })

  it('a value that fails the validator reads as undefined', () => {
    const storage = createMemoryStorage()
    storage.set('k', 42)
    expect(storage.get('k', isString)).toBeUndefined()
    storage.set('k', 'ok')
    expect(storage.get('k', isString)).toBe('ok')
  })

  it('a throwing backend (blocked storage) never throws at the caller', () => {
    const boom = () => {
      throw new Error('SecurityError')
    }
    const storage = createLocalStorage({ backend: { getItem: boom, setItem: boom, removeItem: boom } })
    expect(() => storage.set('k', 1)).not.toThrow()
    expect(storage.get('k')).toBeUndefined()
    expect(() => storage.remove('k')).not.toThrow()
  })

  it('an unserialisable value is not stored and does not throw', () => {
    const storage = createMemoryStorage()
    expect(() => storage.set('k', 1n)).not.toThrow()
    expect(storage.get('k')).toBeUndefined()
  })

  it('property: any raw string under our key reads as undefined or a value, never throws', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const backend = mapBackend()
        backend.map.set('portico:k', raw)
        expect(() => createLocalStorage({ backend }).get('k')).not.toThrow()
      }),
    )
  })

  it('cookie storage writes document.cookie and reads it back; under SSR it reads the Cookie header', () => {
    let jar = ''
    const doc = {
      get cookie() {
        return jar
      },
      set cookie(line: string) {
        const [pair] = line.split(';')
        const [name] = (pair ?? '').split('=')
        const kept = jar
          .split('; ')
          .filter((p) => p && !p.startsWith(`${name}=`))
          .concat(line.includes('Max-Age=0') ? [] : [pair ?? ''])
        jar = kept.join('; ')
      },
    }
    const browser = createCookieStorage({ document: doc })
    browser.set('recentConnectors', { eip155: 'io.metamask' })
    expect(jar).toContain('portico%3ArecentConnectors=')
    expect(browser.get('recentConnectors')).toEqual({ eip155: 'io.metamask' })
    const server = createCookieStorage({ cookieHeader: jar })
    expect(server.get('recentConnectors')).toEqual({ eip155: 'io.metamask' })
    browser.remove('recentConnectors')
    expect(browser.get('recentConnectors')).toBeUndefined()
    expect(createCookieStorage({ cookieHeader: 'portico%3Ak=%E0%A4%A; junk' }).get('k')).toBeUndefined()
  })

  it('cookie storage marks cookies Secure on an https page and with SameSite=None, not on plain http', () => {
    const lines: string[] = []
    const doc = {
      get cookie() {
        return ''
      },
      set cookie(line: string) {
        lines.push(line)
      },
    }
    const original = Object.getOwnPropertyDescriptor(globalThis, 'location')
    const setProtocol = (protocol: string) =>
      Object.defineProperty(globalThis, 'location', { value: { protocol }, configurable: true })
    try {
      setProtocol('https:')
      createCookieStorage({ document: doc }).set('k', 1)
      setProtocol('http:')
      createCookieStorage({ document: doc }).set('k', 2)
      createCookieStorage({ document: doc, sameSite: 'None' }).set('k', 3)
      createCookieStorage({ document: doc, secure: true }).set('k', 4)
    } finally {
      if (original) Object.defineProperty(globalThis, 'location', original)
      else Reflect.deleteProperty(globalThis, 'location')
    }
    expect(lines.map((l) => l.endsWith('; Secure'))).toEqual([true, false, true, true])
  })

  it('defaults: memory under SSR, localStorage in a browser, a custom storage as given', () => {
    const ssr = resolveStorage(undefined, { isBrowser: false })
    ssr.set('k', 1)
    expect(ssr.get('k')).toBe(1)
    const custom = createMemoryStorage()
    expect(resolveStorage(custom, { isBrowser: true })).toBe(custom)
  })
})
