// The "Download logs" action (SPEC §3 Log): reachable from Account, saves portico.getLogs() as a .txt file.
// Generous waits: the gateway-free modal still shares the CPU with other test files.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoModal } from '../../modal/index.js'
import { createTestPortico } from '../../test-helpers/portico.js'
import { click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'
import { logFileName } from './save-logs.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('Help view: Download logs', () => {
  it('Account → Help & logs → Download logs saves the diagnostics log as a .txt file, URL revoked after', async () => {
    const t = await createTestPortico()
    await t.connect()
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    const help = await waitFor(() => modalRoot().querySelector('[data-testid="account-help"]'), 10_000)
    expect(help.textContent).toContain('Help & logs')
    await click(help)
    const button = await waitFor(() => modalRoot().querySelector('[data-testid="download-logs"]'), 10_000)
    expect(button.textContent).toBe('Download logs')
    expect(modalRoot().textContent).toContain('keys, signatures, codes and tokens removed')

    const blobs: Blob[] = []
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob)
      return 'blob:portico-test'
    })
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicks: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this)
    })
    await click(button)
    expect(created).toHaveBeenCalledTimes(1)
    expect(clicks).toHaveLength(1)
    expect(clicks[0]!.download).toMatch(/^portico-logs-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.txt$/)
    expect(clicks[0]!.href).toBe('blob:portico-test')
    // The file is the text of getLogs(), as plain text.
    expect(blobs[0]!.type).toBe('text/plain;charset=utf-8')
    expect(await blobs[0]!.text()).toBe(t.portico.getLogs())
    await waitFor(() => (revoked.mock.calls.length > 0 ? true : undefined), 10_000)
    expect(revoked).toHaveBeenCalledWith('blob:portico-test')
    const status = modalRoot().querySelector('[data-testid="download-status"]')!
    expect(status.textContent).toBe(`Saved ${clicks[0]!.download}`)
  })

  it('a failed save says so and offers the button again (no "Saved")', async () => {
    const t = await createTestPortico()
    await t.connect()
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open({ view: 'Help' }))
    const button = await waitFor(() => modalRoot().querySelector('[data-testid="download-logs"]'), 10_000)
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new Error('blocked')
    })
    await click(button)
    const status = modalRoot().querySelector('[data-testid="download-status"]')!
    expect(status.textContent).toBe('The file could not be saved')
    expect(modalRoot().querySelector('[data-testid="download-logs"]')).not.toBeNull()
  })

  it('file names carry no characters a file system refuses', () => {
    expect(logFileName(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe(
      'portico-logs-2026-01-02T03-04-05Z.txt',
    )
  })
})
