export { default } from './HelpView.js'
export { logFileName, saveLogs } from './save-logs.js'
