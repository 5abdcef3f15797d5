import type { NextConfig } from 'next'

/** The workspace packages this app imports: bundled from their TypeScript sources. */
const WORKSPACE = ['@portico/core', '@portico/react', '@portico/adapter-evm']

const config: NextConfig = {
  // The e2e builds into a folder of its own run (PORTICO_NEXT_DIST_DIR), relative to this folder.
  distDir: process.env.PORTICO_NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // No outbound traffic: no image optimiser, no remote fonts (none are imported).
  images: { unoptimized: true },
  transpilePackages: WORKSPACE,
  // `npm run typecheck` checks this app (and CI runs it); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Built with webpack (`next build --webpack`): the workspace packages resolve through their
  // `source` export condition, as in the other examples; Turbopack has no custom conditions.
  webpack(config) {
    config.resolve.conditionNames = ['source', ...(config.resolve.conditionNames ?? ['...'])]
    config.resolve.extensionAlias = { ...config.resolve.extensionAlias, '.js': ['.ts', '.tsx', '.js'] }
    return config
  },
}

export default config
