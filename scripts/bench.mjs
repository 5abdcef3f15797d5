#!/usr/bin/env node
// `npm run bench`: builds, then runs every benchmark and prints its figures:
// bench/ (bundle sizes, open latency, AllWallets with 5,000 entries — beside
// Reown AppKit and RainbowKit, installed on demand into bench/.peers) and the
// gateway's throughput (server/bench). Budgets are checked by the benchmarks.
import { pnpm } from './pnpm.mjs'

if (pnpm(['install', '--frozen-lockfile']) !== 0) process.exit(1)
if (pnpm(['-r', '--if-present', 'run', 'build']) !== 0) process.exit(1)
const modal = pnpm(['--filter', '@portico/bench', 'run', 'bench'])
const gateway = process.env.BENCH_SKIP_GATEWAY ? 0 : pnpm(['--filter', '@portico/server', 'run', 'bench'])
process.exit(modal || gateway)
