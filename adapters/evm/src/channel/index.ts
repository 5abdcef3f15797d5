export { type ChannelProvider, channelProvider } from './channel-provider.js'
