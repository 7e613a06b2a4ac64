import Foundation
import TestSupport
import Testing

/// What `booking-cli pay` reads from standard input as a card, and what it never says back.
@Suite("booking-cli's card on standard input")
struct BookingCLICardTests {
  @Test("A card that cannot be read is refused naming the field, quoting nothing of the input")
  func nothingQuoted() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let inputs = [
      // No expiry: a group of the number would be taken for it.
      ("4242 4242 4242 4242 123\n", "expiry"),
      ("4242 4242 4242 4242\n99/99\n123\n", "expiry"),
      ("4242 4242 4242 4241 12/30 123\n", "card number"),
      ("4242 4242 4242 4242 12/30 12x4\n", "security code"),
    ]
    for (input, field) in inputs {
      let result = try await cli.run(
        ["pay", "qt-1234567890abcdef", "--card-from-stdin"], input: input)
      #expect(result.status == 64, "\(input): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(field), "\(input): \(result.stderr)")
      for group in ["4242", "4241", "99/99", "12x4", "123"] {
        #expect(!result.stderr.contains(group), "\(input) echoed \(group): \(result.stderr)")
      }
    }
  }

  @Test("More than 256 bytes on standard input are refused, quoting nothing of them")
  func inputBounded() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    // A card that would be valid, then padding: the input as a whole is too long.
    let input = "4242 4242 4242 4242 12/30 123" + String(repeating: " ", count: 300) + "\n"
    let result = try await cli.run(
      ["pay", "qt-1234567890abcdef", "--card-from-stdin"], input: input)
    #expect(result.status == 64, "\(result.status) \(result.stderr)")
    #expect(result.stderr.contains("256 bytes"), "\(result.stderr)")
    #expect(!result.stderr.contains("4242"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }
}
