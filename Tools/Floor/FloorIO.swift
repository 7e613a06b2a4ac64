import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What the pay link does before its first frame, done the plainest way Foundation allows: the
/// quote and its draft decoded with `JSONDecoder` (money as `Decimal`, times as ISO 8601), and one
/// durable write (a temp file, fsync, rename, fsync of the folder), as the app saves the path it
/// restored before showing it.
enum FloorIO {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  struct Envelope<Value: Decodable>: Decodable {
    let schema: Int
    let kind: String
    let data: Value
  }

  /// An amount written as a decimal string, as the app's records write it.
  struct Money: Decodable {
    let amount: Decimal
    let currency: String

    private enum CodingKeys: String, CodingKey { case amount, currency }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let text = try container.decode(String.self, forKey: .amount)
      guard let amount = Decimal(string: text) else {
        throw Failure(description: "\(text) is not an amount")
      }
      self.amount = amount
      currency = try container.decode(String.self, forKey: .currency)
    }
  }

  struct Quote: Decodable {
    let id: String
    let draftID: String
    let expiresAt: String
    let total: Money
  }

  struct Draft: Decodable {
    struct Offer: Decodable {
      let id: String
      let pricePerAdult: Money
    }
    let id: String
    let offer: Offer
  }

  /// Reads the quote and its draft, writes one small record durably, and returns the quote's
  /// deadline.
  static func payLink(dataDirectory: String, quoteID: String) throws -> Date {
    let decoder = JSONDecoder()
    let quote = try decoder.decode(
      Envelope<Quote>.self, from: read("\(dataDirectory)/quotes/\(quoteID).json")
    ).data
    let draft = try decoder.decode(
      Envelope<Draft>.self, from: read("\(dataDirectory)/drafts/\(quote.draftID).json")
    ).data
    let deadline =
      (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(quote.expiresAt))
      ?? (try? Date.ISO8601FormatStyle().parse(quote.expiresAt))
    guard draft.id == quote.draftID, let deadline else {
      throw Failure(description: "quote \(quoteID) does not read")
    }
    let position = "{\"quoteID\":\"\(quote.id)\",\"offerID\":\"\(draft.offer.id)\"}\n"
    try writeDurably(Array(position.utf8), folder: dataDirectory, name: "floor-position.json")
    return deadline
  }

  /// Writes `text` to standard error.
  static func complain(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  static func read(_ path: String) throws -> Data {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(description: "cannot open \(path)") }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard count >= 0 else { throw Failure(description: "cannot read \(path)") }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
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
