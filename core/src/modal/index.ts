export { type ModalDeps, ModalService } from './modal.js'
