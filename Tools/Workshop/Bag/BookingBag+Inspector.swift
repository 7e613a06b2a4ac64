import Domain
import FlowOwner

extension BookingBag {
  /// The bag's fields, each with who wrote it last, then the screens open.
  public var inspectorLines: [String] {
    var lines = ["bag (BookingBag.shared):"]
    for field in Field.allCases {
      let writer = writers[field].map { "   (last written by \($0))" } ?? ""
      lines.append("  \(field.rawValue) = \(value(of: field))\(writer)")
    }
    lines.append("  screens = [\(screens.map(\.description).joined(separator: ", "))]")
    return lines
  }

  /// `field`'s value in a few words; `nil` when it holds none.
  public func value(of field: Field) -> String {
    switch field {
    case .searchCriteria:
      searchCriteria.map { "\($0.origin)->\($0.destination) \($0.departure)" } ?? "nil"
    case .selectedOffer:
      selectedOffer.map(Self.flights) ?? "nil"
    case .draft:
      draft.map { $0.id.rawValue + " (offer " + $0.offer.id.rawValue + ")" } ?? "nil"
    case .contactEmail:
      // Only whether it is there: the inspector is shown on a projector.
      contactEmail.map { _ in "(an email)" } ?? "nil"
    case .selectedExtras:
      selectedExtras.map { extras in
        let seats = extras.seats.values.map(\.description).sorted().joined(separator: " ")
        return seats.isEmpty ? "no seats" : "seats " + seats
      } ?? "nil"
    case .totalPrice: totalPrice.map(\.description) ?? "nil"
    case .quote: quote.map(\.id.rawValue) ?? "nil"
    case .booking: booking.map(\.rawValue) ?? "nil"
    case .savedTravellers:
      savedTravellers.map { saved in
        "\(saved.passengers.count) traveller\(saved.passengers.count == 1 ? "" : "s")"
      } ?? "nil"
    case .isFromDeepLink: String(isFromDeepLink)
    }
  }

  /// An offer's flight numbers: "TK1957" or "TK1957+KL1234".
  static func flights(_ offer: Offer) -> String {
    offer.flightNumbers.map(\.description).joined(separator: "+")
  }
}
