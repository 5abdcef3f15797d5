export {
  PorticoProvider,
  PorticoProviderNotFoundError,
  type PorticoProviderProps,
  usePortico,
} from './PorticoProvider.js'
