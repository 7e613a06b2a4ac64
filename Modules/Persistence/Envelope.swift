/// The on-disk form of every record: `{"data": ..., "kind": "quotes", "schema": 2}`.
struct Envelope<Payload> {
  let schema: Int
  let kind: String
  let data: Payload
}

extension Envelope: Encodable where Payload: Encodable {}
extension Envelope: Decodable where Payload: Decodable {}

/// The envelope without its payload, read first so a newer schema is refused before the
/// payload is decoded with types that may no longer fit it.
struct EnvelopeHeader: Decodable {
  let schema: Int
  let kind: String
}
