export {
  DEFAULT_ELEMENT_NAMES,
  type DefinePorticoElementsOptions,
  definePorticoElements,
  type PorticoElementNames,
} from './elements.js'
