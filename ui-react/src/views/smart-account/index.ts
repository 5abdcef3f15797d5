export { AccountTypeRow } from './AccountTypeRow.js'
export { isSponsorshipRefused, SponsoredNote, SponsorshipRefused } from './Sponsorship.js'
