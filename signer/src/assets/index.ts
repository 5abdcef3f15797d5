export { chainScript, type FrameGraph, frameChunk, frameFiles, frameModules, frameScript } from './bundle.js'
export { FRAME_CSS, FRAME_HTML } from './page-html.js'
