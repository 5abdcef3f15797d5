export { createNameResolution, isNameLike } from './names.js'
export { createSend, type SendDeps } from './send.js'
