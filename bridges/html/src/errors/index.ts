export {
  AlreadyMountedError,
  describeValue,
  ElementAlreadyDefinedError,
  InvalidMountOptionError,
  InvalidMountTargetError,
  InvalidPorticoInstanceError,
  PorticoDomUnavailableError,
} from './errors.js'
