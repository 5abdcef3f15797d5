export { AdapterRegistry, accountLocation, type NetworksDeps, NetworksService } from './networks.js'
