export { PorticoError, type PorticoErrorOptions } from './base.js'
