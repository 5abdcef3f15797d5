export { PRUNE_CHUNK, RetentionPruner, type RetentionSettings } from './pruner.js'
