/**
 * What an approval card shows. Every string comes from the object that is
 * signed (parsed once, rendered, then signed); all of it renders as text.
 */
export interface Card {
  title: string
  /** Short facts, one a line: amounts, recipients, fees, network, origin. */
  lines: string[]
  /**
   * Risks named before anything else, in a warning style: a blind signature
   * (something this wallet cannot read), an unlimited approval, an authz grant.
   */
  warnings?: string[]
  /**
   * Long content shown whole, never cut: a message, typed data, calldata, a
   * call's bytes. Each scrolls inside the card and has its own Copy button.
   */
  details?: { label: string; text: string }[]
}
