import { ConfigError, loadConfig } from './config/index.js'
import { createGateway } from './gateway.js'

/**
 * `portico-server [--config file]`: loads the configuration, starts the
 * gateway and stops it cleanly on SIGINT / SIGTERM.
 */
export async function main(argv: readonly string[], env: Record<string, string | undefined>): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(
      'portico-server [--config portico.config.json] [--devnet [.portico/devnet.json]]\n' +
        '  --devnet  also serve the networks of `portico-devnet start` (anvil chains, local SVM)\n' +
        'Environment: PORTICO_CONFIG, PORT, HOST, DATABASE_URL, REDIS_URL, PORTICO_DATA_DIR, LOG_LEVEL,\n' +
        '             PORTICO_PUBLIC_URL, PORTICO_DEV, PORTICO_METRICS_TOKEN\n',
    )
    return
  }
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(argv, env)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exitCode = 2
      return
    }
    throw error
  }
  const gateway = await createGateway(config)
  const url = await gateway.listen()
  gateway.app.log.info(
    { url, database: gateway.db.dialect, networks: config.networks.length },
    'gateway listening',
  )
  const stop = async (signal: string) => {
    gateway.app.log.info({ signal }, 'stopping')
    await gateway.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
}
