export { InboxCard } from './InboxCard.js'
export { type InboxMail, parseInbox } from './mail.js'
