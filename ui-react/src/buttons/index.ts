export { ConnectButton, type ConnectButtonProps, NetworkButton } from './buttons.js'
