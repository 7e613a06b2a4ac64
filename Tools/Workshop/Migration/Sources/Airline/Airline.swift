/// What a traveller searches for.
public struct Criteria: Equatable, Sendable {
  public var origin: String
  public var destination: String
  public var date: String
  public var adults: Int

  public init(origin: String, destination: String, date: String, adults: Int) {
    self.origin = origin
    self.destination = destination
    self.date = date
    self.adults = adults
  }
}

/// A flight the airline sells, at a price per adult.
public struct Offer: Equatable, Sendable {
  public let id: String
  public let flight: String
  public let price: Int

  public init(id: String, flight: String, price: Int) {
    self.id = id
    self.flight = flight
    self.price = price
  }
}

/// One traveller.
public struct Passenger: Equatable, Sendable {
  public let name: String
  public init(name: String) { self.name = name }
}

/// The airline's record of who flies on which offer, and where it writes to them.
public struct Draft: Equatable, Sendable {
  public let id: String
  public let offer: Offer
  public let passengers: [Passenger]
  public let email: String

  public init(id: String, offer: Offer, passengers: [Passenger], email: String) {
    self.id = id
    self.offer = offer
    self.passengers = passengers
    self.email = email
  }
}

/// A seat and bags.
public struct Extras: Equatable, Sendable {
  public var seat: String?
  public var bags: Int

  public init(seat: String? = nil, bags: Int = 0) {
    self.seat = seat
    self.bags = bags
  }
}

/// A price for a draft and its extras that the airline keeps to.
public struct Quote: Equatable, Sendable {
  public let id: String
  public let draft: Draft
  public let extras: Extras
  public let total: Int

  public init(id: String, draft: Draft, extras: Extras, total: Int) {
    self.id = id
    self.draft = draft
    self.extras = extras
    self.total = total
  }
}

/// A paid quote.
public struct Booking: Equatable, Sendable {
  public let reference: String
  public let quote: Quote

  public init(reference: String, quote: Quote) {
    self.reference = reference
    self.quote = quote
  }
}

/// What the airline refuses.
public enum AirlineError: Error, Equatable, Sendable {
  /// The seat is not free on that flight.
  case seatTaken(String)
  /// The card was declined (4000 0000 0000 0002).
  case declined
  /// The quote is paid already: a second payment is refused.
  case alreadyPaid
  /// No quote has that ID.
  case noSuchQuote
}

/// The airline, worked out on the spot: no network and no clock, so every state of the
/// migration books the same flights the same way. It remembers its quotes and what was paid.
@MainActor
public final class Airline {
  private var quotes: [String: Quote] = [:]
  private var paid: Set<String> = []
  private var drafts = 0

  public init() {}

  /// Three flights on the route, cheapest last.
  public func search(_ criteria: Criteria) -> [Offer] {
    let route = criteria.origin + criteria.destination
    return [
      Offer(id: "of-\(route)-1", flight: "TK1951", price: 120),
      Offer(id: "of-\(route)-2", flight: "KL1956", price: 140),
      Offer(id: "of-\(route)-3", flight: "PC1251", price: 95),
    ]
  }

  /// The free seats of an offer's aircraft: 14A is taken on every flight but the first.
  public func seats(on offer: Offer) -> [String] {
    offer.id.hasSuffix("-1") ? ["1A", "1C", "14A", "14C"] : ["1A", "1C", "14C"]
  }

  /// Records who flies and where to write to them.
  public func draft(_ offer: Offer, passengers: [Passenger], email: String) -> Draft {
    drafts += 1
    return Draft(id: "dr-\(drafts)", offer: offer, passengers: passengers, email: email)
  }

  /// Prices a draft with its extras: the fare for each passenger, 15 for a seat, 30 a bag.
  public func quote(_ draft: Draft, extras: Extras) throws(AirlineError) -> Quote {
    if let seat = extras.seat, !seats(on: draft.offer).contains(seat) {
      throw .seatTaken(seat)
    }
    let total =
      draft.offer.price * draft.passengers.count + (extras.seat == nil ? 0 : 15) + extras.bags * 30
    let quote = Quote(id: "qt-\(quotes.count + 1)", draft: draft, extras: extras, total: total)
    quotes[quote.id] = quote
    return quote
  }

  /// A quote by its ID, as a payment link names it.
  public func quote(id: String) throws(AirlineError) -> Quote {
    guard let quote = quotes[id] else { throw .noSuchQuote }
    return quote
  }

  /// Pays a quote once.
  public func pay(_ quote: Quote, card: String) throws(AirlineError) -> Booking {
    guard !paid.contains(quote.id) else { throw .alreadyPaid }
    guard card != "4000000000000002" else { throw .declined }
    paid.insert(quote.id)
    return Booking(reference: "BK\(quote.id.dropFirst(3))", quote: quote)
  }
}
