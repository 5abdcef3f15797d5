import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { staticGraph } from '@portico/devnet/test-helpers'
import { describe, expect, it } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))

// Issue 31: a page that registers the Polkadot adapter loads its registration, networks, SS58
// check and extension discovery up front; sessions, balances, signing and transfers are the
// adapter runtime, an import() on first use.
describe('first load of @portico/adapter-polkadot', () => {
  const graph = staticGraph(join(SRC, 'index.ts'), SRC)

  it('reaches no runtime module (connect, balances, transactions, chain reads and transfers)', () => {
    expect(
      graph.modules.filter((m) =>
        /^adapter\/(connect|balances|transactions|runtime)\.ts$|^chain\/(index|balance|account|inclusion|reserve|transfer|signed-transaction)\.ts$/.test(
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
        'extensions/index.ts',
        'address/index.ts',
      ]),
    )
  })

  it('the runtime entry has the transfer code (loaded with import())', () => {
    expect(staticGraph(join(SRC, 'adapter/runtime.ts'), SRC).modules).toEqual(
      expect.arrayContaining(['adapter/transactions.ts', 'adapter/connect.ts', 'chain/transfer.ts']),
    )
  })
})
