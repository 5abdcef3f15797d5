import { describe, expect, it } from 'vitest'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'
import { createLifecycle } from './lifecycle.js'

describe('createLifecycle (the destroy step of createPortico)', () => {
  it('destroy runs services, plugin teardowns, adapters, then plumbing — once', () => {
    const logger = createRecordingLogger()
    const life = createLifecycle(logger)
    const order: string[] = []
    life.addTeardown(() => order.push('plugin'))
    const adapter = createFakeAdapter({})
    const adapterWithDestroy = Object.assign(adapter, { destroy: () => order.push('adapter') })
    const release = {
      services: [() => order.push('service')],
      adapters: [adapterWithDestroy],
      plumbing: [() => order.push('plumbing')],
    }
    expect(life.isDestroyed()).toBe(false)
    life.destroy(release)
    life.destroy(release)
    expect(life.isDestroyed()).toBe(true)
    expect(order).toEqual(['service', 'plugin', 'adapter', 'plumbing'])
  })

  it('a teardown or adapter that throws is logged and the rest still run', () => {
    const logger = createRecordingLogger()
    const life = createLifecycle(logger)
    const ran: string[] = []
    life.addTeardown(() => {
      throw new Error('plugin broke')
    })
    life.addTeardown(() => ran.push('second plugin'))
    const broken = Object.assign(createFakeAdapter({}), {
      destroy: () => {
        throw new Error('adapter broke')
      },
    })
    life.destroy({ services: [], adapters: [broken], plumbing: [() => ran.push('plumbing')] })
    expect(ran).toEqual(['second plugin', 'plumbing'])
    const warnings = logger.lines.filter((r) => r.level === 'warn').map((r) => r.message)
    expect(warnings).toEqual(['Portico: plugin teardown threw', 'Portico: adapter destroy threw'])
  })

  it('a teardown returned after destroy runs at once (a plugin whose setup settled late)', () => {
    const logger = createRecordingLogger()
    const life = createLifecycle(logger)
    life.destroy({ services: [], adapters: [], plumbing: [] })
    let ran = false
    life.addTeardown(() => {
      ran = true
    })
    expect(ran).toBe(true)
  })
})
