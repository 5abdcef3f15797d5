import { describe, expect, it } from 'vitest'
import type { PorticoState } from '../contracts/index.js'
import { createInstanceContainer, registerValue, TOKENS } from '../di/index.js'
import { createInitialState, createStore } from '../state/index.js'
import { SERVICE_STEPS, wireServices } from './services.js'

const SERVICES = Object.keys(SERVICE_STEPS) as Array<keyof typeof SERVICE_STEPS>

describe('wireServices: one named step per service', () => {
  it('registers the seven services of an instance', () => {
    const c = createInstanceContainer()
    wireServices(c, {})
    expect(SERVICES.sort()).toEqual(
      ['Accounts', 'Balance', 'Connection', 'Modal', 'Networks', 'Profile', 'Router'].sort(),
    )
    for (const name of SERVICES) expect(c.isRegistered(TOKENS[name]), name).toBe(true)
  })

  it.each(SERVICES)('the %s step registers its service and no other', (name) => {
    const c = createInstanceContainer()
    SERVICE_STEPS[name](c, {})
    expect(SERVICES.filter((other) => c.isRegistered(TOKENS[other]))).toEqual([name])
  })

  it('a service is built on first resolve, once per instance, from the values registered later', () => {
    const c = createInstanceContainer()
    SERVICE_STEPS.Accounts(c, {})
    // The store is registered after the wiring (createPortico's order): resolving is what reads it.
    registerValue(c, TOKENS.Store, createStore<PorticoState>(createInitialState({})))
    const first = c.resolve(TOKENS.Accounts)
    expect(c.resolve(TOKENS.Accounts)).toBe(first)
    const other = createInstanceContainer()
    SERVICE_STEPS.Accounts(other, {})
    registerValue(other, TOKENS.Store, createStore<PorticoState>(createInitialState({})))
    expect(other.resolve(TOKENS.Accounts)).not.toBe(first)
  })
})
