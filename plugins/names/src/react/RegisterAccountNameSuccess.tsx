import type { Views } from '@portico/core'
import { usePortico, usePorticoState, useViewTitle } from '@portico/react'
import { useState } from 'react'
import { fill, namesStrings as t } from '../strings.js'

const COPY_TEXT = { idle: t.copyName, copied: t.copied, failed: t.copyFailed } as const

/** The name just registered: what it points to, a copy button ("Copied" only once copied), Done back to Account. */
export default function RegisterAccountNameSuccessView() {
  const portico = usePortico()
  const data = usePorticoState((s) => s.router.data) as Views['RegisterAccountNameSuccess']
  const name = data?.name ?? ''
  const [copy, setCopy] = useState<keyof typeof COPY_TEXT>('idle')
  useViewTitle(t.successTitle)

  const copyName = async () => {
    try {
      if (!navigator.clipboard) throw new Error('the clipboard is not available on this page')
      await navigator.clipboard.writeText(name)
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  return (
    <div className="center" data-testid="names-success">
      <span className="tag">{t.registeredTag}</span>
      <p className="identity" data-testid="names-success-name">
        {name}
      </p>
      <p className="row-sub">{fill(t.successText, { name })}</p>
      <div className="chip-row">
        <button type="button" className="chip" onClick={() => void copyName()}>
          <span role="status">{COPY_TEXT[copy]}</span>
        </button>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={() => portico.router.reset('Account')}
        >
          {t.done}
        </button>
      </div>
    </div>
  )
}
