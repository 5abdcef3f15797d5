export { formatUnits, parseUnits, toHexQuantity } from './units.js'
