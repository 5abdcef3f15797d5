import type { Portico } from '@portico/core'
import { createContext, type ReactNode, useContext } from 'react'

const PorticoContext = createContext<Portico | undefined>(undefined)

/** Thrown by every Portico hook used outside a `<PorticoProvider>`. */
export class PorticoProviderNotFoundError extends Error {
  override name = 'PorticoProviderNotFoundError'
  constructor(hook = 'usePortico') {
    super(`\`${hook}\` must be used within \`<PorticoProvider>\`.`)
  }
}

export interface PorticoProviderProps {
  /** The instance made by `createPortico(...)`. The provider carries nothing else. */
  portico: Portico
  children?: ReactNode
}

/**
 * Makes a Portico instance available to the hooks and components below it.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter()] })
 * <PorticoProvider portico={portico}><ConnectButton /><PorticoModal /></PorticoProvider>
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  return <PorticoContext.Provider value={portico}>{children}</PorticoContext.Provider>
}

/**
 * The Portico instance of the nearest `<PorticoProvider>`.
 *
 * @example
 * const portico = usePortico(); portico.open()
 */
export function usePortico(hook = 'usePortico'): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new PorticoProviderNotFoundError(hook)
  return portico
}
