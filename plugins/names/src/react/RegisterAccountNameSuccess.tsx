import type { Views } from '@portico/core'
import { useCatalogue, usePortico, usePorticoState, useViewTitle } from '@portico/react'
import { useState } from 'react'
import { namesStrings } from './strings.js'

const COPY_TEXT = { idle: 'copyName', copied: 'copied', failed: 'copyFailed' } as const

/** The name just registered: what it points to, a copy button ("Copied" only once copied), Done back to Account. */
export default function RegisterAccountNameSuccessView() {
  const portico = usePortico()
  const data = usePorticoState((s) => s.router.data) as Views['RegisterAccountNameSuccess']
  const name = data?.name ?? ''
  const [copy, setCopy] = useState<keyof typeof COPY_TEXT>('idle')
  const t = useCatalogue(namesStrings)
  useViewTitle(t('successTitle'))

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
      <span className="tag">{t('registeredTag')}</span>
      <p className="identity" data-testid="names-success-name">
        {name}
      </p>
      <p className="row-sub">{t('successText', { name })}</p>
      <div className="chip-row">
        <button type="button" className="chip" onClick={() => void copyName()}>
          <span role="status">{t(COPY_TEXT[copy])}</span>
        </button>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={() => portico.router.reset('Account')}
        >
          {t('done')}
        </button>
      </div>
    </div>
  )
}
