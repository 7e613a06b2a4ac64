import Foundation
import TestSupport

/// A test failure with a message meant for a person: what was expected and what was on screen.
struct E2EFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
