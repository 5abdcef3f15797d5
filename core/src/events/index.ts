export { createEventBus, type InstanceEventBus } from './bus.js'
