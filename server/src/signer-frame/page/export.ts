import { ft } from './strings.js'

/**
 * The export card, in the frame's own window (issue 14, key export): the
 * private key as text with a copy button and a plain warning. It never
 * leaves the signer origin (no reply carries it). Close or Escape removes the
 * card and empties the key's text node, so nothing of it stays in the DOM.
 */
export function showExportCard(doc: Document, what: { address: string; key: string }): Promise<void> {
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
    const wallet = doc.createElement('p')
    wallet.className = 'note'
    wallet.textContent = ft('exportWallet', { address: what.address })
    const label = doc.createElement('p')
    label.id = 'export-key-label'
    label.className = 'label'
    label.textContent = ft('exportKeyLabel')
    // A key is left to right whatever the page's script; it stays selectable for a manual copy.
    const key = doc.createElement('pre')
    key.dataset.exportKey = ''
    key.dir = 'ltr'
    key.setAttribute('aria-labelledby', 'export-key-label')
    key.tabIndex = 0
    key.textContent = what.key
    const status = doc.createElement('p')
    status.className = 'note'
    status.setAttribute('role', 'status')
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const copy = doc.createElement('button')
    copy.type = 'button'
    copy.textContent = ft('exportCopy')
    copy.dataset.action = 'copy'
    const close = doc.createElement('button')
    close.type = 'button'
    close.className = 'primary'
    close.textContent = ft('exportClose')
    close.dataset.action = 'close'
    actions.append(copy, close)
    card.append(h, warning, wallet, label, key, status, actions)

    const done = () => {
      doc.removeEventListener('keydown', onKey)
      key.textContent = ''
      card.remove()
      resolve()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done()
    }
    copy.addEventListener('click', () => {
      const text = key.textContent ?? ''
      const clipboard = navigator.clipboard as Clipboard | undefined
      if (!clipboard) {
        status.textContent = ft('exportCopyFailed')
        return
      }
      clipboard.writeText(text).then(
        () => {
          status.textContent = ft('exportCopied')
        },
        (error: unknown) => {
          // Said on the card: the visitor can still select the key and copy it by hand.
          console.warn('[portico signer] copying the key failed', error)
          status.textContent = ft('exportCopyFailed')
        },
      )
    })
    close.addEventListener('click', done)
    doc.addEventListener('keydown', onKey)
    doc.body.append(card)
    close.focus()
  })
}
