/// The on-disk form of every record: `{"data": ..., "kind": "quotes", "schema": 2}`.
struct Envelope<Payload> {
  let schema: Int
  let kind: String
  let data: Payload
}

extension Envelope: Encodable where Payload: Encodable {}

/// An envelope read in one pass: its header, and the decoding of its payload as a result of its
/// own, which the reader looks at only once the header is one it reads (a schema it knows, the
/// kind it asked for). A payload of a newer schema may not fit this build's types; its failure
/// is then never reported, the newer schema is.
struct OpenedEnvelope<Payload: Decodable>: Decodable {
  let schema: Int
  let kind: String
  let payload: Result<Payload, any Error>

  private enum CodingKeys: String, CodingKey {
    case schema, kind, data
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schema = try container.decode(Int.self, forKey: .schema)
    kind = try container.decode(String.self, forKey: .kind)
    payload = Result { try container.decode(Payload.self, forKey: .data) }
  }
}
