export { frameScript } from './bundle.js'
export { createSignerListener, frameAncestors, type SignerListener } from './listener.js'
