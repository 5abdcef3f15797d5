export {
  LAMPORTS_PER_SOL,
  SOLANA_LOCAL_CAIP_NETWORK_ID,
  SOLANA_LOCAL_GENESIS_HASH,
  type SolanaDevAccount,
  type SolanaFixtures,
  type SolanaSplFixture,
} from './fixtures.js'
export { type SolanaFixturesJson, solanaFixturesToJson } from './json.js'
export { deterministicKeypair, keypairFromSeed, type SolanaKeypair } from './keys.js'
export { RpcError, SolanaRpc } from './rpc.js'
export { type SolanaDevnet, type StartSolanaDevnetOptions, startSolanaDevnet } from './server.js'
export {
  SOLANA_DEVNET_DEFAULT_PORT,
  type SolanaServiceInfo,
  solanaService,
  spawnSolanaDevnet,
} from './service.js'
