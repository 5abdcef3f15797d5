import { createPortico } from '@portico/core'
import { expect, it } from 'vitest'
import * as controller from './controller/index.js'
import * as main from './index.js'
import * as react from './react/index.js'

it('the public API is this list of exports', () => {
  expect(Object.keys(main).sort()).toMatchSnapshot()
  expect(Object.keys(react).sort()).toMatchSnapshot()
  expect(Object.keys(controller).sort()).toMatchSnapshot()
})

it('the root export is the registration only: the controller is made on first use', async () => {
  const { registrations } = await import('./plugin.js')
  const portico = createPortico({
    apiUrl: 'http://127.0.0.1:8787',
    projectId: 'local',
    plugins: [main.embeddedWalletPlugin({ views: false })],
  })
  expect(registrations.get(portico)?.controller).toBeUndefined()
  expect(registrations.get(portico)?.options.frameUrl).toBe('http://127.0.0.1:8788')
  // The login connector is listed (type AUTH) so core routes connect / sign to it.
  expect(
    portico
      .getState()
      .connectors.some((c) => c.id === main.EMBEDDED_WALLET_CONNECTOR_ID && c.type === 'AUTH'),
  ).toBe(true)
  const made = controller.getEmbeddedWallet(portico)
  expect(controller.getEmbeddedWallet(portico)).toBe(made)
})

it('the signer origin: option, else the gateway host on the signer port (SPEC §9 fallback); off without either', () => {
  expect(main.resolveFrameUrl('https://signer.example.com/x', 'https://api.example.com')).toBe(
    'https://signer.example.com',
  )
  expect(main.resolveFrameUrl(undefined, 'https://api.example.com:8787/v1')).toBe(
    'https://api.example.com:8788',
  )
  expect(main.resolveFrameUrl(undefined, undefined)).toBeUndefined()
  const portico = createPortico({ plugins: [main.embeddedWalletPlugin({ views: false })] })
  expect(portico.getState().connectors.some((c) => c.id === main.EMBEDDED_WALLET_CONNECTOR_ID)).toBe(false)
})

it('the email-login record lives under a named storage key; the wait is whole seconds of the 30 s cool-down', () => {
  expect(controller.EMAIL_LOGIN_STORAGE_KEY).toBe('portico.embeddedWallet.lastEmailLogin')
  const values = new Map<string, unknown>()
  const c = new controller.EmbeddedWalletController({
    frameUrl: 'http://127.0.0.1:1',
    projectId: 'p',
    storage: {
      get: <T>(k: string, v?: (x: unknown) => x is T) => {
        const x = values.get(k)
        return v && !v(x) ? undefined : (x as T)
      },
      set: (k, x) => void values.set(k, x),
      remove: (k) => void values.delete(k),
    },
    networks: () => [],
    setAlert: () => {},
    setUser: () => {},
  })
  expect(c.wait()).toBe(0)
  values.set(controller.EMAIL_LOGIN_STORAGE_KEY, 1_000_000)
  expect(c.wait(1_000_000 + 100)).toBe(30)
  expect(c.wait(1_000_000 + 29_001)).toBe(1)
  expect(c.wait(1_000_000 + 30_000)).toBe(0)
})

it('a pasted code keeps its six digits', () => {
  expect(react.digitsOf('Code: 123 456')).toBe('123456')
  expect(react.digitsOf('1234567890')).toBe('123456')
})
