import { type TokenBalance, UserRejectedRequestError, WalletNotConnectedError } from '@portico/core'
import { act, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton, NetworkButton } from '../buttons/index.js'
import { PorticoLocale } from '../i18n/index.js'
import { PorticoModal } from '../modal/index.js'
import { TransactionOutcomeError, useSendTransaction, useSignMessage } from '../requests/index.js'
import {
  ADDRESS,
  createTestPortico,
  devWallet,
  localNet,
  localNet2,
  type TestPorticoOptions,
  WalletError,
} from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const rejection = () => new WalletError('User rejected the request.', 4001)

async function connected(opts: TestPorticoOptions = {}) {
  const t = await createTestPortico(opts)
  await t.connect()
  rendered = await render(t.portico, <PorticoModal />)
  return t
}

const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  price: 1,
  value: 1234.5678,
  quantity: { decimals: '6', numeric: '1234.567891' },
}

describe('Account view', () => {
  it('shows the short address, the balance truncated to 3 decimals and tokens with fiat at 2', async () => {
    const t = await connected()
    await act(async () => t.updateAccount({ tokenBalance: [usdc] }))
    await act(async () => t.portico.open())
    const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(view.querySelector('[data-testid="account-name"]')?.textContent).toBe('0xf39F…2266')
    expect(view.querySelector('[data-testid="account-balance"]')?.textContent).toBe('10000.123 ETH')
    const tokens = view.querySelector('[data-testid="token-list"]')!.textContent!
    expect(tokens).toContain('1234.567 USDC')
    expect(tokens).toContain('$1,234.57')
    expect(byText(view, 'a', 'View on explorer')?.getAttribute('href')).toBe(
      `http://127.0.0.1:4000/address/${ADDRESS}`,
    )
  })

  it('an email name over 30 characters is shortened with an ellipsis', async () => {
    const t = await connected()
    await act(async () => t.updateAccount({ user: { email: 'averyveryverylongname@example.com' } }))
    await act(async () => t.portico.open())
    const name = await waitFor(() => modalRoot().querySelector('[data-testid="account-name"]'))
    expect(name.textContent).toContain('…')
    expect(Array.from(name.textContent!).length).toBe(30)
  })

  it('tabs write currentTab into core state; NFTs and Activity show honest empty states', async () => {
    const t = await connected()
    await act(async () => t.portico.open())
    const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    const tabs = Array.from(view.querySelectorAll<HTMLElement>('[role="tab"]'))
    expect(tabs.map((x) => x.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    await click(tabs[1])
    expect(t.portico.getState().accounts.eip155?.currentTab).toBe(1)
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true')
    expect(view.querySelector('[role="tabpanel"]')?.textContent).toContain('No NFTs yet')
    await click(tabs[2])
    expect(view.querySelector('[role="tabpanel"]')?.textContent).toContain('No activity yet')
  })

  it('a plugin account action pushes the plugin view, loaded lazily from the registry', async () => {
    const t = await connected({
      actions: [{ id: 'hello', label: 'Say hello', view: 'Networks' }],
      views: { Networks: pluginView },
    })
    await act(async () => t.portico.open())
    await click(await waitFor(() => modalRoot().querySelector('[data-action-id="hello"]')))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="Networks"]'))
    expect(view.textContent).toBe('plugin view')
  })

  it('an account action limited to other namespaces (namespaces: ["solana"]) is not offered on an eip155 account', async () => {
    const t = await connected({
      actions: [
        { id: 'everywhere', label: 'Say hello', view: 'Networks' },
        { id: 'sol-only', label: 'Stake SOL', view: 'Networks', namespaces: ['solana'] },
        { id: 'evm-only', label: 'Swap', view: 'Networks', namespaces: ['eip155'] },
      ],
      views: { Networks: pluginView },
    })
    await act(async () => t.portico.open())
    const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    await waitFor(() => view.querySelector('[data-action-id="everywhere"]'))
    const ids = Array.from(view.querySelectorAll('[data-action-id]')).map((e) =>
      e.getAttribute('data-action-id'),
    )
    // The built-in Send and Receive come first, on every namespace.
    expect(ids).toEqual(['send', 'receive', 'everywhere', 'evm-only'])
  })

  it("an account action with `when` is offered only while it holds for the shown account (an email login's Update email)", async () => {
    const t = await connected({
      actions: [
        {
          id: 'email-only',
          label: 'Update email',
          view: 'Networks',
          when: (a) => typeof a.user?.email === 'string',
        },
      ],
      views: { Networks: pluginView },
    })
    await act(async () => t.portico.open())
    const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    await waitFor(() => view.querySelector('[data-action-id="send"]'))
    expect(view.querySelector('[data-action-id="email-only"]')).toBeNull()
    await act(async () => t.updateAccount({ user: { email: 'ada@example.com' } }))
    await waitFor(() => view.querySelector('[data-action-id="email-only"]'))
  })

  it("with several chains, Account lists each connected wallet's address and balance, one 'Connect another wallet' entry; choosing another makes it active (SPEC §2)", async () => {
    const solWallet = { ...devWallet, id: 'sol', name: 'Sol Wallet', chain: 'solana' as const }
    const t = await connected({ connectors: [devWallet, solWallet] })
    await act(async () => t.portico.open())
    let view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    const row = (ns: string) => view.querySelector<HTMLElement>(`[data-namespace="${ns}"]`)!
    expect(row('eip155').textContent).toContain('0xf39F…2266')
    expect(row('eip155').querySelector('[data-testid="namespace-balance"]')?.textContent).toBe(
      '10000.123 ETH',
    )
    expect(row('eip155').getAttribute('aria-current')).toBe('true')
    expect(view.querySelector('[data-namespace="solana"]')).toBeNull()
    expect(view.querySelector('[data-testid="connect-another-wallet"]')?.textContent).toBe(
      'Connect another wallet',
    )
    // The visitor connects a Solana wallet too (which makes Solana active), then opens on EVM again.
    await act(async () => t.portico.close())
    await act(async () => t.connect('sol', 'solana'))
    expect(t.portico.getState().activeNamespace).toBe('solana')
    await act(async () => t.portico.open({ namespace: 'eip155' }))
    view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(row('eip155').getAttribute('aria-current')).toBe('true')
    expect(row('solana').textContent).toContain('Ez2u…VhmQ')
    expect(row('solana').textContent).toContain('Sol Wallet')
    // Every configured namespace has a wallet now; "Connect another wallet" stays for a second wallet of one (issue 34).
    expect(view.querySelector('[data-testid="connect-another-wallet"]')).not.toBeNull()
    expect(row('solana').querySelector('[data-testid="namespace-balance"]')?.textContent).toBe('1000.000 SOL')
    await click(row('solana'))
    await waitFor(() => t.portico.getState().activeNamespace === 'solana')
    expect(t.portico.getState().modal.open).toBe(true)
  })

  it('Disconnect disconnects and closes the modal; it opens on Connect again', async () => {
    const t = await connected()
    await act(async () => t.portico.open())
    await click(await waitFor(() => byText(modalRoot(), 'button', 'Disconnect')))
    await waitFor(() => t.portico.getState().accounts.eip155?.status === 'disconnected')
    expect(t.portico.getState().modal.open).toBe(false)
    await act(async () => t.portico.open())
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
  })

  it('embedded, Disconnect returns to Connect in place', async () => {
    const t = await connected({ embedded: true })
    await act(async () => t.portico.open())
    await click(await waitFor(() => byText(modalRoot(), 'button', 'Disconnect')))
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
    expect(t.portico.getState().accounts.eip155?.status).toBe('disconnected')
  })
})

describe('Networks / SwitchNetwork', () => {
  it('a rejected switch offers "Try again"; the retry switches and leaves to Account', async () => {
    let reject = true
    const t = await connected({
      wallet: {
        switchNetwork: async () => {
          if (reject) throw rejection()
        },
      },
    })
    await act(async () => t.portico.open())
    await act(async () => t.portico.router.push('Networks'))
    await click(await waitFor(() => modalRoot().querySelector('[data-network-id="eip155:31338"]')))
    const retry = await waitFor(() => byText(modalRoot(), 'button', 'Try again'))
    expect(modalRoot().querySelector('[data-view="SwitchNetwork"]')?.textContent).toContain('Switch declined')
    reject = false
    await click(retry)
    await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(t.portico.getState().networks.active.eip155).toBe('eip155:31338')
  })

  it('any other failure goes back one view (SPEC §2)', async () => {
    const t = await connected({
      wallet: {
        switchNetwork: async () => {
          throw new WalletError('Unrecognized chain', 4902)
        },
      },
    })
    await act(async () => t.portico.open())
    await act(async () => t.portico.router.push('Networks'))
    await click(await waitFor(() => modalRoot().querySelector('[data-network-id="eip155:31338"]')))
    await waitFor(() => modalRoot().querySelector('[data-view="Networks"]'))
    expect(t.portico.getState().router.history.map((e) => e.view)).toEqual(['Account', 'Networks'])
  })
})

/** A view a plugin would register. */
const pluginView = async () => ({ default: () => <p>plugin view</p> })

let signed: string | undefined
let failure: unknown
function SignButton() {
  const signMessage = useSignMessage()
  const [error, setError] = useState<string>()
  return (
    <>
      <button
        type="button"
        onClick={() =>
          signMessage('hello').then(
            (s) => {
              signed = s
            },
            (e: Error) => {
              failure = e
              setError(e.message)
            },
          )
        }
      >
        sign
      </button>
      {error ? <output>{error}</output> : null}
    </>
  )
}

describe('UnsupportedChain', () => {
  it('the network button says "Wrong network" and opens UnsupportedChain with the supported networks', async () => {
    const t = await createTestPortico()
    await t.connect()
    // The wallet moves to a chain the app does not offer.
    await act(async () => t.adapters.eip155?.emit('chainChanged', { caipNetworkId: 'eip155:999' }))
    expect(t.portico.getState().networks.unsupported.eip155).toBe(true)
    rendered = await render(
      t.portico,
      <>
        <NetworkButton />
        <PorticoModal />
      </>,
    )
    const button = rendered.container.querySelector('button')!
    expect(button.getAttribute('aria-label')).toBe('Network: Wrong network')
    await click(button)
    const view = await waitFor(() => modalRoot().querySelector('[data-view="UnsupportedChain"]'))
    expect(view.textContent).toContain('doesn’t support your wallet’s current network')
    expect(view.querySelectorAll('[data-network-id]').length).toBe(2)
  })
})

describe('UnsupportedChain while the modal is open (issue 22)', () => {
  it('the wallet moving to a chain the app does not offer turns the open Account view into "Unsupported network" at once; moving back shows Account again', async () => {
    const t = await connected()
    await act(async () => t.portico.open())
    await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    await act(async () => t.adapters.eip155?.emit('chainChanged', { caipNetworkId: 'eip155:999' }))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="UnsupportedChain"]'))
    expect(modalRoot().querySelector('h2')?.textContent).toBe('Unsupported network')
    expect(view.textContent).toContain('doesn’t support your wallet’s current network')
    await act(async () => t.adapters.eip155?.emit('chainChanged', { caipNetworkId: 'eip155:31338' }))
    await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(modalRoot().querySelector('[data-view="UnsupportedChain"]')).toBeNull()
  })
})

describe('SignMessage for a host request', () => {
  it('shows the message, "Try again" after a rejection, resolves and closes on success', async () => {
    let reject = true
    const t = await createTestPortico({
      wallet: {
        signMessage: async () => {
          if (reject) throw rejection()
          return '0xsig'
        },
      },
    })
    await t.connect()
    rendered = await render(
      t.portico,
      <>
        <SignButton />
        <PorticoModal />
      </>,
    )
    await click(byText(rendered.container, 'button', 'sign'))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="SignMessage"]'))
    expect(view.textContent).toContain('hello')
    await waitFor(() => byText(modalRoot(), 'h3', 'Signature declined'))
    reject = false
    await click(byText(modalRoot(), 'button', 'Try again'))
    await waitFor(() => signed === '0xsig')
    expect(t.portico.getState().modal.open).toBe(false)
  })

  it('Cancel after a rejection rejects the host promise with the wallet error', async () => {
    const t = await createTestPortico({ wallet: { signMessage: async () => Promise.reject(rejection()) } })
    await t.connect()
    rendered = await render(
      t.portico,
      <>
        <SignButton />
        <PorticoModal />
      </>,
    )
    await click(byText(rendered.container, 'button', 'sign'))
    await click(await waitFor(() => byText(modalRoot(), 'button', 'Cancel')))
    const out = await waitFor(() => rendered!.container.querySelector('output'))
    // Core hands the host the wallet's 4001 as its typed rejection.
    expect(failure).toBeInstanceOf(UserRejectedRequestError)
    expect(out.textContent).toMatch(/^User rejected the request\./)
    expect(t.portico.getState().modal.open).toBe(false)
  })
})

describe('Signing with no wallet connected (issue 22)', () => {
  it('the modal says "No wallet connected" and offers Connect Wallet, not an endless "Waiting for your signature"; the host gets the typed WalletNotConnectedError', async () => {
    failure = undefined
    const t = await createTestPortico()
    rendered = await render(
      t.portico,
      <>
        <SignButton />
        <PorticoModal />
      </>,
    )
    await click(byText(rendered.container, 'button', 'sign'))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="SignMessage"]'))
    await waitFor(() => byText(view, 'h3', 'No wallet connected'))
    expect(view.textContent).toContain('Connect a wallet, then try again.')
    expect(view.textContent).not.toContain('Waiting for your signature')
    expect(view.textContent).not.toContain('Address or auth connector not found')
    expect(byText(view, 'button', 'Try again')).toBeUndefined()
    await click(byText(view, 'button', 'Connect Wallet'))
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
    await act(async () => t.portico.close())
    const out = await waitFor(() => rendered!.container.querySelector('output'))
    expect(failure).toBeInstanceOf(WalletNotConnectedError)
    expect(out.textContent).toBe('No wallet is connected\n\nConnect a wallet, then try again.')
  })
})

describe('strings catalogue', () => {
  it('another locale replaces the texts without touching components', async () => {
    const t = await createTestPortico()
    rendered = await render(
      t.portico,
      <PorticoLocale strings={{ connectWallet: 'Wallet verbinden', connectTitle: 'Wallet wählen' }}>
        <ConnectButton />
        <PorticoModal />
      </PorticoLocale>,
    )
    const button = rendered.container.querySelector('button')!
    expect(button.textContent).toBe('Wallet verbinden')
    await click(button)
    expect(modalRoot().querySelector('h2')?.textContent).toBe('Wallet wählen')
  })
})

describe('ApproveTransaction shows the value in the native unit of the request’s network, every digit kept', () => {
  async function approve(request: Record<string, unknown>) {
    const t = await connected()
    await act(async () => t.portico.open({ view: 'ApproveTransaction', data: { request } }))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="ApproveTransaction"]'))
    return { t, value: () => view.querySelector('[data-testid="transaction-value"]')?.textContent }
  }
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

  it('10000000000000000 wei → "0.01 ETH" (not the wei figure)', async () => {
    const { value } = await approve({ to, value: 10n ** 16n })
    expect(value()).toBe('0.01 ETH')
  })

  it('an amount being sent is exact, not truncated to 3 decimals like a balance (SPEC §5 is for balances)', async () => {
    const { value } = await approve({ to, value: 1_234_567_890_123_456_789n })
    expect(value()).toBe('1.234567890123456789 ETH')
  })

  it('uses the request’s caipNetworkId network (its own symbol and decimals), not the active one', async () => {
    const usdNet = { ...localNet2, nativeCurrency: { name: 'Dollar', symbol: 'USDx', decimals: 6 } }
    const t = await connected({ networks: [localNet, usdNet] })
    const request = { to, value: 2_500_000n, caipNetworkId: 'eip155:31338' }
    await act(async () => t.portico.open({ view: 'ApproveTransaction', data: { request } }))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="ApproveTransaction"]'))
    expect(view.querySelector('[data-testid="transaction-value"]')?.textContent).toBe('2.5 USDx')
    expect(t.portico.getState().networks.active.eip155).toBe('eip155:31337')
  })

  it('a decimal or 0x string value (a plain-JS host) is read as base units', async () => {
    expect((await approve({ to, value: '0x2386f26fc10000' })).value()).toBe('0.01 ETH')
  })
})

let sentHash: string | undefined
let sendFailure: unknown
function SendButton() {
  const send = useSendTransaction()
  return (
    <button
      type="button"
      onClick={() =>
        send({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n }).then(
          (hash) => {
            sentHash = hash
          },
          (e: unknown) => {
            sendFailure = e
          },
        )
      }
    >
      send
    </button>
  )
}

describe('useSendTransaction follows the transaction to its outcome (issue 28)', () => {
  afterEach(() => {
    sentHash = undefined
    sendFailure = undefined
  })
  const HASH = `0x${'1'.repeat(64)}`

  it('resolves the hash only once the chain says it succeeded; meanwhile the modal says it waits for the network', async () => {
    let mine!: () => void
    const mined = new Promise<void>((r) => {
      mine = r
    })
    const t = await createTestPortico({ wallet: { mined: () => mined } })
    await t.connect()
    rendered = await render(
      t.portico,
      <>
        <SendButton />
        <PorticoModal />
      </>,
    )
    await click(byText(rendered.container, 'button', 'send'))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="ApproveTransaction"]'))
    const notice = await waitFor(() => view.querySelector('[data-testid="request-outcome"]'), 3000)
    expect(notice.getAttribute('data-status')).toBe('pending')
    expect(notice.textContent).toBe('Waiting for the network to include it…')
    expect(sentHash).toBeUndefined()
    await act(async () => mine())
    await waitFor(() => sentHash === HASH, 3000)
    expect(t.portico.getState().modal.open).toBe(false)
  })

  it('a transaction that failed on chain shows "Failed" with the reason, the explorer link and Try again; closing rejects with TransactionOutcomeError carrying the reason', async () => {
    const reason = { message: 'execution reverted: GATE: transfers are paused', code: '0x08c379a0' }
    const t = await createTestPortico({
      wallet: { mined: async (hash) => ({ status: 'failed', hash, reason }) },
    })
    await t.connect()
    rendered = await render(
      t.portico,
      <>
        <SendButton />
        <PorticoModal />
      </>,
    )
    await click(byText(rendered.container, 'button', 'send'))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="ApproveTransaction"]'))
    const notice = await waitFor(() => {
      const n = view.querySelector('[data-testid="request-outcome"]')
      return n?.getAttribute('data-status') === 'failed' ? n : null
    }, 3000)
    expect(view.querySelector('h3')?.textContent).toBe('Transaction failed')
    expect(notice.querySelector('[data-testid="request-outcome-reason"]')?.textContent).toBe(reason.message)
    expect(notice.querySelector('[data-testid="request-outcome-explorer"]')?.getAttribute('href')).toBe(
      `http://127.0.0.1:4000/tx/${HASH}`,
    )
    const sends = () => t.adapters.eip155!.calls.filter((c) => c.method === 'sendTransaction').length
    expect(sends()).toBe(1)
    await click(byText(notice as HTMLElement, 'button', 'Try again'))
    await waitFor(() => sends() === 2, 3000)
    await waitFor(() => view.querySelector('[data-testid="request-outcome"][data-status="failed"]'), 3000)
    expect(sendFailure).toBeUndefined()
    await click(byText(view as HTMLElement, 'button', 'Cancel'))
    await waitFor(() => sendFailure !== undefined, 3000)
    expect(sendFailure).toBeInstanceOf(TransactionOutcomeError)
    const error = sendFailure as TransactionOutcomeError
    expect(error.outcome.status).toBe('failed')
    expect(error.reason).toEqual(reason)
    expect(error.hash).toBe(HASH)
    expect(error.message).toBe(`The transaction failed on chain: ${reason.message}`)
    expect(sentHash).toBeUndefined()
  })
})
