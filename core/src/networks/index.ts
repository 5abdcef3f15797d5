export {
  AdapterRegistry,
  accountLocation,
  explorerUrl,
  type NetworksDeps,
  NetworksService,
} from './networks.js'
