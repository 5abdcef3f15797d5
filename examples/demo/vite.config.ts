import { defineConfig } from 'vite'
import { devnetJson, exampleResolve, productionBuild } from '../shared/vite-config.js'

export default defineConfig(({ command }) => {
  const build = command === 'build'
  return {
    root: import.meta.dirname,
    mode: build ? 'production' : undefined,
    define: build ? productionBuild.define : undefined,
    esbuild: { jsx: 'automatic', jsxDev: !build },
    resolve: exampleResolve(build),
    plugins: [devnetJson('PORTICO_DEMO_DEVNET')],
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, reportCompressedSize: false },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 5173 },
  }
})
