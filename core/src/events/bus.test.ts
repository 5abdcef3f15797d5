import { describe, expect, it } from 'vitest'
import { createEventBus } from './index.js'

describe('Event bus (mitt, typed)', () => {
  it('on / off / emit deliver typed payloads', () => {
    const bus = createEventBus()
    const seen: boolean[] = []
    const handler = ({ connected }: { connected: boolean }) => seen.push(connected)
    bus.on('MODAL_OPEN', handler)
    bus.emit('MODAL_OPEN', { connected: true })
    bus.off('MODAL_OPEN', handler)
    bus.emit('MODAL_OPEN', { connected: false })
    expect(seen).toEqual([true])
  })

  it('a throwing handler does not stop the others', () => {
    const errors: unknown[] = []
    const bus = createEventBus((e) => errors.push(e))
    const seen: string[] = []
    bus.on('DISCONNECT_SUCCESS', () => {
      throw new Error('host bug')
    })
    bus.on('DISCONNECT_SUCCESS', ({ namespace }) => seen.push(namespace))
    bus.emit('DISCONNECT_SUCCESS', { namespace: 'eip155' })
    expect(seen).toEqual(['eip155'])
    expect(errors).toHaveLength(1)
  })

  it('the same handler on two events is removed from one only', () => {
    const bus = createEventBus()
    const seen: string[] = []
    const handler = () => seen.push('x')
    bus.on('MODAL_OPEN', handler)
    bus.on('MODAL_CLOSE', handler)
    bus.off('MODAL_OPEN', handler)
    bus.emit('MODAL_OPEN', { connected: false })
    bus.emit('MODAL_CLOSE', { connected: false })
    expect(seen).toEqual(['x'])
  })

  it('onAny sees every event; clear removes everything', () => {
    const bus = createEventBus()
    const seen: string[] = []
    bus.onAny((event) => seen.push(event))
    bus.emit('MODAL_CREATED', { at: 1 })
    bus.clear()
    bus.emit('MODAL_CREATED', { at: 2 })
    expect(seen).toEqual(['MODAL_CREATED'])
  })
})
