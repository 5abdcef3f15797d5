export { PorticoModal, type PorticoModalProps } from './PorticoModal.js'
export { modalCss, type ThemeVariables, themeVariableDefaults } from './styles.js'
export { useViewTitle } from './title.js'
