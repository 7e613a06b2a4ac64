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

  /// 2 for the second passenger: a quote is stored apart from its draft, so its lines carry
  /// numbers, never names.
  private static func number(_ passenger: Passenger, in draft: BookingDraft) -> Int {
    (draft.passengers.firstIndex(of: passenger) ?? 0) + 1
  }

  /// The priced lines for `draft` with `extras`, or `invalidExtras` naming the first rule broken.
  public static func lineItems(draft: BookingDraft, extras: Extras, seatMap: SeatMap)
    throws(ServiceError) -> [LineItem]
  {
    let offer = draft.offer
    let currency = LocalCurrency(for: offer.origin)
    let byID = Dictionary(draft.passengers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let departure = offer.departure.day
    for id in Set(extras.seats.keys).union(extras.bags.keys) where byID[id] == nil {
      throw .invalidExtras("Passenger \(id) is not on this booking.")
    }

    // An infant travels on an adult's lap for a tenth of the fare and a lower airport charge.
    let infants = draft.passengers.filter { $0.type(on: departure) == .infant }
    let seated = draft.passengers.count - infants.count
    var lines = [
      LineItem(
        kind: .fare,
        label: "Fare, \(seated) × \(offer.pricePerPassenger.formatted())",
        amount: offer.pricePerPassenger.multiplied(by: seated), quantity: seated,
        unitPrice: offer.pricePerPassenger)
    ]
    for infant in infants {
      let number = number(infant, in: draft)
      lines.append(
        LineItem(
          kind: .infant, label: "Infant on a lap, passenger \(number)",
          amount: Money(offer.pricePerPassenger.amount / 10, offer.pricePerPassenger.currency)
            .rounded(),
          passenger: number))
    }
    var taken: [SeatDesignator: PassengerID] = [:]
    for passenger in draft.passengers {
      guard let designator = extras.seats[passenger.id] else { continue }
      if passenger.type(on: departure) == .infant {
        throw .invalidExtras("\(passenger.fullName) is an infant and travels on an adult's lap.")
      }
      guard let seat = seatMap.seat(designator) else {
        throw .invalidExtras("There is no seat \(designator) on this aircraft.")
      }
      guard !seat.occupied else { throw .invalidExtras("Seat \(designator) is already taken.") }
      if let other = taken[designator], other != passenger.id {
        throw .invalidExtras("Seat \(designator) was chosen for two passengers.")
      }
      taken[designator] = passenger.id
      lines.append(
        LineItem(
          kind: .seat, label: "Seat \(designator), passenger \(number(passenger, in: draft))",
          amount: seat.price, seat: designator, passenger: number(passenger, in: draft)))
    }
    for passenger in draft.passengers {
      let bags = extras.bags[passenger.id] ?? 0
      guard (0...maximumBags).contains(bags) else {
        throw .invalidExtras("Each passenger may check 0 to \(maximumBags) bags, not \(bags).")
      }
      guard bags > 0 else { continue }
      let euros: Decimal = [30, 40, 55].prefix(bags).reduce(0, +)
      lines.append(
        LineItem(
          kind: .bag,
          label:
            "\(bags) checked bag\(bags == 1 ? "" : "s"), passenger \(number(passenger, in: draft))",
          amount: currency.price(euros: euros), quantity: bags,
          passenger: number(passenger, in: draft)))
    }
    if extras.insurance {
      let fivePercent = offer.total.amount * Decimal(5) / Decimal(100)
      let minimum = currency.price(euros: 12).amount
      lines.append(
        LineItem(
          kind: .insurance, label: "Travel insurance",
          amount: Money(max(fivePercent, minimum), offer.total.currency).rounded()))
    }
    let taxes = currency.price(euros: Decimal(28 * seated + 8 * infants.count))
    lines.append(LineItem(kind: .tax, label: "Taxes and airport fees", amount: taxes))
    return lines
  }
}
