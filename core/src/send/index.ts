export { createSend, type SendDeps } from './send.js'
