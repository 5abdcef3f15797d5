export {
  createInstanceContainer,
  type DependencyContainer,
  registerSingleton,
  registerValue,
  TOKENS,
} from './container.js'
