import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The name an attendee is shown by on the presenter's screen: letters, with single spaces or
/// hyphens between words, at most 20 characters. Chosen at their first connection and kept in
/// their own data directory (`session/attendee.json`); it is all the room's view shows of them.
public struct AttendeeName: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The name.
  public let text: String

  /// The most characters a name has.
  public static let maximumLength = 20

  /// Why a typed name is refused: one line, said at the prompt.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// `typed`, its spaces at the ends trimmed and runs of spaces made one, when it is a name.
  public init(_ typed: String) throws(Problem) {
    let words = typed.split(whereSeparator: { $0 == " " || $0 == "\t" })
    let text = words.joined(separator: " ")
    guard !text.isEmpty else { throw Problem(description: "type a name: letters, up to 20") }
    guard text.count <= Self.maximumLength else {
      throw Problem(description: "at most 20 characters; '\(text)' has \(text.count)")
    }
    for word in words {
      let parts = word.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isLetter) }) else {
        throw Problem(description: "only letters, with a space or a hyphen between words")
      }
    }
    self.text = text
  }

  public var description: String { text }

  private enum CodingKeys: String, CodingKey { case text = "name" }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let text = try c.decode(String.self, forKey: .text)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .text, in: c, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(text, forKey: .text)
  }

  static let kind = RecordKind.session(schema: 1)
  static let id = "attendee"

  /// The name saved in the data directory `store` is the root of; nil when none is, or it
  /// cannot be read (left where it is).
  public static func saved(in store: RecordStore) -> AttendeeName? {
    (try? store.loadIfPresent(AttendeeName.self, id: id, kind: kind, policy: .report)) ?? nil
  }

  /// Saves `self` in the data directory `store` is the root of (an atomic replace).
  public func save(in store: RecordStore) throws(StoreError) {
    try store.save(self, id: Self.id, kind: Self.kind)
  }

  /// Asks for a name until one is typed: `write` shows the question (and why an answer was
  /// refused), `read` gives a line typed, nil at the end of input (the attendee left).
  public static func ask(
    read: () -> String?, write: (String) -> Void
  ) -> AttendeeName? {
    write(
      "Welcome to the room. Your name for the presenter's screen (letters, up to 20)\n"
        + "is all the room sees of you; passengers' names stay in your own records.\nName: ")
    while let line = read() {
      do {
        return try AttendeeName(line)
      } catch {
        write("  \(error.description)\nName: ")
      }
    }
    return nil
  }
}
