import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const repoRoot = join(import.meta.dirname, '../../..')

/**
 * `vite build` of an example other than the demo (its own vite.config.ts) into
 * `e2e/test-results/<name>-dist-<pid>`; resolves that folder. For flows that
 * serve an example with `startStaticServer` themselves. Remove it with `rmSync`
 * when done.
 */
export async function buildExampleSite(exampleDir: string): Promise<string> {
  const name = exampleDir.replace(/[^\w]+/g, '-')
  const outDir = join(repoRoot, `e2e/test-results/${name}-dist-${process.pid}`)
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const require = createRequire(join(repoRoot, 'package.json'))
  const viteBin = join(require.resolve('vite/package.json').replace(/package\.json$/, ''), 'bin/vite.js')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: join(repoRoot, exampleDir), stdio: ['ignore', 'inherit', 'inherit'] },
    )
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build of ${exampleDir} exited ${code}`)),
    )
  })
  return outDir
}
