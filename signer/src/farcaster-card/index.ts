import { qrSvg } from './qr.js'
import { fct } from './strings.js'

/** The QR code's size on the card, CSS pixels (a phone reads a 2 KiB link at this size from a laptop screen). */
export const QR_SIZE_PX = 240

/** An open Farcaster card: `close()` removes it (the sign-in completed, was cancelled or ran out). */
export interface FarcasterCard {
  close(): void
}

/**
 * The Farcaster card inside the frame (issue 29): the sign-in's deep link
 * carries the relay's channel token, so the QR code, "Open Farcaster on this
 * device" and "Copy link" live here, out of reach of any script on the dApp
 * page, which learns only how the sign-in ended. Cancel or Escape drops the
 * sign-in (`onCancel`); the card stays until the caller closes it.
 *
 * An https link (a Farcaster client's page) opens in a new tab, never in this
 * frame; a `farcaster:` link goes to the app the system has for it, and the
 * frame stays.
 */
export function showFarcasterCard(doc: Document, prompt: { url: string; onCancel(): void }): FarcasterCard {
  const card = doc.createElement('div')
  card.className = 'card farcaster'
  card.dataset.farcaster = ''
  card.tabIndex = -1
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-modal', 'true')
  card.setAttribute('aria-labelledby', 'farcaster-title')
  card.setAttribute('aria-describedby', 'farcaster-scan')
  const h = doc.createElement('h1')
  h.id = 'farcaster-title'
  h.textContent = fct('title')
  const scan = doc.createElement('p')
  scan.id = 'farcaster-scan'
  scan.textContent = fct('scan')
  const qr = doc.createElement('div')
  qr.className = 'qr'
  qr.append(qrSvg(doc, prompt.url, fct('qrLabel'), QR_SIZE_PX))
  const status = doc.createElement('p')
  status.className = 'note'
  status.setAttribute('role', 'status')
  status.textContent = fct('waiting')
  const hint = doc.createElement('p')
  hint.className = 'note'
  hint.textContent = fct('hint')
  const copyStatus = doc.createElement('p')
  copyStatus.className = 'error'
  copyStatus.setAttribute('role', 'alert')

  const actions = doc.createElement('div')
  actions.className = 'actions wrap'
  const cancel = doc.createElement('button')
  cancel.type = 'button'
  cancel.textContent = fct('cancel')
  cancel.dataset.action = 'cancel'
  const copy = doc.createElement('button')
  copy.type = 'button'
  copy.textContent = fct('copy')
  copy.dataset.action = 'copy'
  const open = doc.createElement('a')
  open.className = 'button primary'
  open.href = prompt.url
  open.dataset.farcasterOpen = ''
  open.textContent = fct('open')
  if (new URL(prompt.url).protocol === 'https:') {
    open.target = '_blank'
    open.rel = 'noopener noreferrer'
  }
  actions.append(cancel, copy, open)
  card.append(h, scan, qr, status, copyStatus, actions, hint)

  let reset: ReturnType<typeof setTimeout> | undefined
  copy.addEventListener('click', () => {
    copyStatus.textContent = ''
    clearTimeout(reset)
    const clipboard = navigator.clipboard as Clipboard | undefined
    const failed = (error?: unknown) => {
      if (error) console.warn('[portico signer] copying the Farcaster link failed', error)
      copy.textContent = fct('copy')
      copyStatus.textContent = fct('copyFailed')
    }
    if (!clipboard) return failed()
    // "Copied" only once the clipboard took it.
    clipboard.writeText(prompt.url).then(() => {
      copy.textContent = fct('copied')
      reset = setTimeout(() => {
        copy.textContent = fct('copy')
      }, 2000)
    }, failed)
  })

  let shown = true
  const close = () => {
    if (!shown) return
    shown = false
    clearTimeout(reset)
    doc.removeEventListener('keydown', onKey)
    card.remove()
  }
  const cancelled = () => {
    close()
    prompt.onCancel()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') cancelled()
  }
  cancel.addEventListener('click', cancelled)
  doc.addEventListener('keydown', onKey)
  doc.body.append(card)
  // The dialog itself takes focus (read first); Tab reaches Cancel, Copy link and Open.
  card.focus()
  return { close }
}
