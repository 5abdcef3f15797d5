import { useAccount, useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { useState } from 'react'
import { greetings } from '../plugin.js'
import { helloStrings } from './strings.js'

/** The plugin's view: greets the connected account and emits HELLO_WAVED. Public APIs only. */
export default function HelloView() {
  const portico = usePortico()
  const { address } = useAccount()
  const [waves, setWaves] = useState(0)
  const t = useCatalogue(helloStrings)
  useViewTitle(t('title'))
  // A greeting the host configured is its own text; the default one is translated.
  const greeting = greetings.get(portico) ?? t('title')
  const short = address ? `${address.slice(0, 6)}…${address.slice(-4)}` : t('stranger')
  return (
    <div className="center" data-testid="hello-view">
      <h3>{t('greeting', { greeting, name: short })}</h3>
      <p>{t('loadedOnDemand')}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={() => {
            setWaves((n) => n + 1)
            portico.events.emit('HELLO_WAVED', { address, at: Date.now() })
          }}
        >
          {waves > 0 ? t('waveCount', { n: waves }) : t('wave')}
        </button>
      </div>
    </div>
  )
}
