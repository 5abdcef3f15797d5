// @vitest-environment node
import { createPortico } from '@portico/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton, NetworkButton, PorticoModal, PorticoProvider } from './index.js'

describe('server rendering (no window, no document)', () => {
  it('imports without a DOM and renders the buttons; the modal renders nothing until hydrated', () => {
    expect(typeof window).toBe('undefined')
    const portico = createPortico({})
    const html = renderToString(
      <PorticoProvider portico={portico}>
        <ConnectButton />
        <NetworkButton />
        <PorticoModal />
      </PorticoProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).not.toContain('role="dialog"')
    expect(html).not.toMatch(/style=/)
    portico.destroy()
  })
})
