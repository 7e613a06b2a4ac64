import TestSupport

/// An executable of this package (`booking`, `recordwriter`) that `swift test` built.
enum ToolBinary {
  static func path(_ name: String) throws -> String {
    do {
      return try PackageExecutable.path(name)
    } catch {
      throw ReliabilityFailure("\(error)")
    }
  }
}
