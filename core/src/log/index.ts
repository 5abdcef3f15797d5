export { LOG_BUFFER_BYTES, LOG_LINE_MAX_BYTES, LogRingBuffer, utf8Length } from './buffer.js'
export { createDiagnosticsLog, type DiagnosticsLog, type DiagnosticsLogOptions } from './logger.js'
export { redactSecrets } from './redact.js'
