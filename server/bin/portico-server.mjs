#!/usr/bin/env node
// Runs the built gateway (dist/). In a source checkout without a build, or
// with PORTICO_FROM_SOURCE=1, runs the TypeScript sources through tsx.
import { existsSync } from 'node:fs'

const dist = new URL('../dist/cli.js', import.meta.url)
let mod
if (existsSync(dist) && process.env.PORTICO_FROM_SOURCE !== '1') {
  mod = await import(dist.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  mod = await import(new URL('../src/cli.ts', import.meta.url).href)
}
await mod.main(process.argv.slice(2), process.env)
