import type { ChainExport } from './chain-session.js'
import { ft } from './strings.js'

/** What the export card shows: the EVM key, and the Solana one when this browser derives it. */
export interface ExportedKeys {
  address: string
  /** The EVM (secp256k1) private key, 0x and 64 hex digits. */
  key: string
  /** The Solana key: base58 of the 64-byte secret key (seed, then public key), and its address. */
  solana?: { address: string; key: string }
  /** Bitcoin, Cosmos and Polkadot keys (derived from the same secret), or that one could not be. */
  chains?: readonly ChainExport[]
}

interface KeyBlock {
  nodes: HTMLElement[]
  text: HTMLPreElement
}

/**
 * One key on the card: the address it belongs to, its label, the key as
 * selectable left-to-right text, and its own Copy button, which says its
 * "copied" text only once the clipboard took it (and the failure otherwise).
 */
function keyBlock(
  doc: Document,
  status: HTMLElement,
  k: {
    id: string
    attr: 'exportKey' | 'exportSolanaKey' | 'exportChainKey'
    action: string
    wallet: string
    /** The texts, already in the frame's locale. */
    label: string
    copy: string
    copied: string
    value: string
  },
): KeyBlock {
  const wallet = doc.createElement('p')
  wallet.className = 'note'
  wallet.textContent = k.wallet
  const label = doc.createElement('p')
  label.id = k.id
  label.className = 'label'
  label.textContent = k.label
  // A key is left to right whatever the page's script; it stays selectable for a manual copy.
  const text = doc.createElement('pre')
  text.dataset[k.attr] = ''
  text.dir = 'ltr'
  text.setAttribute('aria-labelledby', k.id)
  text.tabIndex = 0
  text.textContent = k.value
  const row = doc.createElement('div')
  row.className = 'actions'
  const copy = doc.createElement('button')
  copy.type = 'button'
  copy.textContent = k.copy
  copy.dataset.action = k.action
  row.append(copy)
  copy.addEventListener('click', () => {
    status.textContent = ''
    const clipboard = navigator.clipboard as Clipboard | undefined
    if (!clipboard) {
      status.textContent = ft('exportCopyFailed')
      return
    }
    clipboard.writeText(text.textContent ?? '').then(
      () => {
        status.textContent = k.copied
      },
      (error: unknown) => {
        // Said on the card: the visitor can still select the key and copy it by hand.
        console.warn('[portico signer] copying the key failed', error)
        status.textContent = ft('exportCopyFailed')
      },
    )
  })
  return { nodes: [wallet, label, text, row], text }
}

/**
 * The export card, in the frame's own window (issue 14, key export): the
 * private keys as text, each with its copy button, and a plain warning. They
 * never leave the signer origin (no reply carries them). Close or Escape
 * removes the card and empties the keys' text nodes, so nothing of them stays
 * in the DOM.
 */
export function showExportCard(doc: Document, what: ExportedKeys): Promise<void> {
  return new Promise((resolve) => {
    const card = doc.createElement('div')
    card.className = 'card'
    card.dataset.export = ''
    card.dir = doc.documentElement.dir || 'ltr'
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', 'export-title')
    card.setAttribute('aria-describedby', 'export-warning')
    const h = doc.createElement('h1')
    h.id = 'export-title'
    h.textContent = ft('exportTitle')
    const warning = doc.createElement('p')
    warning.id = 'export-warning'
    warning.className = 'warning'
    warning.textContent = ft('exportWarning')
    const status = doc.createElement('p')
    status.className = 'note'
    status.setAttribute('role', 'status')
    const blocks = [
      keyBlock(doc, status, {
        id: 'export-key-label',
        attr: 'exportKey',
        action: 'copy',
        wallet: ft('exportWallet', { address: what.address }),
        label: ft('exportKeyLabel'),
        copy: ft('exportCopy'),
        copied: ft('exportCopied'),
        value: what.key,
      }),
    ]
    if (what.solana)
      blocks.push(
        keyBlock(doc, status, {
          id: 'export-solana-key-label',
          attr: 'exportSolanaKey',
          action: 'copy-solana',
          wallet: ft('exportSolanaWallet', { address: what.solana.address }),
          label: ft('exportSolanaKeyLabel'),
          copy: ft('exportSolanaCopy'),
          copied: ft('exportSolanaCopied'),
          value: what.solana.key,
        }),
      )
    const failed: HTMLElement[] = []
    for (const [i, c] of (what.chains ?? []).entries()) {
      if ('failed' in c) {
        const p = doc.createElement('p')
        p.className = 'note'
        p.textContent = ft('exportChainFailed', { name: c.name })
        failed.push(p)
        continue
      }
      blocks.push(
        keyBlock(doc, status, {
          id: `export-chain-key-label-${i}`,
          attr: 'exportChainKey',
          action: `copy-${c.name.toLowerCase()}`,
          wallet: c.note,
          label: c.label,
          copy: ft('exportChainCopy', { name: c.name }),
          copied: ft('exportChainCopied', { name: c.name }),
          value: c.key,
        }),
      )
    }
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const close = doc.createElement('button')
    close.type = 'button'
    close.className = 'primary'
    close.textContent = ft('exportClose')
    close.dataset.action = 'close'
    actions.append(close)
    card.append(h, warning, ...blocks.flatMap((b) => b.nodes), ...failed, status, actions)

    const done = () => {
      doc.removeEventListener('keydown', onKey)
      for (const b of blocks) b.text.textContent = ''
      card.remove()
      resolve()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done()
    }
    close.addEventListener('click', done)
    doc.addEventListener('keydown', onKey)
    doc.body.append(card)
    close.focus()
  })
}
