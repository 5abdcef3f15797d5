// The SIWXSignMessage view on a real createPortico (core's scripted wallet adapter) whose
// gateway is a real HTTP server on 127.0.0.1 answering the /v1/siwx routes.
import { createMemoryStorage, createPortico, formatSiwxMessage, type Portico } from '@portico/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../core/src/api/test-helpers/server.js'
import { account, createFakeAdapter, createRecordingLogger } from '../../../core/src/test-helpers/index.js'
import { PorticoModal } from '../modal/index.js'
import { ADDRESS, devWallet, localNet, WalletError } from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'

let rendered: Rendered | undefined
let server: TestServer
let portico: Portico | undefined
const nonces = new Set<string>()
let verified: { message: string; signature: string }[] = []

beforeEach(async () => {
  server = await startTestServer({ cors: true })
  let n = 0
  server.on('GET /v1/siwx/nonce', () => {
    const nonce = `nonce${String(++n).padStart(8, '0')}`
    nonces.add(nonce)
    return { body: { nonce, expiresAt: Date.now() + 300_000 } }
  })
  server.on('POST /v1/siwx/signout', { body: { success: true } })
  server.on('POST /v1/siwx/verify', (req) => {
    const body = req.body as { message: string; signature: string; caipNetworkId: string }
    const nonce = /Nonce: (\S+)/.exec(body.message)?.[1] ?? ''
    // The scripted wallet signs as `signed:<message>`; a nonce is good once.
    if (!nonces.delete(nonce) || body.signature !== `signed:${body.message}`)
      return {
        status: 401,
        body: { code: 'invalid_signature', message: 'the signature does not match the address' },
      }
    verified.push(body)
    const now = Date.now()
    return {
      body: {
        token: 't'.repeat(43),
        session: {
          id: 's-1',
          namespace: 'eip155',
          address: ADDRESS,
          caipNetworkId: body.caipNetworkId,
          issuedAt: now,
          expiresAt: now + 86_400_000,
        },
      },
    }
  })
})
afterEach(async () => {
  rendered?.unmount()
  rendered = undefined
  portico?.destroy()
  portico = undefined
  document.body.innerHTML = ''
  verified = []
  await server.close()
})

async function start(siwx: { required?: boolean } = {}) {
  const adapter = createFakeAdapter({
    namespace: 'eip155',
    networks: [localNet],
    setup: (ctx) => ctx.setConnectors('eip155', [devWallet]),
  })
  adapter.connectImpl = async () => ({
    accounts: [account('eip155', ADDRESS, 'eip155:31337')],
    caipNetworkId: 'eip155:31337',
  })
  adapter.formatSignInMessage = (fields) => formatSiwxMessage(fields, 'Ethereum')
  const sign = adapter.signMessage
  let reject = false
  adapter.signMessage = async (params) => {
    if (reject) {
      reject = false
      throw new WalletError('User rejected the request.', 4001)
    }
    return sign(params)
  }
  portico = createPortico({
    adapters: [adapter],
    networks: [localNet],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    apiUrl: server.url,
    projectId: 'local',
    siwx: {
      domain: 'app.example',
      uri: 'https://app.example',
      statement: 'Sign in to <b>Demo</b>.',
      ...siwx,
    },
  })
  await portico.ready
  rendered = await render(portico, <PorticoModal />)
  await portico.connect('dev', { namespace: 'eip155' })
  const view = await waitFor(() =>
    modalRoot().querySelector('[data-view="SIWXSignMessage"] [data-testid="siwx"][data-status="requested"]'),
  )
  return { portico, view, rejectNext: () => (reject = true) }
}

describe('SIWXSignMessage view', () => {
  it('after connect it shows the CAIP-122 message as text, then "Sign in" signs in and closes the modal', async () => {
    const { portico, view } = await start()
    const text = view.querySelector('[data-testid="siwx-message"]')!.textContent!
    expect(text).toContain(`app.example wants you to sign in with your Ethereum account:\n${ADDRESS}`)
    for (const line of [
      'URI: https://app.example',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: nonce',
      'Issued At: ',
      'Expiration Time: ',
    ])
      expect(text).toContain(line)
    // Host text is shown as text, never as markup.
    expect(text).toContain('Sign in to <b>Demo</b>.')
    expect(view.querySelector('b')).toBeNull()
    expect(modalRoot().textContent).toContain('Sign In')
    expect(byText(view, 'button', 'Cancel')).toBeTruthy()
    await click(byText(view, 'button', 'Sign in'))
    await waitFor(() => portico.siwx!.getState().status === 'signed')
    expect(verified).toHaveLength(1)
    expect(verified[0]!.message).toBe(text)
    await waitFor(() => !portico.getState().modal.open)
  })

  it('a rejected signature shows "Sign-in failed" with the reason and keeps "Sign in" to retry', async () => {
    const { portico, view, rejectNext } = await start()
    rejectNext()
    await click(byText(view, 'button', 'Sign in'))
    const alert = await waitFor(() => modalRoot().querySelector('[data-testid="siwx-error"]'))
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.textContent).toContain('Sign-in failed')
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
    await click(byText(modalRoot() as unknown as ParentNode, 'button', 'Sign in'))
    await waitFor(() => portico.siwx!.getState().status === 'signed')
  })

  it('optional sign-in: Cancel keeps the wallet connected, not signed in', async () => {
    const { portico, view } = await start()
    await click(byText(view, 'button', 'Cancel'))
    await waitFor(() => !portico.getState().modal.open)
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
    expect(portico.siwx!.getState().status).toBe('declined')
  })

  it('required sign-in: the button reads "Disconnect", says why, and declining disconnects', async () => {
    const { portico, view } = await start({ required: true })
    expect(view.textContent).toContain(
      'Signing in is required to use this app. Cancelling disconnects your wallet.',
    )
    await click(byText(view, 'button', 'Disconnect'))
    await waitFor(() => portico.getState().accounts.eip155?.status === 'disconnected')
    expect(verified).toHaveLength(0)
  })
})
