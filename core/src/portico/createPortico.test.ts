import { describe, expect, it } from 'vitest'
import { RECENT_CONNECTORS_KEY } from '../connection/index.js'
import type { PluginContext, PorticoContext } from '../contracts/index.js'
import { definePlugin } from '../contracts/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'
import { createPortico } from './index.js'

describe('createPortico', () => {
  it("runs each adapter's and plugin's setup with the context, adapters first", async () => {
    const order: string[] = []
    let adapterCtx: PorticoContext | undefined
    let pluginCtx: PluginContext | undefined
    const adapter = createFakeAdapter({
      setup: (ctx) => {
        order.push('adapter')
        adapterCtx = ctx
      },
    })
    const plugin = definePlugin({
      id: 'hello',
      setup(ctx) {
        order.push('plugin')
        pluginCtx = ctx
      },
    })
    const portico = createPortico({ adapters: [adapter], plugins: [plugin], storage: createMemoryStorage() })
    await portico.ready
    expect(order).toEqual(['adapter', 'plugin'])
    expect(adapterCtx?.isBrowser).toBe(false)
    expect(adapterCtx?.getState()).toBe(portico.getState())
    expect(pluginCtx?.portico).toBe(portico)
    expect(pluginCtx?.router).toBe(portico.router)
    expect(pluginCtx?.container).toBeDefined()
  })

  it('adapters announce connectors with ctx.setConnectors (state.connectors, per namespace)', async () => {
    const adapter = createFakeAdapter({ connectors: ['configured'] })
    const portico = createPortico({ adapters: [adapter], storage: createMemoryStorage() })
    await portico.ready
    expect(portico.getState().connectors.map((c) => c.id)).toEqual(['configured'])
    adapter.ctx?.setConnectors('eip155', [
      ...adapter.connectors,
      { id: 'io.announced', type: 'ANNOUNCED', name: 'Announced', chain: 'eip155', installed: true },
    ])
    expect(portico.getState().connectors.map((c) => c.id)).toEqual(['configured', 'io.announced'])
  })

  it('plugins register views and account actions; the UI reads them back', async () => {
    const loader = async () => ({ default: 'HelloView' })
    const plugin = definePlugin({
      id: 'hello',
      setup(ctx) {
        ctx.registerView('RegisterAccountName', loader)
        ctx.registerAccountAction({ id: 'names', label: 'Names', view: 'RegisterAccountName' })
      },
    })
    const portico = createPortico({ plugins: [plugin], storage: createMemoryStorage() })
    await portico.ready
    expect(portico.getViewLoader?.('RegisterAccountName')).toBe(loader)
    expect(portico.getViewLoader?.('Account')).toBeUndefined()
    expect(portico.getAccountActions?.()).toEqual([
      { id: 'names', label: 'Names', view: 'RegisterAccountName' },
    ])
  })

  it('a failing setup is reported (ERROR event + log), the instance still works', async () => {
    const logger = createRecordingLogger()
    const plugin = definePlugin({
      id: 'broken',
      setup() {
        throw new Error('nope')
      },
    })
    const portico = createPortico({ plugins: [plugin], storage: createMemoryStorage(), logger })
    await portico.ready
    expect(logger.lines.some((l) => l.level === 'error' && l.message.includes('plugin broken'))).toBe(true)
    await portico.open()
    expect(portico.getState().modal.open).toBe(true)
  })

  it('two instances share nothing (state, router, events, storage, container)', async () => {
    const a1 = createFakeAdapter()
    const a2 = createFakeAdapter()
    let c1: unknown
    let c2: unknown
    const p1 = createPortico({
      adapters: [a1],
      plugins: [
        {
          id: 'x',
          setup: (ctx) => {
            c1 = ctx.container
          },
        },
      ],
      storage: createMemoryStorage(),
    })
    const p2 = createPortico({
      adapters: [a2],
      plugins: [
        {
          id: 'x',
          setup: (ctx) => {
            c2 = ctx.container
          },
        },
      ],
      storage: createMemoryStorage(),
    })
    await Promise.all([p1.ready, p2.ready])
    const opened: string[] = []
    p2.on('MODAL_OPEN', () => opened.push('p2'))

    await p1.connect('fake.wallet')
    await p1.open()
    p1.router.push('Networks')
    p1.shake?.()

    expect(p1.getState().accounts.eip155?.status).toBe('connected')
    expect(p2.getState().accounts.eip155?.status).toBe('disconnected')
    expect(p2.getState().modal).toMatchObject({ open: false, shake: false })
    expect(p2.router.getState().history.map((e) => e.view)).toEqual(['Connect'])
    expect(opened).toEqual([])
    expect(a2.calls).toEqual([])
    expect(c1).toBeDefined()
    expect(c1).not.toBe(c2)
    expect(p1.events).not.toBe(p2.events)
    expect(p1.getState()).not.toBe(p2.getState())
    p1.destroy()
    p2.destroy()
  })

  it('two instances with their default storage under SSR keep separate recent connectors', async () => {
    const a1 = createFakeAdapter()
    const p1 = createPortico({ adapters: [a1] })
    await p1.connect('fake.wallet')
    const a2 = createFakeAdapter()
    const p2 = createPortico({ adapters: [a2] })
    await p2.ready
    expect(p2.getState().recentConnectorId).toBeUndefined()
    expect(a2.calls).toEqual([])
  })

  it('destroy() detaches everything: adapter listeners, plugin teardowns, timers, bus and store listeners', async () => {
    const storage = createMemoryStorage()
    const adapter = createFakeAdapter()
    let tornDown = 0
    let adapterDestroyed = 0
    adapter.destroy = () => {
      adapterDestroyed++
    }
    const portico = createPortico({
      adapters: [adapter],
      plugins: [
        {
          id: 't',
          setup: () => () => {
            tornDown++
          },
        },
      ],
      storage,
    })
    await portico.connect('fake.wallet')
    expect(adapter.listenerCount()).toBe(3)
    const seen: string[] = []
    portico.on('MODAL_OPEN', () => seen.push('open'))
    let notified = 0
    portico.subscribe(() => notified++)
    portico.shake?.()
    const notifiedBefore = notified

    portico.destroy()
    portico.destroy() // idempotent

    expect(adapter.listenerCount()).toBe(0)
    expect(tornDown).toBe(1)
    expect(adapterDestroyed).toBe(1)
    await portico.open()
    expect(seen).toEqual([])
    expect(notified).toBe(notifiedBefore)
    // The stored connector survives destroy (it is for the next page load).
    expect(storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.wallet' })
  })
})
