import { ct } from './strings.js'

/** SPEC §4/§9: a new code only 30 s after the last one (the page's stored last attempt, then this card's). */
export const CODE_COOLDOWN_MS = 30_000

/** Six digits out of whatever was typed or pasted ("123 456", "Code: 123456"). */
export function digitsOf(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, 6)
}

/** Whole seconds until a new code may be asked for (SPEC §5: rounded up, 0 when none). */
export function resendWait(lastSent: number | undefined, now = Date.now()): number {
  if (lastSent === undefined) return 0
  const left = lastSent + CODE_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/** What the card needs: the address, when its code was sent, and the two gateway calls. */
export interface CodePrompt {
  email: string
  /** When the last code for this address was asked for (epoch ms): SPEC's 30 s resend cool-down. */
  lastSent: number | undefined
  /** Checks the code with the gateway: the answer, or a throw whose `message` the card shows. */
  verify(code: string): Promise<unknown>
  /** Mails a new code (the gateway keeps its own 30 s too and answers "Please try again after N seconds"). */
  resend(): Promise<void>
  /** Which code this is (the card's `data-code`): the login code unless said. */
  purpose?: CodePurpose
}

/** The codes typed in this card: the login, the export's re-authentication, the two email-change stages. */
export type CodePurpose = 'login' | 'export' | 'email-old' | 'email-new'

/** The card's title, introduction and field label for each purpose, in the frame's locale. */
function textsOf(purpose: CodePurpose, email: string): { title: string; intro: string; label: string } {
  switch (purpose) {
    case 'login':
      return { title: ct('title'), intro: ct('intro', { email }), label: ct('label') }
    case 'export':
      return { title: ct('exportTitle'), intro: ct('intro', { email }), label: ct('exportLabel') }
    case 'email-old':
      return { title: ct('changeTitle'), intro: ct('changeOldIntro', { email }), label: ct('changeLabel') }
    case 'email-new':
      return { title: ct('changeTitle'), intro: ct('changeNewIntro', { email }), label: ct('changeLabel') }
  }
}

/** How the card ended: the gateway's answer to a right code, or Cancel / Escape (with the last send time). */
export type CodeOutcome = { ok: true; answer: unknown } | { ok: false; lastSent: number | undefined }

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong'

/**
 * The code card inside the frame (issue 29: the dApp page never sees the
 * code): the login code, the export's fresh code and each email-change code. One field with `autocomplete="one-time-code"` (OS autofill, screen
 * readers read it as one value), checked as soon as six digits are in; a
 * wrong code says why (the gateway's text, tries left) and the field empties
 * for the next try; Resend keeps SPEC's 30 s cool-down; Cancel or Escape
 * closes the card without a session.
 */
export function askCode(doc: Document, prompt: CodePrompt): Promise<CodeOutcome> {
  let lastSent = prompt.lastSent
  return new Promise((resolve) => {
    const card = doc.createElement('form')
    card.className = 'card'
    card.noValidate = true
    const purpose = prompt.purpose ?? 'login'
    const texts = textsOf(purpose, prompt.email)
    card.dataset.code = purpose
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', 'code-title')
    card.setAttribute('aria-describedby', 'code-intro')
    const h = doc.createElement('h1')
    h.id = 'code-title'
    h.textContent = texts.title
    const intro = doc.createElement('p')
    intro.id = 'code-intro'
    intro.textContent = texts.intro
    const label = doc.createElement('label')
    label.htmlFor = 'code'
    label.textContent = texts.label
    const input = doc.createElement('input')
    input.id = 'code'
    input.name = 'code'
    input.type = 'text'
    input.inputMode = 'numeric'
    input.setAttribute('autocomplete', 'one-time-code')
    input.setAttribute('pattern', '[0-9]{6}')
    input.maxLength = 12
    input.required = true
    input.setAttribute('aria-describedby', 'code-hint')
    input.style.letterSpacing = '0.4em'
    input.style.textAlign = 'center'
    input.style.fontSize = '20px'
    label.append(input)
    const hint = doc.createElement('p')
    hint.id = 'code-hint'
    hint.className = 'note'
    hint.textContent = ct('hint')
    const error = doc.createElement('p')
    error.id = 'code-error'
    error.className = 'error'
    error.setAttribute('role', 'alert')
    const status = doc.createElement('p')
    status.className = 'note'
    status.setAttribute('role', 'status')
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const cancel = doc.createElement('button')
    cancel.type = 'button'
    cancel.textContent = ct('cancel')
    const resend = doc.createElement('button')
    resend.type = 'button'
    resend.dataset.resend = ''
    const submit = doc.createElement('button')
    submit.type = 'submit'
    submit.className = 'primary'
    submit.textContent = ct('verify')
    actions.append(cancel, resend, submit)
    card.append(h, intro, label, hint, error, status, actions)

    let busy = false
    const showWait = () => {
      const wait = resendWait(lastSent)
      resend.textContent = wait > 0 ? ct('resendIn', { seconds: wait }) : ct('resend')
      resend.disabled = busy || wait > 0
    }
    const timer = setInterval(showWait, 250)
    const setBusy = (on: boolean) => {
      busy = on
      input.disabled = on
      submit.disabled = on
      card.setAttribute('aria-busy', String(on))
      showWait()
    }
    const refuse = (text: string) => {
      error.textContent = text
      input.setAttribute('aria-invalid', 'true')
      input.setAttribute('aria-describedby', 'code-hint code-error')
    }
    const done = (outcome: CodeOutcome) => {
      clearInterval(timer)
      doc.removeEventListener('keydown', onKey)
      card.remove()
      resolve(outcome)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) done({ ok: false, lastSent })
    }
    const check = async () => {
      const code = digitsOf(input.value)
      if (busy) return
      if (code.length !== 6) {
        refuse(ct('sixDigits'))
        input.focus()
        return
      }
      error.textContent = ''
      status.textContent = ct('verifying')
      setBusy(true)
      try {
        const answer = await prompt.verify(code)
        done({ ok: true, answer })
      } catch (e) {
        setBusy(false)
        status.textContent = ''
        refuse(messageOf(e))
        input.value = ''
        input.focus()
      }
    }
    input.addEventListener('input', () => {
      const digits = digitsOf(input.value)
      if (digits !== input.value) input.value = digits
      if (digits.length === 6) void check()
    })
    // Pasted from the mail ("Code: 123 456"): the digits, whatever the field's length limit would cut.
    input.addEventListener('paste', (e) => {
      const text = e.clipboardData?.getData('text')
      if (text === undefined) return
      e.preventDefault()
      input.value = digitsOf(text)
      if (input.value.length === 6) void check()
    })
    card.addEventListener('submit', (e) => {
      e.preventDefault()
      void check()
    })
    resend.addEventListener('click', async () => {
      if (busy || resendWait(lastSent) > 0) return
      error.textContent = ''
      status.textContent = ''
      setBusy(true)
      try {
        await prompt.resend()
        lastSent = Date.now()
        status.textContent = ct('resent')
      } catch (e) {
        refuse(messageOf(e))
      } finally {
        setBusy(false)
        input.focus()
      }
    })
    cancel.addEventListener('click', () => {
      if (!busy) done({ ok: false, lastSent })
    })
    doc.addEventListener('keydown', onKey)
    showWait()
    doc.body.append(card)
    input.focus()
  })
}
