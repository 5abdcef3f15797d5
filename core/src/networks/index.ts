export {
  AdapterRegistry,
  accountLocation,
  explorerUrl,
  type NetworksDeps,
  NetworksService,
} from './networks.js'
export { networkRpcUrls, type RpcProxyOptions, rpcProxyUrl } from './rpc-proxy-url.js'
