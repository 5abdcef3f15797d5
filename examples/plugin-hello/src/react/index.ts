export { default as HelloView } from './HelloView.js'
