/// One result of ncurses's `wgetch`: a byte of input, or the code of a key ncurses decoded from an
/// escape sequence it knows (`KEY_UP`, `KEY_F(1)`, `KEY_RESIZE`...).
enum KeyRead: Hashable, Sendable {
  case byte(UInt8)
  case keyCode(Int32)
}
