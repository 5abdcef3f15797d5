import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The peers' folder: own package.json + package-lock.json, gitignored, installed only by `npm run bench`. */
export const PEERS_DIR = join(import.meta.dirname, '../.peers')

/**
 * Pinned versions of the modals we compare against, one folder each: the
 * AppKit wagmi adapter needs wagmi 3, RainbowKit 2 needs wagmi 2. The floor
 * (wagmi + viem + react-query + a plain button) is built from the wagmi 3 set.
 */
export const PEER_SETS = {
  appkit: {
    '@reown/appkit': '1.8.24',
    '@reown/appkit-adapter-wagmi': '1.8.24',
    wagmi: '3.7.7',
    viem: '2.57.20',
    '@tanstack/react-query': '5.108.0',
    react: '19.3.1',
    'react-dom': '19.3.1',
  },
  rainbowkit: {
    '@rainbow-me/rainbowkit': '2.2.11',
    wagmi: '2.19.5',
    viem: '2.57.20',
    '@tanstack/react-query': '5.108.0',
    react: '19.3.1',
    'react-dom': '19.3.1',
  },
} as const

export type PeerSet = keyof typeof PEER_SETS

/**
 * Installs one peer set into bench/.peers/<set> with npm (its own lockfile)
 * unless the pinned set is already there. Returns that project folder.
 */
export function ensurePeers(set: PeerSet, log: (line: string) => void = console.log): string {
  const dir = join(PEERS_DIR, set)
  const manifest = {
    name: `portico-bench-peers-${set}`,
    private: true,
    description:
      'Installed on demand by `npm run bench` (bench/src/peers.ts); never by npm test or npm run demo.',
    dependencies: PEER_SETS[set],
  }
  const text = `${JSON.stringify(manifest, null, 2)}\n`
  const pkgPath = join(dir, 'package.json')
  const stamp = join(dir, 'node_modules/.portico-bench-installed')
  const current = existsSync(pkgPath) ? readFileSync(pkgPath, 'utf8') : ''
  if (current === text && existsSync(stamp) && readFileSync(stamp, 'utf8') === text) return dir
  mkdirSync(dir, { recursive: true })
  writeFileSync(pkgPath, text)
  log(`installing ${set} into ${dir} (npm install; the first run takes a minute or two)…`)
  const t = Date.now()
  // --ignore-scripts: nothing of theirs runs on this machine; the bundles need no postinstall.
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  })
  if (r.status !== 0) throw new Error(`npm install of ${set} failed (exit ${r.status})`)
  writeFileSync(stamp, text)
  log(`${set} installed in ${((Date.now() - t) / 1000).toFixed(0)} s`)
  return dir
}
