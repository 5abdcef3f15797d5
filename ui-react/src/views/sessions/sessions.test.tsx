import type { SessionResponse } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTimeIn } from '../../format/intl.js'
import { en, formatString } from '../../i18n/index.js'
import { PorticoModal } from '../../modal/index.js'
import { ADDRESS, createTestPortico, startGateway, WalletError } from '../../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'
import { MAX_SUMMARY_CHARS, summarizePermissions } from './index.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const t = (key: keyof typeof en, values?: Record<string, string | number>) => formatString(en[key], values)

const session = (id: string, pci: string, permissions: unknown = { spend: '1 ETH' }): SessionResponse => ({
  id,
  projectId: 'local',
  address: ADDRESS.toLowerCase(),
  pci,
  chainId: 'eip155:31337',
  gateway: `0x${'ab'.repeat(32)}`,
  permissions,
  createdAt: Date.now() - 60_000,
  expiry: Date.UTC(2030, 0, 15),
  status: 'active',
  revokedAt: null,
})
const ID1 = '00000000-0000-4000-8000-000000000001'
const ID2 = '00000000-0000-4000-8000-000000000002'

/**
 * A real createPortico with the scripted EVM wallet (it signs typed data
 * with `sign`) and core's test gateway answering the list from `list`.
 */
async function openSessions(
  list: () => { status?: number; body: unknown },
  opts: { sign?: (typedData: unknown) => Promise<string>; revoke?: { status: number; body: unknown } } = {},
) {
  const gateway = await startGateway(async () => ({ data: [], next: null }) as never)
  gateway.on('GET /v1/sessions', () => list())
  for (const id of [ID1, ID2])
    gateway.on(`POST /v1/sessions/${id}/revoke`, opts.revoke ?? { body: { success: true } })
  const tp = await createTestPortico({ apiUrl: gateway.url })
  const adapter = tp.adapters.eip155!
  const built: unknown[] = []
  adapter.sessionRevokeTypedData = (fields) => {
    built.push(fields)
    return { primaryType: 'SessionRevoke', message: fields }
  }
  adapter.signTypedData = async ({ typedData }) => (opts.sign ? opts.sign(typedData) : `0x${'ab'.repeat(65)}`)
  await tp.connect()
  rendered = await render(tp.portico, <PorticoModal />)
  await act(async () => tp.portico.open())
  const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  await click(account.querySelector('[data-testid="account-sessions"]'))
  const view = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="Sessions"]'))
  return { tp, gateway, view, built }
}

describe('Active sessions view (Account → Active sessions)', () => {
  it('lists the account’s active sessions: shortened pci, permissions as text, expiry', async () => {
    const pci = `0x${'12'.repeat(20)}`
    const { view, gateway } = await openSessions(() => ({
      body: { sessions: [session(ID1, pci), session(ID2, 'pci-2', {})], truncated: false },
    }))
    const rows = await waitFor(() => {
      const r = view.querySelectorAll('[data-testid="session-row"]')
      return r.length === 2 ? r : undefined
    })
    expect(rows[0]!.textContent).toContain(t('sessionsPermissions', { summary: 'spend: 1 ETH' }))
    expect(rows[0]!.querySelector('.session-pci')!.textContent).not.toBe(pci)
    expect(rows[0]!.querySelector('.session-pci')!.getAttribute('title')).toBe(pci)
    // The expiry with its time of day: a session often ends within the day.
    expect(rows[0]!.textContent).toContain(formatDateTimeIn('en', new Date(Date.UTC(2030, 0, 15))))
    expect(rows[1]!.textContent).toContain(t('sessionsNoPermissions'))
    const asked = gateway.requests.find((r) => r.path === '/v1/sessions')!
    expect(asked.query.address).toBe(ADDRESS)
  })

  it('an empty answer says so; an error is not an empty list and Try again reloads', async () => {
    let fail = true
    const { view } = await openSessions(() =>
      fail
        ? { status: 500, body: { code: 'internal', message: 'database down' } }
        : { body: { sessions: [], truncated: false } },
    )
    const error = await waitFor(() => view.querySelector('[data-testid="sessions-error"]'))
    expect(error.textContent).toContain(t('sessionsError'))
    expect(view.querySelector('[data-testid="sessions-empty"]')).toBeNull()
    fail = false
    await click(byText(view, 'button', t('tryAgain')))
    const empty = await waitFor(() => view.querySelector('[data-testid="sessions-empty"]'))
    expect(empty.textContent).toBe(t('sessionsEmpty'))
  })

  it('Revoke: the adapter builds the typed data, the wallet signs, the gateway gets it, the row leaves', async () => {
    const { view, gateway, built } = await openSessions(() => ({
      body: { sessions: [session(ID1, 'pci-1'), session(ID2, 'pci-2')], truncated: false },
    }))
    const rows = await waitFor(() => {
      const r = view.querySelectorAll('[data-testid="session-row"]')
      return r.length === 2 ? r : undefined
    })
    await click(rows[0]!.querySelector('[data-testid="session-revoke"]'))
    await waitFor(() =>
      view.querySelectorAll('[data-testid="session-row"]').length === 1 ? true : undefined,
    )
    expect(view.querySelector('[data-session-id]')!.getAttribute('data-session-id')).toBe(ID2)
    const posted = gateway.requests.find((r) => r.path === `/v1/sessions/${ID1}/revoke`)!
    const body = posted.body as { pci: string; signature: string; nonce: string; deadline: number }
    expect(body.pci).toBe('pci-1')
    expect(body.signature).toBe(`0x${'ab'.repeat(65)}`)
    // The signed fields are the session's plus the request's nonce and a deadline within 10 minutes.
    expect(built[0]).toMatchObject({ id: ID1, pci: 'pci-1', nonce: body.nonce, deadline: body.deadline })
    expect(body.deadline - Date.now()).toBeLessThanOrEqual(600_000)
  })

  it('a declined signature or a refused revocation is shown on the row, which stays', async () => {
    let declined = true
    const { view, gateway } = await openSessions(
      () => ({ body: { sessions: [session(ID1, 'pci-1')], truncated: false } }),
      {
        sign: async () => {
          if (declined) throw new WalletError('User rejected the request.', 4001)
          return `0x${'cd'.repeat(65)}`
        },
        revoke: { status: 401, body: { code: 'invalid_signature', message: 'bad signature' } },
      },
    )
    const row = await waitFor(() => view.querySelector('[data-testid="session-row"]'))
    await click(row.querySelector('[data-testid="session-revoke"]'))
    const error = await waitFor(() => row.querySelector('[data-testid="session-revoke-error"]'))
    expect(error.textContent).toMatch(/^Not revoked: /)
    expect(gateway.requests.some((r) => r.path.endsWith('/revoke'))).toBe(false)

    declined = false
    await click(row.querySelector('[data-testid="session-revoke"]'))
    await waitFor(() =>
      gateway.requests.some((r) => r.path.endsWith('/revoke')) &&
      row.querySelector('[data-testid="session-revoke"]:not([disabled])')
        ? true
        : undefined,
    )
    expect(row.querySelector('[data-testid="session-revoke-error"]')!.textContent).toContain(
      'The gateway refused to revoke the session',
    )
    expect(view.querySelectorAll('[data-testid="session-row"]')).toHaveLength(1)
  })
})

describe('summarizePermissions', () => {
  it(`renders untrusted permissions as one line of text, at most ${MAX_SUMMARY_CHARS} characters`, () => {
    expect(summarizePermissions({ spend: '1', call: { to: '0xabc' } })).toBe('spend: 1, call: {"to":"0xabc"}')
    expect(summarizePermissions({})).toBe('')
    const long = summarizePermissions({ x: 'y'.repeat(500) })
    expect(long).toHaveLength(MAX_SUMMARY_CHARS)
    expect(long.endsWith('…')).toBe(true)
  })
})
