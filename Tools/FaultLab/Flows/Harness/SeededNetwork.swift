import Airline
import Domain

/// The lab's airline behind a network that loses calls, as a real one does now and then: each
/// call is lost or answered by a hash of the seed and the call, never by the order calls are
/// made in (restore asks some at once), so one seed always loses the same calls.
///
/// A check that goes through it is the seeds' network-bound check: it fails wherever the network
/// fails, on the correct flow and on any fault alike.
public struct SeededNetwork: BookingLookup {
  /// The airline the calls that get through reach.
  public let airline: MemoryLookup
  /// What decides which calls are lost.
  public let seed: UInt64
  /// The share of calls lost, from 0 to 100.
  public let lossPercent: UInt64

  /// The seed faultlab pins: with it, of the calls a relaunch at payment makes, fetching draft A
  /// is lost (and only that).
  public static let pinnedSeed: UInt64 = 7

  /// The lab's airline behind a network losing `lossPercent` of calls, chosen by `seed`.
  public init(_ airline: MemoryLookup, seed: UInt64 = pinnedSeed, lossPercent: UInt64 = 50) {
    self.airline = airline
    self.seed = seed
    self.lossPercent = lossPercent
  }

  /// Whether the call named `call` is lost.
  public func loses(_ call: String) -> Bool {
    // FNV-1a: stable across runs and platforms, unlike `Hasher`.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(seed)|\(call)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash % 100 < lossPercent
  }

  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    try pass("offer \(id)")
    return try await airline.offer(id: id)
  }

  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    try pass("draft \(id)")
    return try await airline.draft(id: id)
  }

  public func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    try pass("quote \(id)")
    return try await airline.quote(id: id)
  }

  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    try pass("payment state \(quoteID)")
    return try await airline.paymentState(of: quoteID)
  }

  private func pass(_ call: String) throws(ServiceError) {
    if loses(call) { throw .storage("the network lost \(call)") }
  }
}
