#!/usr/bin/env node
// Compiles devnet/contracts/*.sol with solc-js into committed JSON artifacts
// (abi, bytecode, deployedBytecode) under src/evm/artifacts/. Run it after
// editing a contract: `pnpm --filter @portico/devnet run compile-contracts`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import solc from 'solc'

const root = join(import.meta.dirname, '..')
const dir = join(root, 'contracts')
const sources = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }]),
)
const input = {
  language: 'Solidity',
  sources,
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input)))
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
for (const e of output.errors ?? []) console.error(e.formattedMessage)
if (errors.length > 0) process.exit(1)
for (const [file, contracts] of Object.entries(output.contracts)) {
  for (const [name, c] of Object.entries(contracts)) {
    // Interfaces (no bytecode) get no artifact.
    if (!c.evm.bytecode.object) continue
    const artifact = {
      contractName: name,
      sourceName: `contracts/${file}`,
      compiler: `solc ${solc.version()}`,
      abi: c.abi,
      bytecode: `0x${c.evm.bytecode.object}`,
      deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
    }
    writeFileSync(join(root, 'src/evm/artifacts', `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`)
    console.log(`compiled ${name} (${c.evm.deployedBytecode.object.length / 2} bytes runtime)`)
  }
}
