/// An `errno` value captured right after the call that set it.
struct Errno: Error, Equatable {
  let code: Int32

  init(_ code: Int32) {
    self.code = code
  }
}
