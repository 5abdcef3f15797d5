export { hostFor, type InstanceHost, isMounted, type Slot } from './host.js'
export {
  assertDom,
  assertPortico,
  modalOptions,
  optionsObject,
  type PorticoModalOptions,
} from './options.js'
