/// A test fixture that could not be built: which system call failed.
struct SetupFailure: Error, CustomStringConvertible {
  var description: String
}
