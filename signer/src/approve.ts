import { ft } from './strings.js'

/**
 * Shows the approval card in the frame and resolves true on Approve, false on
 * Reject / Escape. The frame is cross-origin: the dApp page cannot click here.
 */
export function askApproval(doc: Document, what: { title: string; lines: string[] }): Promise<boolean> {
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
    for (const line of what.lines) {
      const p = doc.createElement('pre')
      p.textContent = line
      card.append(p)
    }
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
    actions.append(reject, approve)
    card.append(actions)
    const done = (ok: boolean) => {
      doc.removeEventListener('keydown', onKey)
      card.remove()
      resolve(ok)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done(false)
    }
    reject.addEventListener('click', () => done(false))
    approve.addEventListener('click', () => done(true))
    doc.addEventListener('keydown', onKey)
    doc.body.append(card)
    // Never Approve: a key held down on the dApp page must not land on it (keyjacking).
    reject.focus()
  })
}
