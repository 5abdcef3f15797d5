import type { Portico } from '@portico/core'
import { usePortico } from '@portico/react'
import { useSyncExternalStore } from 'react'
import type { OnrampController } from '../controller/index.js'
import { getOnramp } from '../controller/index.js'
import type { OnrampState } from '../state/index.js'

/** The onramp controller of the nearest `PorticoProvider`'s instance and its state; throws when the plugin is absent. */
export function useOnramp(): { portico: Portico; controller: OnrampController; state: OnrampState } {
  const portico = usePortico()
  const controller = getOnramp(portico)
  if (!controller) throw new Error('onrampPlugin() is not installed on this Portico instance')
  const state = useSyncExternalStore(
    controller.store.subscribe,
    controller.store.getState,
    controller.store.getState,
  )
  return { portico, controller, state }
}

/**
 * Opens an empty window on the click itself (so popup blockers allow it);
 * the controller sends it to the checkout once the gateway answered. Null
 * when the browser refused: the view then shows a link.
 */
export function openCheckoutWindow(): Window | null {
  if (typeof window === 'undefined') return null
  const win = window.open('about:blank', '_blank', 'popup,width=440,height=720')
  if (win) win.opener = null
  return win
}
