import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { staticImports } from '../test-helpers/static-graph.js'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')

// Issue 31: createPortico builds what the button and the Connect view need up front; the wallet
// requests, transaction outcomes, EIP-5792 calls, Send, Pay and smart sessions are one module
// (portico/actions.ts) loaded with import() on the first call of any of them.
// A bundler that splits by module places a module with every entry that reaches it through any
// import edge, a barrel's re-export included: so the package's root door is checked too.
describe('first load of createPortico', () => {
  const graph = staticImports(join(SRC, 'portico/createPortico.ts'), SRC)
  const root = staticImports(join(SRC, 'index.ts'), SRC)

  it('reaches none of the actions (wallet requests, outcomes, calls, send, pay, smart sessions)', () => {
    expect(
      [...graph, ...root].filter((m) =>
        /^(portico\/(actions|wallet-requests)|transactions\/outcomes|calls\/calls|send\/send|pay\/(pay|check|shortfall)|sessions\/smart-sessions|siwx\/service)\.ts$/.test(
          m,
        ),
      ),
    ).toEqual([])
  })

  it('still reaches what the button and Connect need (connection, modal, router, balance, DI)', () => {
    expect(graph).toEqual(
      expect.arrayContaining([
        'connection/connection.ts',
        'modal/modal.ts',
        'router/router.ts',
        'accounts/balance.ts',
        'di/container.ts',
        'portico/lazy-actions.ts',
      ]),
    )
  })

  it('the actions module, loaded on first call, has them all', () => {
    expect(staticImports(join(SRC, 'portico/actions.ts'), SRC)).toEqual(
      expect.arrayContaining([
        'portico/wallet-requests.ts',
        'transactions/outcomes.ts',
        'calls/calls.ts',
        'send/send.ts',
        'pay/pay.ts',
        'sessions/smart-sessions.ts',
      ]),
    )
  })
})
