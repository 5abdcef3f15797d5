import { describe, expect, it } from 'vitest'
import { cosmosAdapter } from '../index.js'
import { cosmosLocalHub } from '../networks/index.js'

describe('Cosmos memo convention (issue 34, Receive)', () => {
  it('cosmosAdapter declares the memo convention, so Receive notes that this address needs no memo', () => {
    const hub = cosmosLocalHub({ rpcUrl: 'http://127.0.0.1:9/r', restUrl: 'http://127.0.0.1:9/x' })
    expect(cosmosAdapter({ networks: [hub], discover: false }).memoConvention).toBe(true)
  })
})
