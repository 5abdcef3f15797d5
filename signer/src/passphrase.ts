import { MIN_PASSPHRASE_LENGTH, passphraseProblem } from './recovery.js'
import { ft } from './strings.js'

/** What the passphrase card asks: set one (first device) or enter it (a new device), with the last refusal. */
export interface PassphrasePrompt {
  mode: 'set' | 'enter'
  /** Shown under the field (a wrong passphrase and the tries left), as text. */
  error?: string
}

/** The card's texts in the frame's locale (page/strings.ts). */
const text = (mode: PassphrasePrompt['mode']) =>
  mode === 'set'
    ? { title: ft('setTitle'), intro: ft('setIntro'), submit: ft('setSubmit') }
    : { title: ft('enterTitle'), intro: ft('enterIntro'), submit: ft('enterSubmit') }

function field(doc: Document, id: string, label: string, autocomplete: string): HTMLInputElement {
  const l = doc.createElement('label')
  l.htmlFor = id
  l.textContent = label
  const input = doc.createElement('input')
  input.id = id
  input.type = 'password'
  input.setAttribute('autocomplete', autocomplete)
  input.required = true
  input.minLength = MIN_PASSPHRASE_LENGTH
  input.maxLength = 512
  l.append(input)
  return Object.assign(input, { labelElement: l })
}

/**
 * The passphrase card inside the frame (the dApp page never sees the
 * passphrase: it is typed here, on the signer origin). Resolves the
 * passphrase, or undefined on Cancel / Escape (offered when entering only).
 */
export function askPassphrase(doc: Document, prompt: PassphrasePrompt): Promise<string | undefined> {
  const t = text(prompt.mode)
  return new Promise((resolve) => {
    const card = doc.createElement('form')
    card.className = 'card'
    card.noValidate = true
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', 'passphrase-title')
    card.setAttribute('aria-describedby', 'passphrase-intro')
    card.dataset.passphrase = prompt.mode
    const h = doc.createElement('h1')
    h.id = 'passphrase-title'
    h.textContent = t.title
    const intro = doc.createElement('p')
    intro.id = 'passphrase-intro'
    intro.textContent = t.intro
    const pass = field(
      doc,
      'passphrase',
      ft('passphrase'),
      prompt.mode === 'set' ? 'new-password' : 'current-password',
    )
    const again =
      prompt.mode === 'set' ? field(doc, 'passphrase-again', ft('repeat'), 'new-password') : undefined
    const error = doc.createElement('p')
    error.id = 'passphrase-error'
    error.className = 'error'
    error.setAttribute('role', 'alert')
    error.textContent = prompt.error ?? ''
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const cancel = doc.createElement('button')
    cancel.type = 'button'
    cancel.textContent = ft('cancel')
    const submit = doc.createElement('button')
    submit.type = 'submit'
    submit.className = 'primary'
    submit.textContent = t.submit
    // Setting one is not optional: without it the wallet lives on this browser's storage alone.
    if (prompt.mode === 'enter') actions.append(cancel)
    actions.append(submit)
    card.append(h, intro, (pass as HTMLInputElement & { labelElement: HTMLElement }).labelElement)
    if (again) card.append((again as HTMLInputElement & { labelElement: HTMLElement }).labelElement)
    card.append(error, actions)
    const done = (value: string | undefined) => {
      doc.removeEventListener('keydown', onKey)
      card.remove()
      resolve(value)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && prompt.mode === 'enter') done(undefined)
    }
    card.addEventListener('submit', (e) => {
      e.preventDefault()
      const refusal =
        prompt.mode === 'set' && passphraseProblem(pass.value)
          ? ft('tooShort', { min: MIN_PASSPHRASE_LENGTH })
          : again && again.value !== pass.value
            ? ft('mismatch')
            : undefined
      if (refusal) {
        error.textContent = refusal
        pass.setAttribute('aria-invalid', 'true')
        pass.setAttribute('aria-describedby', 'passphrase-error')
        pass.focus()
        return
      }
      done(pass.value)
    })
    cancel.addEventListener('click', () => done(undefined))
    doc.addEventListener('keydown', onKey)
    doc.body.append(card)
    if (prompt.error) {
      pass.setAttribute('aria-invalid', 'true')
      pass.setAttribute('aria-describedby', 'passphrase-error')
    }
    pass.focus()
  })
}
