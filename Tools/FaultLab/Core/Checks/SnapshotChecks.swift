import FlowFaults

extension Check {
  /// The snapshot's JSON holds no name, email or phone of the travellers.
  public static func snapshotPrivate() -> Check {
    Check(
      name: "snapshot-private", turkishName: "kayıt-gizli",
      summary: "the snapshot's JSON holds no names, email or phone",
      turkishSummary: "anlık kaydın JSON'unda ad, e-posta ya da telefon yoktur",
      scenario: .booking, expecting: "none",
      read: { observation in
        let leaked = LabFixtures.personalData.filter { observation.snapshotJSON.contains($0) }
        return leaked.isEmpty ? "none" : leaked.joined(separator: ",")
      })
  }

  /// One field of the snapshot's JSON: it reads as a snapshot whose position is quote A.
  public static func snapshotPosition() -> Check {
    Check(
      name: "snapshot-position", turkishName: "kayıt-konumu",
      summary: "the snapshot's JSON reads as payment of quote-a",
      turkishSummary: "anlık kaydın JSON'unda konum, quote-a için ödeme adımıdır",
      scenario: .booking, expecting: "payment(quote-a)",
      read: { observation in
        guard let snapshot = LabJSON.snapshot(from: observation.snapshotJSON) else {
          return "not a snapshot"
        }
        let position = snapshot.position
        return "\(position.kind)" + (position.quoteID.map { "(\($0))" } ?? "")
      })
  }
}
