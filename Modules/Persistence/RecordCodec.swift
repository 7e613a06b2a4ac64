#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON settings of every record file, and short explanations of why a file did not decode.
///
/// Keys are sorted and output pretty-printed so files diff and read well; dates are ISO-8601
/// with milliseconds (finer precision is lost on a round trip), written and read by `Timestamp`
/// (Foundation's ISO 8601 styles only for a year outside 1583...9999, or a date in another form).
enum RecordCodec {
  static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    // A fresh encoder per call: cheap, and nothing mutable is shared between threads.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Timestamp.format(date) ?? date.formatted(withMilliseconds))
    }
    var data = try encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let date = Timestamp.parse(text) { return date }
      if let date = try? withMilliseconds.parse(text) { return date }
      if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "expected an ISO-8601 date, found \(text.quotedForDisplay)"
      )
    }
    return try decoder.decode(type, from: data)
  }

  /// A short, single-line reason for an encoding failure.
  static func reason(forEncoding error: any Error) -> String {
    guard case .invalidValue(_, let context) = error as? EncodingError else {
      return singleLine(String(describing: error))
    }
    return "\(singleLine(context.debugDescription)) at \(describe(context.codingPath))"
  }

  /// A short, single-line reason for a decoding failure of `data`.
  static func reason(for error: any Error, data: Data) -> String {
    if data.isEmpty { return "the file is empty" }
    guard let decodingError = error as? DecodingError else {
      return singleLine(String(describing: error))
    }
    switch decodingError {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return syntaxProblem(in: data) ?? singleLine(context.debugDescription)
    case .dataCorrupted(let context):
      return "\(singleLine(context.debugDescription)) at \(describe(context.codingPath))"
    case .typeMismatch(_, let context):
      return "\(singleLine(context.debugDescription)) at \(describe(context.codingPath))"
    case .valueNotFound(_, let context):
      return "missing value at \(describe(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing field '\(key.stringValue)' at \(describe(context.codingPath))"
    @unknown default:
      return singleLine(String(describing: decodingError))
    }
  }

  private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// JSONDecoder only says "not valid JSON"; `JSONSyntax` says what and where.
  private static func syntaxProblem(in data: Data) -> String? {
    JSONSyntax.problem(in: data).map { "not valid JSON: \($0)" }
  }

  private static func describe(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top level" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  private static func singleLine(_ text: String) -> String {
    var line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    while line.hasSuffix(".") { line.removeLast() }
    guard let first = line.first else { return line }
    return first.lowercased() + line.dropFirst()
  }
}
