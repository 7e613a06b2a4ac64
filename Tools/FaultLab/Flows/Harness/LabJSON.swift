import FlowOwner
import Foundation

/// JSON with sorted keys, so two versions' snapshots compare as text.
package enum LabJSON {
  /// `value` as JSON, or a one-line note when it cannot be encoded.
  package static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      return "unencodable: \(error)"
    }
  }

  /// `json` read as a `T`, or nil when it is not one.
  package static func decode<T: Decodable>(_ type: T.Type, from json: String) -> T? {
    try? JSONDecoder().decode(type, from: Data(json.utf8))
  }

  /// `json` read as the real `BookingSnapshot`, or nil when it is not one.
  package static func snapshot(from json: String) -> BookingSnapshot? {
    decode(BookingSnapshot.self, from: json)
  }
}
