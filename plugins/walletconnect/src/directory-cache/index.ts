export {
  type BrowseSnapshot,
  createDirectoryCache,
  type DirectoryCache,
  type DirectoryCacheOptions,
  type DirectoryFilters,
  requestFilters,
} from './cache.js'
