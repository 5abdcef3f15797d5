export { createSignerListener, frameAncestors, type SignerListener } from './listener.js'
