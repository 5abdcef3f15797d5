export { chainScript, frameFiles, frameScript } from './bundle.js'
export { FRAME_CSS, FRAME_HTML } from './page-html.js'
