/**
 * @portico/adapter-cosmos — the Cosmos chain adapter (in progress on this branch).
 */
export {}
