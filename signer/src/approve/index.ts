import { ft } from '../strings.js'
import type { Card } from './card.js'
import { approvalGuard, type Blocked, MIN_FRAME_HEIGHT, MIN_FRAME_WIDTH } from './guard.js'
import { at } from './strings.js'

export type { Card } from './card.js'
export { ACTIVATION_DELAY_MS, MIN_FRAME_HEIGHT, MIN_FRAME_WIDTH } from './guard.js'

/** A long text whole: scrollable, selectable, with a Copy button that says "Copied" only once the clipboard took it. */
function detailBlock(doc: Document, detail: { label: string; text: string }, index: number): HTMLElement {
  const section = doc.createElement('section')
  section.className = 'detail'
  const head = doc.createElement('div')
  head.className = 'detail-head'
  const label = doc.createElement('span')
  label.id = `detail-${index}`
  label.textContent = detail.label
  const copy = doc.createElement('button')
  copy.type = 'button'
  copy.textContent = at('copy')
  copy.dataset.action = 'copy'
  copy.setAttribute('aria-describedby', label.id)
  head.append(label, copy)
  const text = doc.createElement('pre')
  text.className = 'full'
  text.textContent = detail.text
  text.tabIndex = 0 // scrolls with the keyboard
  text.setAttribute('aria-labelledby', label.id)
  const status = doc.createElement('p')
  status.className = 'note'
  status.setAttribute('role', 'status')
  let reset: ReturnType<typeof setTimeout> | undefined
  copy.addEventListener('click', () => {
    status.textContent = ''
    clearTimeout(reset)
    const clipboard = navigator.clipboard as Clipboard | undefined
    const failed = (error?: unknown) => {
      if (error) console.warn('[portico signer] copying failed', error)
      copy.textContent = at('copy')
      status.textContent = at('copyFailed')
    }
    if (!clipboard) return failed()
    clipboard.writeText(detail.text).then(() => {
      copy.textContent = at('copied')
      reset = setTimeout(() => {
        copy.textContent = at('copy')
      }, 2000)
    }, failed)
  })
  section.append(head, text, status)
  return section
}

const blockedText = (why: Exclude<Blocked, undefined>) =>
  why === 'small'
    ? at('blockedSmall', { width: MIN_FRAME_WIDTH, height: MIN_FRAME_HEIGHT })
    : why === 'hidden'
      ? at('blockedHidden')
      : at('blockedWait')

/**
 * Shows the approval card in the frame and resolves true on Approve, false on
 * Reject / Escape. The frame is cross-origin: the dApp page cannot click here,
 * but it can style the iframe, so Approve works only while the guard sees the
 * card whole and big enough, and not in the first moment after it appears.
 */
export function askApproval(doc: Document, what: Card): Promise<boolean> {
  return new Promise((resolve) => {
    const card = doc.createElement('div')
    card.className = 'card'
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', 'approve-title')
    const h = doc.createElement('h1')
    h.id = 'approve-title'
    h.textContent = what.title
    card.append(h)
    for (const warning of what.warnings ?? []) {
      const p = doc.createElement('p')
      p.className = 'warning'
      p.dataset.warning = ''
      p.textContent = `⚠ ${warning}`
      card.append(p)
    }
    for (const line of what.lines) {
      const p = doc.createElement('pre')
      p.textContent = line
      card.append(p)
    }
    what.details?.forEach((d, i) => {
      card.append(detailBlock(doc, d, i))
    })
    const notice = doc.createElement('p')
    notice.className = 'note blocked'
    notice.setAttribute('role', 'status')
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const reject = doc.createElement('button')
    reject.type = 'button'
    reject.textContent = ft('reject')
    reject.dataset.action = 'reject'
    const approve = doc.createElement('button')
    approve.type = 'button'
    approve.textContent = ft('approve')
    approve.dataset.action = 'approve'
    approve.className = 'primary'
    approve.setAttribute('aria-disabled', 'true')
    actions.append(reject, approve)
    card.append(notice, actions)
    const view = doc.defaultView as Window
    const guard = approvalGuard(view, card, (why) => {
      approve.setAttribute('aria-disabled', String(why !== undefined))
      approve.dataset.blocked = why ?? ''
      // Hidden or small is said at once; the short wait only when a click came during it.
      if (why === undefined || why === 'wait') notice.textContent = ''
      else notice.textContent = blockedText(why)
    })
    const done = (ok: boolean) => {
      guard.stop()
      doc.removeEventListener('keydown', onKey)
      card.remove()
      resolve(ok)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done(false)
    }
    reject.addEventListener('click', () => done(false))
    approve.addEventListener('click', (e) => {
      const why = guard.blocked()
      if (!e.isTrusted || why) {
        if (why) notice.textContent = blockedText(why)
        return
      }
      done(true)
    })
    doc.addEventListener('keydown', onKey)
    doc.body.append(card)
    // Never Approve: a key held down on the dApp page must not land on it (keyjacking).
    reject.focus()
  })
}
