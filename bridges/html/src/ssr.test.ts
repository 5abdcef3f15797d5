// @vitest-environment node
import { createPortico } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { definePorticoElements, mountPortico, PorticoDomUnavailableError } from './index.js'

describe('server side (no window, no document, no customElements)', () => {
  it('imports without a DOM; mount and define throw PorticoDomUnavailableError instead of touching one', () => {
    expect(typeof document).toBe('undefined')
    const portico = createPortico({})
    expect(() => mountPortico(portico, {} as Element)).toThrow(PorticoDomUnavailableError)
    expect(() => definePorticoElements(portico)).toThrow(PorticoDomUnavailableError)
    try {
      definePorticoElements(portico)
    } catch (error) {
      expect((error as PorticoDomUnavailableError).code).toBe('PORTICO_DOM_UNAVAILABLE')
      expect((error as Error).message).toContain('definePorticoElements needs a browser DOM')
    }
    portico.destroy()
  })
})
