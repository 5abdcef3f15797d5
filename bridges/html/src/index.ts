/**
 * @portico/html — Portico for pages without a framework: `mountPortico()`
 * renders the connect button and the modal into an element, and
 * `definePorticoElements()` defines `<portico-button>` and
 * `<portico-network-button>`. React stays inside (the modal is @portico/react's).
 * Importing it has no side effects and touches no DOM, so it is safe on a server.
 */
export {
  DEFAULT_ELEMENT_NAMES,
  type DefinePorticoElementsOptions,
  definePorticoElements,
  type PorticoElementNames,
} from './elements/index.js'
export {
  AlreadyMountedError,
  ElementAlreadyDefinedError,
  InvalidMountOptionError,
  InvalidMountTargetError,
  InvalidPorticoInstanceError,
  PorticoDomUnavailableError,
} from './errors/index.js'
export type { PorticoModalOptions } from './host/index.js'
export { type MountPorticoOptions, mountPortico, type UnmountPortico } from './mount/index.js'
