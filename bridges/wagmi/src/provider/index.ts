export { createPorticoProvider, type PorticoEip1193Provider, type PorticoProviderEvents } from './provider.js'
