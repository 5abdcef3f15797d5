import { formatEther, hexToString, isHex } from 'viem'
import { ft } from './strings.js'

/** What the visitor is asked to approve, as plain lines (rendered with textContent, never HTML). */
export function describe(
  method: string,
  params: unknown[],
  chainId: number,
): { title: string; lines: string[] } {
  if (method === 'personal_sign') {
    const raw = params[0]
    let text = typeof raw === 'string' ? raw : String(raw)
    if (typeof raw === 'string' && isHex(raw)) {
      const decoded = hexToString(raw)
      // Show text when the bytes are printable UTF-8, the hex otherwise.
      text = /^[\P{Cc}\n\t]*$/u.test(decoded) && !decoded.includes('\uFFFD') ? decoded : raw
    }
    return { title: ft('signMessage'), lines: [text.slice(0, 2000)] }
  }
  if (method === 'eth_signTypedData_v4') {
    return { title: ft('signTypedData'), lines: [String(params[1]).slice(0, 2000)] }
  }
  const t = (params[0] ?? {}) as Record<string, unknown>
  const value = typeof t.value === 'string' && isHex(t.value) ? formatEther(BigInt(t.value)) : '0'
  return {
    title: ft('sendTransaction'),
    lines: [
      ft('to', { to: typeof t.to === 'string' ? t.to : ft('contractCreation') }),
      ft('amount', { amount: value }),
      ft('network', { network: `eip155:${chainId}` }),
      ...(typeof t.data === 'string' && t.data !== '0x' ? [ft('data', { data: t.data.slice(0, 200) })] : []),
    ],
  }
}

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
    approve.focus()
  })
}
