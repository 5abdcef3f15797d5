export { default } from './SessionsView.js'
export { MAX_SUMMARY_CHARS, summarizePermissions } from './summary.js'
