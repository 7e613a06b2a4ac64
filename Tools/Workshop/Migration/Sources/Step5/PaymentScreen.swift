import Airline

/// What the payment screen shows and pays: the quote, however the flow reached it (a link
/// included).
public struct PaymentInput: Equatable, Sendable {
  public let quote: Quote

  public init(quote: Quote) {
    self.quote = quote
  }
}

/// The price held by the quote, and the card. It never sees the bag: the owner gives it its
/// input and takes the booking it reports.
@MainActor
public final class PaymentScreen {
  public let input: PaymentInput
  let airline: Airline
  let paid: @MainActor (Booking) -> Void

  public init(input: PaymentInput, airline: Airline, paid: @escaping @MainActor (Booking) -> Void) {
    self.input = input
    self.airline = airline
    self.paid = paid
  }

  public var lines: [String] {
    [
      input.quote.draft.offer.flight,
      "Total €\(input.quote.total)",
    ]
  }

  public func pay(card: String) throws(AirlineError) {
    paid(try airline.pay(input.quote, card: card))
  }
}
