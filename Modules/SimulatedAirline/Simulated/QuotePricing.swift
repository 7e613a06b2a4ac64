import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The airline's published fee schedule: checks extras against the seat map and the rules and
/// prices a draft with them. The airline quotes with it; screens estimate with it.
public enum QuotePricing {
  /// Most checked bags one passenger may add.
  public static let maximumBags = 3

  /// 2 for passenger number two: a quote is stored apart from its draft, so its lines carry
  /// numbers, never names.
  private static func number(_ passenger: Passenger, in draft: BookingDraft) -> Int {
    (draft.passengers.firstIndex(of: passenger) ?? 0) + 1
  }

  /// One fare line before its words: what `fareLines` says and `partyTotal` sums.
  private enum FarePart {
    case adults(Int, each: Money)
    case children(Int, each: Money)
    case infant(passenger: Int, lap: Money)
    case taxes(Money)

    var amount: Money {
      switch self {
      case .adults(let count, let each), .children(let count, let each):
        each.multiplied(by: count)
      case .infant(_, let lap): lap
      case .taxes(let amount): amount
      }
    }

    var line: LineItem {
      switch self {
      case .adults(let count, let each):
        LineItem(
          kind: .fare, label: "Fare, \(count) × \(each.formatted())", amount: amount,
          quantity: count, unitPrice: each)
      case .children(let count, let each):
        LineItem(
          kind: .childFare, label: "Child fare, \(count) × \(each.formatted())", amount: amount,
          quantity: count, unitPrice: each)
      case .infant(let passenger, let lap):
        LineItem(
          kind: .infant, label: "Infant on a lap, passenger \(passenger)", amount: lap,
          passenger: passenger)
      case .taxes(let amount):
        LineItem(kind: .tax, label: "Taxes and airport fees", amount: amount)
      }
    }
  }

  /// The fare lines of travellers of `types` (in booking order) flying `slices` slices at
  /// `pricePerAdult`: the adults' fares, the children's at three quarters, each infant's at a
  /// tenth on an adult's lap, and the taxes and airport fees of every slice. Search totals and
  /// quotes are both these lines, so a party's total at search is the quote's before extras.
  static func fareLines(
    pricePerAdult fare: Money, types: [PassengerType], slices: Int, currency: LocalCurrency
  ) -> [LineItem] {
    fareParts(pricePerAdult: fare, types: types, slices: slices, currency: currency).map(\.line)
  }

  /// `fareLines` without their words: a search prices every offer it makes (a fare calendar
  /// thousands) and shows none of their lines.
  private static func fareParts(
    pricePerAdult fare: Money, types: [PassengerType], slices: Int, currency: LocalCurrency
  ) -> [FarePart] {
    var adults = 0
    var children = 0
    var infants = 0
    for type in types {
      switch type {
      case .adult: adults += 1
      case .child: children += 1
      case .infant: infants += 1
      }
    }
    var parts: [FarePart] = []
    if adults > 0 { parts.append(.adults(adults, each: fare)) }
    if children > 0 {
      parts.append(.children(children, each: Money(fare.amount * 3 / 4, fare.currency).rounded()))
    }
    if infants > 0 {
      let lap = Money(fare.amount / 10, fare.currency).rounded()
      for (index, type) in types.enumerated() where type == .infant {
        parts.append(.infant(passenger: index + 1, lap: lap))
      }
    }
    parts.append(
      .taxes(
        currency.price(
          euros: Decimal((28 * (adults + children) + 8 * infants) * max(1, slices)))))
    return parts
  }

  /// What `party` pays for a trip of `slices` slices at `pricePerAdult`, taxes included and
  /// extras not: the sum of `fareLines`.
  static func partyTotal(
    pricePerAdult fare: Money, party: Party, slices: Int, currency: LocalCurrency
  ) -> Money {
    let parts = fareParts(
      pricePerAdult: fare, types: party.types, slices: slices, currency: currency)
    return (try? Money.sum(parts.map(\.amount), in: fare.currency))
      ?? fare.multiplied(by: party.seats)
  }

  /// What one adult, one child and one infant of `party` pay for a trip of `slices` slices at
  /// `pricePerAdult`, taxes included and extras not: each the sum of `fareLines` for that
  /// traveller alone.
  static func perPerson(
    pricePerAdult fare: Money, party: Party, slices: Int, currency: LocalCurrency
  ) -> PricePerPerson {
    func alone(_ type: PassengerType) -> Money {
      let parts = fareParts(pricePerAdult: fare, types: [type], slices: slices, currency: currency)
      return (try? Money.sum(parts.map(\.amount), in: fare.currency)) ?? fare
    }
    let adult = alone(.adult)
    return
      (try? PricePerPerson(
        adult: adult, child: party.children > 0 ? alone(.child) : nil,
        infant: party.infants > 0 ? alone(.infant) : nil))
      ?? PricePerPerson(
        evenSplitOf: partyTotal(
          pricePerAdult: fare, party: party, slices: slices, currency: currency), party: party)
  }

  /// The priced lines for `draft` with `extras`, or `invalidExtras` naming the first rule broken.
  /// `seatMaps` holds one map per slice of the draft's offer, in order; `pricePerAdult` is the
  /// fare when the airline re-priced the offer (the offer's own when nil).
  public static func lineItems(
    draft: BookingDraft, extras: Extras, seatMaps: [SeatMap], pricePerAdult: Money? = nil
  ) throws(ServiceError) -> [LineItem] {
    let offer = draft.offer
    let currency = LocalCurrency(for: offer.origin)
    let byID = Dictionary(draft.passengers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let departure = offer.departure.day
    let chosen = Set(extras.seats.keys).union(extras.returnSeats.keys).union(extras.bags.keys)
    for id in chosen where byID[id] == nil {
      throw .invalidExtras("Passenger \(id) is not on this booking.")
    }
    if !extras.returnSeats.isEmpty, !offer.isRoundTrip {
      throw .invalidExtras("A one-way trip has no return seats.")
    }
    let types = draft.passengers.map { $0.type(on: departure) }
    var lines = fareLines(
      pricePerAdult: pricePerAdult ?? offer.pricePerAdult, types: types,
      slices: offer.slices.count,
      currency: currency)
    let taxes = lines.removeLast()
    for (slice, seatMap) in seatMaps.enumerated() where slice < offer.slices.count {
      let seats = extras.seats(onSlice: slice)
      var taken: [SeatDesignator: PassengerID] = [:]
      for passenger in draft.passengers {
        guard let designator = seats[passenger.id] else { continue }
        if passenger.type(on: departure) == .infant {
          throw .invalidExtras("\(passenger.fullName) is an infant and travels on an adult's lap.")
        }
        guard let seat = seatMap.seat(designator) else {
          throw .invalidExtras("There is no seat \(designator) on this aircraft.")
        }
        guard !seat.occupied else { throw .seatTaken(designator, slice: slice) }
        if let other = taken[designator], other != passenger.id {
          throw .invalidExtras("Seat \(designator) was chosen for two passengers.")
        }
        taken[designator] = passenger.id
        let direction = offer.isRoundTrip ? (slice == 0 ? " (outbound)" : " (return)") : ""
        lines.append(
          LineItem(
            kind: .seat,
            label: "Seat \(designator)\(direction), passenger \(number(passenger, in: draft))",
            amount: seat.price, seat: designator, slice: slice,
            passenger: number(passenger, in: draft)))
      }
    }
    if seatMaps.count < offer.slices.count, !extras.seats(onSlice: seatMaps.count).isEmpty {
      throw .invalidExtras("The seats of that flight cannot be chosen.")
    }
    for passenger in draft.passengers {
      let bags = extras.bags[passenger.id] ?? 0
      guard (0...maximumBags).contains(bags) else {
        throw .invalidExtras("Each passenger may check 0 to \(maximumBags) bags, not \(bags).")
      }
      guard bags > 0 else { continue }
      let euros: Decimal = [30, 40, 55].prefix(bags).reduce(0, +) * Decimal(offer.slices.count)
      lines.append(
        LineItem(
          kind: .bag,
          label:
            "\(bags) checked bag\(bags == 1 ? "" : "s"), passenger \(number(passenger, in: draft))",
          amount: currency.price(euros: euros), quantity: bags,
          passenger: number(passenger, in: draft)))
    }
    if extras.insurance {
      let fares = lines.filter { [.fare, .childFare, .infant].contains($0.kind) }
        .reduce(Decimal(0)) { $0 + $1.amount.amount }
      let fivePercent = fares * Decimal(5) / Decimal(100)
      let minimum = currency.price(euros: 12).amount
      lines.append(
        LineItem(
          kind: .insurance, label: "Travel insurance",
          amount: Money(max(fivePercent, minimum), offer.pricePerAdult.currency).rounded()))
    }
    lines.append(taxes)
    return lines
  }
}
