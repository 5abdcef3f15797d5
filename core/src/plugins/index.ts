export { PluginRegistry } from './registry.js'
