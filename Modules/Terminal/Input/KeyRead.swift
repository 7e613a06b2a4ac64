/// One read of the terminal, as ncurses's `wgetch` would return it: a byte of input, or the code
/// of a key whose sequence the terminal description binds (`KEY_UP`, `KEY_F(1)`; see
/// `KeypadTranslator`), or `KEY_RESIZE` after a new size.
enum KeyRead: Hashable, Sendable {
  case byte(UInt8)
  case keyCode(Int32)
}
