export { createPortico } from './createPortico.js'
