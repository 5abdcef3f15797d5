/**
 * The embedded wallet's signer page, as the gateway serves it: the frame's
 * HTML and CSS, its entry script and the namespaces' key scripts (bundled
 * from this package's sources). The page's modules are private: tests reach
 * them through `@portico/signer/testing`.
 */
export {
  chainScript,
  FRAME_CSS,
  FRAME_HTML,
  type FrameGraph,
  frameChunk,
  frameFiles,
  frameModules,
  frameScript,
} from './assets/index.js'
