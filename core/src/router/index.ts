export { type RouterDeps, RouterService } from './router.js'
