import { useEffect, useRef, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { useStrings } from '../../i18n/index.js'
import { useViewTitle } from '../../modal/title.js'
import { saveLogs } from './save-logs.js'

type Saved = { state: 'idle' } | { state: 'saved'; name: string } | { state: 'failed' }

/**
 * Help: says what the diagnostics log holds and saves it as a `.txt` file
 * ("Download logs") for a support ticket. "Saved" shows only after the file
 * was handed to the browser; a failure says so and the button stays.
 */
export default function HelpView() {
  const portico = usePortico()
  const t = useStrings()
  useViewTitle(t('helpTitle'))
  const [saved, setSaved] = useState<Saved>({ state: 'idle' })
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    [],
  )
  const download = () => {
    try {
      const name = saveLogs(portico.getLogs(), document)
      if (alive.current) setSaved({ state: 'saved', name })
    } catch {
      // Shown to the visitor (the button stays for another try).
      if (alive.current) setSaved({ state: 'failed' })
    }
  }
  return (
    <div className="section" data-testid="help">
      <p>{t('helpLogsIntro')}</p>
      <button type="button" className="button" data-testid="download-logs" onClick={download}>
        {t('helpDownloadLogs')}
      </button>
      <p aria-live="polite" data-testid="download-status">
        {saved.state === 'saved'
          ? t('helpLogsSaved', { name: saved.name })
          : saved.state === 'failed'
            ? t('helpLogsFailed')
            : null}
      </p>
    </div>
  )
}
