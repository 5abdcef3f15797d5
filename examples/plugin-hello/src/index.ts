/**
 * @portico/plugin-hello — an example third-party plugin. The plugin object has
 * no React in it; its view lives in `@portico/plugin-hello/react` and is loaded
 * lazily by the modal.
 */
export {
  greetings,
  type HelloLogEntry,
  type HelloPlugin,
  type HelloPluginOptions,
  helloPlugin,
} from './plugin.js'
