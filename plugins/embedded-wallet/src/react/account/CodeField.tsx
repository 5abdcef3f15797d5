import { type ClipboardEvent, type Ref, useId } from 'react'
import { digitsOf } from '../EmailVerifyOtp.js'

/**
 * A 6-digit code field (one input, `autocomplete="one-time-code"`), as in
 * EmailVerifyOtp: typed or pasted, `onComplete` at six digits. The error,
 * when given, is announced and tied to the field.
 */
export function CodeField(props: {
  label: string
  hint?: string
  value: string
  disabled: boolean
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
  onChange(value: string): void
  onComplete(value: string): void
}) {
  const id = useId()
  const change = (raw: string) => {
    const digits = digitsOf(raw)
    props.onChange(digits)
    if (digits.length === 6) props.onComplete(digits)
  }
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault()
    change(e.clipboardData.getData('text'))
  }
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean)
  return (
    <>
      <label htmlFor={`${id}-code`}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={`${id}-code`}
        className="search"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={12}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
        onChange={(e) => change(e.target.value)}
        onPaste={paste}
        style={{ letterSpacing: '0.4em', fontSize: '20px', textAlign: 'center', inlineSize: '100%' }}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="row-sub">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="error-text" role="alert" data-testid="code-error">
          {props.error}
        </p>
      ) : null}
    </>
  )
}
