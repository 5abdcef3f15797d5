#!/usr/bin/env node
// `portico-devnet start|stop|status`: runs the built CLI when present, else
// the TypeScript sources through tsx (a workspace dev dependency).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '..')
const built = join(root, 'dist/cli.js')
let cli
if (existsSync(built)) {
  cli = await import(pathToFileURL(built).href)
} else {
  const { tsImport } = await import('tsx/esm/api')
  cli = await tsImport(pathToFileURL(join(root, 'src/cli.ts')).href, import.meta.url)
}
process.exitCode = await cli.main(process.argv.slice(2))
