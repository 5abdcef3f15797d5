export {
  AdapterRegistry,
  accountLocation,
  explorerUrl,
  type NetworksDeps,
  NetworksService,
} from './networks.js'
export { rpcProxyUrl } from './rpc-proxy-url.js'
