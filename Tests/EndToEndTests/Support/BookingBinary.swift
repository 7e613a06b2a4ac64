import Foundation
import TestSupport

/// The `booking` executable that `swift test` built; `BOOKING_E2E_BINARY` overrides the search.
enum BookingBinary {
  static func path() throws -> String {
    do {
      return try PackageExecutable.path(
        "booking", override: ProcessInfo.processInfo.environment["BOOKING_E2E_BINARY"])
    } catch {
      throw E2EFailure("\(error)")
    }
  }
}
