/// One result of ncurses's `wget_wch`: its return code and the value it stored.
struct KeyRead: Hashable, Sendable {
  /// `OK` for a character, `KEY_CODE_YES` for a key code such as `KEY_UP`.
  var status: Int32
  /// The character (a Unicode scalar or a control code) or the key code.
  var value: UInt32
}
