// bcoin 1.0.2 ships no types: the few parts the devnet touches, loosely typed.
declare module 'bcoin' {
  // biome-ignore lint/suspicious/noExplicitAny: untyped CommonJS library
  const bcoin: any
  export default bcoin
}
