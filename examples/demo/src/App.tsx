import { getWalletConnectConnector } from '@portico/plugin-walletconnect'
import {
  ConnectButton,
  NetworkButton,
  PorticoModal,
  PorticoProvider,
  useAccount,
  useBalance,
  useModal,
  useNetwork,
  usePorticoEvent,
  useSendTransaction,
  useSignMessage,
} from '@portico/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { InboxCard } from './inbox/index.js'
import { DEMO_PERSONALITIES } from './personalities.js'
import { type DemoWorld, probeRelay } from './setup.js'

type Mode = 'light' | 'dark' | 'system'
/** Dev account #1 of the devnet mnemonic: the demo sends to it. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EVM_TRANSFER = { label: 'Send 0.01 ETH', request: { to: RECIPIENT, value: 10n ** 16n } }

/** The locales Portico ships; the demo starts in `?locale=…` (e.g. `/?locale=ar`) when given. */
const LOCALES = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Español' },
  { tag: 'zh', name: '简体中文' },
  { tag: 'ja', name: '日本語' },
  { tag: 'ar', name: 'العربية' },
] as const

function initialLocale(): string {
  const asked = new URLSearchParams(window.location.search).get('locale')
  return LOCALES.some((l) => l.tag === asked) ? (asked as string) : 'en'
}

export function App({ world }: { world: DemoWorld }) {
  const [mode, setMode] = useState<Mode>('system')
  const [locale, setLocale] = useState(initialLocale)
  const dark = useSyncExternalStore(subscribeDark, prefersDark)
  const resolved = mode === 'system' ? (dark ? 'dark' : 'light') : mode
  useEffect(() => {
    document.documentElement.dataset.theme = resolved
    world.portico.setThemeMode?.(mode)
    world.embedded.setThemeMode?.(mode)
  }, [world, mode, resolved])

  return (
    <PorticoProvider portico={world.portico} locale={locale}>
      <header className="nav">
        <a className="brand" href="/">
          <span className="brand-mark" aria-hidden="true" />
          Portico <span className="badge">demo</span>
        </a>
        <div className="nav-actions">
          <LocalePicker locale={locale} onChange={setLocale} />
          <ThemeToggle mode={mode} onChange={setMode} />
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>
      <main className="page">
        <section className="hero">
          <h1>Connect a wallet. Nothing hosted.</h1>
          <p>
            Everything on this page runs on 127.0.0.1: two anvil devnets (31337 and 31338), the Portico Dev
            Wallet announced over EIP-6963, and the modal in a shadow root under a strict CSP.
          </p>
          {world.devnet.found ? null : (
            <p className="warning" role="status">
              No devnet info at /devnet.json — start the demo with <code>npm run demo</code>.
            </p>
          )}
        </section>
        <div className="layout">
          <div className="grid">
            <AccountCard />
            <RequestsCard world={world} />
            <HelloCard world={world} />
            <WalletConnectCard world={world} />
            <WalletsCard world={world} />
            {world.devnet.inbox ? <InboxCard url={world.devnet.inbox.url} /> : null}
          </div>
          <EmbeddedCard world={world} locale={locale} />
        </div>
      </main>
      <footer className="footer">Portico · shadow DOM · constructable stylesheets · no vendor key</footer>
      <PorticoModal />
    </PorticoProvider>
  )
}

function subscribeDark(onChange: () => void) {
  const mql = window.matchMedia('(prefers-color-scheme: dark)')
  mql.addEventListener('change', onChange)
  return () => mql.removeEventListener('change', onChange)
}
const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches

/** Switches the modal's language at run time (an open modal re-renders in place). */
function LocalePicker({ locale, onChange }: { locale: string; onChange: (tag: string) => void }) {
  return (
    <label className="locale-picker">
      <span className="visually-hidden">Language</span>
      <select data-testid="locale-picker" value={locale} onChange={(e) => onChange(e.target.value)}>
        {LOCALES.map((l) => (
          <option key={l.tag} value={l.tag} lang={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  )
}

function ThemeToggle({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  return (
    <div className="segmented" role="radiogroup" aria-label="Theme">
      {(['light', 'dark', 'system'] as const).map((m) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons with radio semantics
        <button key={m} type="button" role="radio" aria-checked={mode === m} onClick={() => onChange(m)}>
          {m[0]!.toUpperCase() + m.slice(1)}
        </button>
      ))}
    </div>
  )
}

function AccountCard() {
  const account = useAccount()
  const { network, isUnsupported } = useNetwork()
  const { balance, symbol, tokens, loading } = useBalance()
  const { open } = useModal()
  return (
    <section className="card" aria-labelledby="account-card">
      <h2 id="account-card">Account — read with hooks</h2>
      <dl className="facts" data-testid="account-facts">
        <dt>Status</dt>
        <dd>
          <span className="pill" data-status={account.status}>
            {account.status}
          </span>
        </dd>
        <dt>Address</dt>
        <dd className="mono" data-testid="address">
          {account.address ?? '—'}
        </dd>
        <dt>Network</dt>
        <dd data-testid="network">{isUnsupported ? 'Unsupported network' : (network?.name ?? '—')}</dd>
        <dt>Balance</dt>
        <dd className="mono" data-testid="balance">
          {balance !== undefined ? `${balance} ${symbol ?? ''}` : loading ? 'Loading…' : '—'}
        </dd>
        <dt>Tokens</dt>
        <dd className="mono" data-testid="tokens">
          {tokens.length ? tokens.map((t) => `${t.quantity.numeric} ${t.symbol}`).join(' · ') : '—'}
        </dd>
      </dl>
      <div className="row-actions">
        <button type="button" className="btn" onClick={() => void open()}>
          {account.isConnected ? 'Open account' : 'Open modal'}
        </button>
        <button type="button" className="btn ghost" onClick={() => void open({ view: 'Networks' })}>
          Networks
        </button>
      </div>
    </section>
  )
}

function RequestsCard({ world }: { world: DemoWorld }) {
  const { isConnected, namespace } = useAccount()
  const transfer = (namespace && world.transfers[namespace]) || EVM_TRANSFER
  const signMessage = useSignMessage()
  const sendTransaction = useSendTransaction()
  const [message, setMessage] = useState('Hello from the Portico demo')
  const [result, setResult] = useState<{ kind: string; value: string; error?: boolean } | undefined>()
  const run = async (kind: string, fn: () => Promise<string>) => {
    setResult(undefined)
    try {
      setResult({ kind, value: await fn() })
    } catch (e) {
      setResult({
        kind,
        value: e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e),
        error: true,
      })
    }
  }
  return (
    <section className="card" aria-labelledby="requests-card">
      <h2 id="requests-card">Wallet requests from the page</h2>
      <label className="field">
        <span>Message</span>
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={2} />
      </label>
      <div className="row-actions">
        <button
          type="button"
          className="btn"
          disabled={!isConnected}
          onClick={() => run('Signature', () => signMessage(message))}
        >
          Sign message
        </button>
        <button
          type="button"
          className="btn ghost"
          disabled={!isConnected}
          onClick={() => run('Transaction', () => sendTransaction(transfer.request))}
        >
          {transfer.label}
        </button>
      </div>
      {!isConnected ? <p className="hint">Connect first: these buttons ask the connected wallet.</p> : null}
      {result ? (
        <p className={result.error ? 'result error' : 'result'} data-testid="request-result" role="status">
          <strong>{result.error ? `${result.kind} failed` : result.kind}:</strong>{' '}
          <span className="mono">{result.value}</span>
        </p>
      ) : null}
    </section>
  )
}

function EmbeddedCard({ world, locale }: { world: DemoWorld; locale: string }) {
  return (
    <section className="card embedded-card" aria-labelledby="embedded-card">
      <h2 id="embedded-card">Embedded mode — a second instance</h2>
      <p className="hint">
        Never hidden: it shows Account when connected, Connect otherwise. It shares no state with the button
        above.
      </p>
      <div className="embedded-slot" data-testid="embedded">
        <PorticoProvider portico={world.embedded} locale={locale}>
          <PorticoModal />
        </PorticoProvider>
      </div>
    </section>
  )
}

function HelloCard({ world }: { world: DemoWorld }) {
  const log = useSyncExternalStore(world.hello.subscribe, world.hello.getLog)
  const [waves, setWaves] = useState(0)
  usePorticoEvent('HELLO_WAVED', () => setWaves((n) => n + 1))
  const { open } = useModal()
  const { isConnected } = useAccount()
  return (
    <section className="card" aria-labelledby="hello-card">
      <h2 id="hello-card">plugin-hello — a third-party plugin</h2>
      <p className="hint">
        Adds a “Say hello” action to the Account view and a lazily loaded view; logs core events. Waves seen
        by the page: <strong data-testid="waves">{waves}</strong>
      </p>
      <ol className="log" data-testid="hello-log">
        {log.length === 0 ? <li className="muted">No events yet — connect to see one.</li> : null}
        {log.slice(-6).map((e) => (
          <li key={`${e.at}-${e.event}-${e.detail}`}>
            <span className="log-event">{e.event}</span> <span className="mono">{e.detail}</span>
          </li>
        ))}
      </ol>
      <div className="row-actions">
        <button
          type="button"
          className="btn ghost"
          disabled={!isConnected}
          onClick={() => void open({ view: 'HelloView' })}
        >
          Open the plugin view
        </button>
      </div>
    </section>
  )
}

const noConnector = { subscribe: () => () => {}, getState: () => undefined }

/** WalletConnect over the loopback relay: relay status, the pairing URI and how to pair the dev WC wallet. */
function WalletConnectCard({ world }: { world: DemoWorld }) {
  const connector = getWalletConnectConnector(world.portico) ?? noConnector
  const wc = useSyncExternalStore(connector.subscribe, connector.getState, connector.getState)
  const [relay, setRelay] = useState<'checking' | 'up' | 'down'>('checking')
  useEffect(() => {
    let live = true
    void probeRelay(world.relayUrl).then((ok) => live && setRelay(ok ? 'up' : 'down'))
    return () => {
      live = false
    }
  }, [world.relayUrl])
  const uri = wc?.uri
  return (
    <section className="card" aria-labelledby="wc-card">
      <h2 id="wc-card">WalletConnect — loopback relay</h2>
      <dl className="facts">
        <dt>Relay</dt>
        <dd className="mono" data-testid="wc-relay" data-state={relay}>
          {world.relayUrl}{' '}
          <span className="pill" data-status={relay === 'up' ? 'connected' : 'disconnected'}>
            {relay === 'checking' ? 'checking…' : relay === 'up' ? 'running' : 'not running'}
          </span>
        </dd>
        <dt>Status</dt>
        <dd data-testid="wc-status">{wc?.status ?? '—'}</dd>
      </dl>
      {relay === 'down' ? (
        <p className="warning" role="status">
          The WalletConnect relay is not running, so a QR code can’t be paired. Start the demo with{' '}
          <code>npm run demo</code> (or <code>portico-devnet start</code>).
        </p>
      ) : null}
      <p className="hint">
        Choose WalletConnect (or a wallet under All Wallets) in the modal, then pair the dev WalletConnect
        wallet with the URI:
      </p>
      <pre className="command mono" data-testid="wc-pair-command" data-uri={uri ?? ''}>
        {uri
          ? `node --import tsx devnet/src/walletconnect/wallet-main.ts '${uri}' --relay ${world.relayUrl}`
          : 'No pairing yet.'}
      </pre>
    </section>
  )
}

const NAMESPACE_TITLES = {
  eip155: 'EVM',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  solana: 'Solana',
  cosmos: 'Cosmos',
} as const

/**
 * Installs wallets as visitors have them, emulated from their published interfaces
 * (@portico/dev-wallets): pick any set, then Install reloads the page with `?wallets=` (a new
 * extension needs a reload). The page's own dev wallets stay, one per namespace.
 */
function WalletsCard({ world }: { world: DemoWorld }) {
  const [chosen, setChosen] = useState<string[]>(() => world.personalities.installed)
  const apply = () => {
    const url = new URL(window.location.href)
    if (chosen.length) url.searchParams.set('wallets', chosen.join(','))
    else url.searchParams.delete('wallets')
    window.location.assign(url.toString())
  }
  return (
    <section className="card" aria-labelledby="wallets-card" data-testid="wallets-card">
      <h2 id="wallets-card">Wallets in this browser — emulated</h2>
      <p className="hint">
        Emulations of real wallets’ published interfaces and quirks, signing with the devnet’s keys. They are
        not the real extensions. Pick any, then install: the modal lists them beside the Portico dev wallets.
      </p>
      {(['eip155', 'bip122', 'polkadot', 'solana', 'cosmos'] as const).map((ns) => (
        <fieldset key={ns} className="wallet-picker">
          <legend>{NAMESPACE_TITLES[ns]}</legend>
          {DEMO_PERSONALITIES.filter((p) => p.namespace === ns).map((p) => (
            <label key={p.id}>
              <input
                type="checkbox"
                data-testid={`personality-${p.id}`}
                checked={chosen.includes(p.id)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((id) => id !== p.id)))
                }
              />{' '}
              {p.name}
            </label>
          ))}
        </fieldset>
      ))}
      {world.personalities.failed.length ? (
        <ul className="warning" role="status" data-testid="personalities-failed">
          {world.personalities.failed.map((f) => (
            <li key={f.id}>
              {DEMO_PERSONALITIES.find((p) => p.id === f.id)?.name}: {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="btn" data-testid="personalities-install" onClick={apply}>
        Install and reload
      </button>
    </section>
  )
}
