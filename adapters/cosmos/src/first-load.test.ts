import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { staticGraph } from '@portico/devnet/test-helpers'
import { describe, expect, it } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))

// Issue 31: a page that registers the Cosmos adapter loads its registration, networks, bech32
// check and Keplr-style discovery up front; fees, signing, sending and outcomes are the adapter
// runtime, an import() on first use.
describe('first load of @portico/adapter-cosmos', () => {
  const graph = staticGraph(join(SRC, 'index.ts'), SRC)

  it('reaches no runtime module (send, fees, message and transaction signing, outcomes)', () => {
    expect(
      graph.modules.filter((m) =>
        /^send\/(index|outcome)\.ts$|^sign-message\/(index|sign)\.ts$|^adapter\/(fees|sign-transaction|runtime)\.ts$/.test(
          m,
        ),
      ),
    ).toEqual([])
  })

  it('still reaches what the button and the Connect view need (networks, discovery, address check)', () => {
    expect(graph.modules).toEqual(
      expect.arrayContaining([
        'adapter/index.ts',
        'networks/index.ts',
        'wallets/index.ts',
        'address/index.ts',
      ]),
    )
  })

  it('the runtime entry has the send code (loaded with import())', () => {
    expect(staticGraph(join(SRC, 'adapter/runtime.ts'), SRC).modules).toEqual(
      expect.arrayContaining(['send/index.ts', 'sign-message/sign.ts', 'adapter/fees.ts']),
    )
  })
})
