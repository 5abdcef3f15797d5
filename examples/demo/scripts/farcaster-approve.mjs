#!/usr/bin/env node
// Dev only: approves a Sign In With Farcaster from the demo as the devnet's Farcaster account (fid 1, its
// custody key registered on the local ID registry), the way a Farcaster app would after scanning the QR code.
//   node examples/demo/scripts/farcaster-approve.mjs --relay http://127.0.0.1:<port> 'farcaster://connect?…'
// `npm run demo` prints the command with its relay URL; the link is the signer frame's card's "Copy link".
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const repoRoot = join(import.meta.dirname, '../../..')
const { values, positionals } = parseArgs({
  options: { relay: { type: 'string' }, username: { type: 'string', default: 'portico-dev' } },
  allowPositionals: true,
})
const link = positionals[0]
if (!values.relay || !link) {
  console.error("usage: farcaster-approve.mjs --relay http://127.0.0.1:<port> 'farcaster://connect?…'")
  process.exit(2)
}
const relay = new URL(values.relay)
if (relay.hostname !== '127.0.0.1' && relay.hostname !== 'localhost') {
  console.error('the relay must be the demo’s local one (127.0.0.1)')
  process.exit(2)
}
const built = join(repoRoot, 'devnet', 'dist', 'index.js')
const devnet = existsSync(built)
  ? await import(pathToFileURL(built).href)
  : await (await import('tsx/esm/api')).tsImport(
      pathToFileURL(join(repoRoot, 'devnet', 'src', 'index.ts')).href,
      import.meta.url,
    )
try {
  await devnet.approveFarcasterSignIn({
    relayUrl: relay.origin,
    deepLink: link,
    fid: 1,
    username: values.username,
  })
  console.log(`approved as @${values.username} (fid 1): the demo signs in within a second or two`)
} catch (error) {
  console.error(`not approved: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
