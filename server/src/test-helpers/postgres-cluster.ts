// A throwaway PostgreSQL cluster: initdb into a temp dir, pg_ctl start on
// 127.0.0.1 with a free port, trust auth. Postgres refuses to run as root, so
// as root the tools run as the `postgres` user (runuser).
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PostgresCluster {
  /** URL of the `postgres` database, superuser `portico`. */
  url: string
  /** The cluster's data directory (`postmaster.pid` names the server process; the bench reads its CPU time). */
  dataDir: string
  stop(): void
}

function findBin(): string {
  const root = '/usr/lib/postgresql'
  const missing = 'PostgreSQL is not installed: run scripts/ensure-system.sh'
  if (!existsSync(root)) throw new Error(missing)
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  for (const v of versions) if (existsSync(join(root, v, 'bin/initdb'))) return join(root, v, 'bin')
  throw new Error(missing)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** `durable: false` turns fsync off (tests); the bench keeps PostgreSQL's defaults. */
export async function startPostgresCluster(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = findBin()
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : join(bin, tool)
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args
    execFileSync(cmd, full, { stdio: 'pipe' })
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'portico', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir} -c max_connections=200${fast}`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ])
  return {
    url: `postgres://portico@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
