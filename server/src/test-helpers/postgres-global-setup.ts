// One PostgreSQL cluster for the whole server test run.
import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres-cluster.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the test cluster's `postgres` database (superuser `portico`). */
    pgUrl: string
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster()
  project.provide('pgUrl', cluster.url)
  return () => cluster.stop()
}
