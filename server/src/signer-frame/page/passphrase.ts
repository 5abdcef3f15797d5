import { MIN_PASSPHRASE_LENGTH, passphraseProblem } from './recovery.js'

/** What the passphrase card asks: set one (first device) or enter it (a new device), with the last refusal. */
export interface PassphrasePrompt {
  mode: 'set' | 'enter'
  /** Shown under the field (a wrong passphrase and the tries left), as text. */
  error?: string
}

const TEXT = {
  set: {
    title: 'Set a recovery passphrase',
    intro:
      'You need it to use this wallet on another device. It never leaves this secure window; nobody can reset it for you.',
    submit: 'Save passphrase',
  },
  enter: {
    title: 'Enter your recovery passphrase',
    intro: 'This device has no key share of your wallet yet. Your passphrase unlocks the recovery share.',
    submit: 'Unlock',
  },
  label: 'Passphrase',
  confirm: 'Repeat the passphrase',
  tooShort: `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`,
  mismatch: 'The two passphrases differ.',
  cancel: 'Cancel',
} as const

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
  const text = TEXT[prompt.mode]
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
    h.textContent = text.title
    const intro = doc.createElement('p')
    intro.id = 'passphrase-intro'
    intro.textContent = text.intro
    const pass = field(
      doc,
      'passphrase',
      TEXT.label,
      prompt.mode === 'set' ? 'new-password' : 'current-password',
    )
    const again =
      prompt.mode === 'set' ? field(doc, 'passphrase-again', TEXT.confirm, 'new-password') : undefined
    const error = doc.createElement('p')
    error.id = 'passphrase-error'
    error.className = 'error'
    error.setAttribute('role', 'alert')
    error.textContent = prompt.error ?? ''
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const cancel = doc.createElement('button')
    cancel.type = 'button'
    cancel.textContent = TEXT.cancel
    const submit = doc.createElement('button')
    submit.type = 'submit'
    submit.className = 'primary'
    submit.textContent = text.submit
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
          ? TEXT.tooShort
          : again && again.value !== pass.value
            ? TEXT.mismatch
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
