import type { Portico } from '@portico/core'
import { usePortico } from '@portico/react'
import { useSyncExternalStore } from 'react'
import { getNamesController, type NamesController, type NamesState } from '../controller/index.js'

/** The names flow of the nearest `PorticoProvider`'s instance and its state; throws when the plugin is absent. */
export function useNames(): { portico: Portico; controller: NamesController; state: NamesState } {
  const portico = usePortico()
  const controller = getNamesController(portico)
  if (!controller) throw new Error('namesPlugin() is not installed on this Portico instance')
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  return { portico, controller, state }
}
