export { isElement, type MountPorticoOptions, mountPortico, type UnmountPortico } from './mount.js'
