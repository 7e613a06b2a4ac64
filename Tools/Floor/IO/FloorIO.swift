import Domain
import FoundationEssentials
import Persistence
import SimulatedAirline

#if canImport(Glibc)
  import Glibc
#endif

/// What the pay link does before its first frame, done the plainest way the app's own modules
/// allow: the quote and its draft read as the airline reads them (`SimulatedAirline`'s sealed
/// store: each file's seal checked with the airline's key, an HMAC-SHA256 from libcrypto, then
/// decoded into Domain's `Quote` and `BookingDraft` with the records' own decoder), and one
/// durable write (a temp file, fsync, rename, fsync of the folder), as the app saves the path it
/// restored before showing it. Not the app's flow, screens or ledger: those are what the floor
/// measures the app against.
enum FloorIO {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Reads the quote and its draft, writes one small record durably, and returns the quote's
  /// deadline.
  static func payLink(dataDirectory: String, quoteID: String) throws -> Date {
    let airline = SimulatedAirline(
      store: RecordStore(root: dataDirectory), clock: .system,
      configuration: .init(repairs: false))
    let records = airline.sealedRecords
    let quote: Quote
    let draft: BookingDraft
    do {
      quote = try records.load(
        Quote.self, id: quoteID, kind: AirlineRecords.quotes, policy: .report)
      draft = try records.load(
        BookingDraft.self, id: quote.draftID.rawValue, kind: AirlineRecords.drafts,
        policy: .report)
    } catch {
      throw Failure(description: "quote \(quoteID) does not read: \(error)")
    }
    guard draft.id == quote.draftID else {
      throw Failure(description: "quote \(quoteID) is not for draft \(draft.id)")
    }
    let position = "{\"quoteID\":\"\(quote.id)\",\"offerID\":\"\(draft.offer.id)\"}\n"
    try writeDurably(Array(position.utf8), folder: dataDirectory, name: "floor-position.json")
    return quote.expiresAt
  }

  /// Writes `text` to standard error.
  static func complain(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  static func writeDurably(_ bytes: [UInt8], folder: String, name: String) throws {
    let temporary = "\(folder)/.\(name).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw Failure(description: "cannot create \(temporary)") }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count, fsync(fd) == 0, close(fd) == 0 else {
      throw Failure(description: "cannot write \(temporary)")
    }
    guard rename(temporary, "\(folder)/\(name)") == 0 else {
      throw Failure(description: "cannot rename \(temporary)")
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0, fsync(directory) == 0, close(directory) == 0 else {
      throw Failure(description: "cannot sync \(folder)")
    }
  }
}
