export { type CaughtMail, loginCodeOf, type SmtpCatcher, startSmtpCatcher } from './catcher.js'
