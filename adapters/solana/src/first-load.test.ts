import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { staticGraph } from '@portico/devnet/test-helpers'
import { describe, expect, it } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))

// Issue 31: a page that registers the Solana adapter loads its registration, networks, address
// check and Wallet Standard discovery up front; connecting, reads, fees, signing and sending are
// the adapter runtime, an import() on first use.
describe('first load of @portico/adapter-solana', () => {
  const graph = staticGraph(join(SRC, 'index.ts'), SRC)

  it('reaches no runtime module (connect, reads, fees, reserve, send, signing, outcome, SPL plans)', () => {
    expect(
      graph.modules.filter((m) =>
        /^adapter\/(connect|backends|fees|outcome|reads|reserve|send|signing|transactions|compute-budget|runtime)\.ts$|^spl\/index\.ts$/.test(
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
      expect.arrayContaining(['adapter/send.ts', 'adapter/connect.ts', 'spl/index.ts']),
    )
  })
})
