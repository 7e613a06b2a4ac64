import Airline

/// A seat and bags for a draft, priced by the airline. The choices are the screen's own, made
/// for its draft; it reports the quote.
@MainActor
public final class ExtrasScreen {
  public let draft: Draft
  public private(set) var extras = Extras()
  let airline: Airline
  let quoted: @MainActor (Quote) -> Void

  public init(draft: Draft, airline: Airline, quoted: @escaping @MainActor (Quote) -> Void) {
    self.draft = draft
    self.airline = airline
    self.quoted = quoted
  }

  public var lines: [String] {
    [
      draft.offer.flight,
      "Seat \(extras.seat ?? "none"), free: "
        + airline.seats(on: draft.offer).joined(separator: " "),
      "Bags \(extras.bags)",
    ]
  }

  public func chooseSeat(_ seat: String) { extras.seat = seat }

  public func addBag() { extras.bags += 1 }

  public func confirm() throws(AirlineError) {
    quoted(try airline.quote(draft, extras: extras))
  }
}
