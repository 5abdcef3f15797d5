import { useAccount, usePortico, useViewTitle } from '@portico/react'
import { useState } from 'react'
import { greetings } from '../plugin.js'

/** The plugin's view: greets the connected account and emits HELLO_WAVED. Public APIs only. */
export default function HelloView() {
  const portico = usePortico()
  const { address } = useAccount()
  const [waves, setWaves] = useState(0)
  useViewTitle('Hello')
  const greeting = greetings.get(portico) ?? 'Hello'
  const short = address ? `${address.slice(0, 6)}…${address.slice(-4)}` : 'stranger'
  return (
    <div className="center" data-testid="hello-view">
      <h3>
        {greeting}, {short}!
      </h3>
      <p>This view comes from @portico/plugin-hello, loaded on demand.</p>
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
          Wave{waves > 0 ? ` (${waves})` : ''}
        </button>
      </div>
    </div>
  )
}
