export { detectEnvironment, type Environment } from './env.js'
