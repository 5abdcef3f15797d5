import { type Portico, UserRejectedRequestError } from '@portico/core'
import { type EvmView, readEvmView, settledView } from './state.js'

/**
 * Resolves the eip155 accounts connected through Portico. When nothing is
 * connected, opens the Portico modal (the way visitors connect, whatever the
 * wallet) and waits: resolves once a wallet connects, rejects with
 * `UserRejectedRequestError` (4001) when the modal closes with nothing connected.
 */
export async function connectThroughModal(portico: Portico): Promise<EvmView> {
  const now = await settledView(portico)
  if (now.status === 'connected') return now
  const result = new Promise<EvmView>((resolve, reject) => {
    // Opening passes through states where the modal is not open yet: judge "closed" only after it was open.
    let seenOpen = false
    const stop = portico.subscribe((state) => {
      seenOpen ||= state.modal.open
      const view = readEvmView(state)
      if (view.status === 'connected' && view.accounts.length > 0) {
        stop()
        resolve(view)
      } else if (seenOpen && !state.modal.open && view.status === 'disconnected') {
        stop()
        reject(
          new UserRejectedRequestError({
            details: 'The Portico modal was closed before a wallet connected.',
          }),
        )
      }
    })
  })
  await portico.open({ namespace: 'eip155' })
  return await result
}
