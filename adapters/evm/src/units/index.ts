export { toHexQuantity } from './units.js'
