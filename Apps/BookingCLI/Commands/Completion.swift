import Airline
import Domain
import FlowOwner
import Persistence
import SimulatedAirline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `booking-cli [--data-dir PATH] [--airline-dir PATH] __complete KIND [PREFIX]`: the words the
/// shell completions (Tools/completions) offer for an argument, one a line, each starting with
/// PREFIX (in any case), then a tab and what it is, for the shells that show it. Hidden, as
/// gh's `__complete` is: `--help` does not list it.
///
/// KIND is `airports` (the built-in airports' codes), `offers` (the IDs of the offers the
/// airline's searches saved that are still on sale), `quotes` (the IDs of the quotes whose price
/// is still held and whose draft is not booked), `bookings` (the references `trips` lists) or
/// `drafts` (the drafts with a payment left open, for `resolve`). The data directory is found as
/// every command finds it, and only read: nothing is made, moved or repaired, a record that
/// cannot be read is left out, and one of another traveller's on a shared airline too. Any
/// failure prints nothing: the shell then offers what it would without the command. It always
/// exits 0, and never writes to standard error.
enum Completion {
  /// The hidden command's name.
  static let command = "__complete"

  /// What a `__complete` command line asks for.
  struct Request: Equatable {
    /// The kind of word (`airports`, `offers`...); an unknown one offers nothing.
    var kind: String
    /// What the word being completed starts with; empty for every candidate.
    var prefix = ""
    /// `--data-dir`, when given.
    var dataDirectory: String?
    /// `--airline-dir`, when given.
    var airlineDirectory: String?

    /// The request `arguments` make, read as every command line is (`Invocation.parse`); nil
    /// when they are not a `__complete` command. After it come KIND and PREFIX; a word more, or
    /// a line that cannot be parsed, leaves KIND empty, which offers nothing.
    init?(_ arguments: [String]) {
      guard arguments.contains(Completion.command) else { return nil }
      let invocation = try? Invocation.parse(
        arguments, valueOptions: { _ in [] }, switches: { _ in [] })
      if let invocation, invocation.command != Completion.command { return nil }
      let words = invocation?.words ?? []
      kind = words.count <= 2 ? words.first ?? "" : ""
      prefix = words.count == 2 ? words[1] : ""
      dataDirectory = invocation?.value("--data-dir")
      airlineDirectory = invocation?.value("--airline-dir")
    }
  }

  /// A word offered, and what it is ("IST" and "İstanbul").
  struct Candidate: Equatable {
    var word: String
    var about = ""

    /// The candidate's line: the word, then a tab and what it is when that is known.
    var line: String {
      let about = String(about.map { $0 == "\t" ? " " : $0 })
      return about.isEmpty ? word : word + "\t" + about
    }
  }

  /// Prints the candidates of `request`, all at once; a write that fails is dropped.
  static func run(_ request: Request) async {
    let lines = await candidates(request).map { $0.line + "\n" }.joined()
    guard !lines.isEmpty else { return }
    // Completion is quiet: a write that fails is dropped.
    if let streams = CLIStreams.current {
      streams.write(Array(lines.utf8), error: false)
    } else {
      _ = Output.writeAll(Array(lines.utf8), to: 1)
    }
  }

  /// The candidates of `request` whose word starts with its prefix, in any case; none when the
  /// kind is unknown or the data directory cannot be read.
  static func candidates(_ request: Request) async -> [Candidate] {
    let found: [Candidate]
    switch request.kind {
    case "airports":
      found = airports(request.prefix)
    case "offers", "quotes", "bookings", "drafts":
      guard request.dataDirectory != "", request.airlineDirectory != "",
        let folder = readableFolder(request)
      else { return [] }
      let reader = Reader(folder: folder, prefix: request.prefix)
      switch request.kind {
      case "offers": found = await reader.offers()
      case "quotes": found = await reader.quotes()
      case "bookings": found = await reader.bookings()
      default: found = await reader.drafts()
      }
    default:
      return []
    }
    return found.filter { matches($0.word, request.prefix) }
  }

  /// Whether `word` starts with `prefix`, in any case.
  static func matches(_ word: String, _ prefix: String) -> Bool {
    word.lowercased().hasPrefix(prefix.lowercased())
  }

  /// The built-in airports whose code starts with `prefix`, with their city.
  static func airports(_ prefix: String) -> [Candidate] {
    AirportDirectory.builtIn.airports.filter { matches($0.code.rawValue, prefix) }.map {
      Candidate(word: $0.code.rawValue, about: $0.city)
    }
  }

  /// The data directory `request` names, opened to read as `trips` opens it: its airline writes
  /// nothing (no key made, no record set aside, no payment settled). Nil when it does not exist
  /// or cannot be used.
  static func readableFolder(_ request: Request) -> DataFolder? {
    try? DataFolder.openExisting(explicit: request.dataDirectory, airline: request.airlineDirectory)
      .folder
  }

  /// The data directory's records, as its airline answers for them (this traveller's alone on a
  /// shared airline); a record that cannot be read is left out.
  struct Reader {
    let folder: DataFolder
    let prefix: String
    let now = Date()

    /// How long after its search an offer is sold, and the longest a quote's price is held: a
    /// record written longer ago than that is not read.
    static let offerLifetime = SimulatedAirline.Configuration().offerLifetime
    static let longestPriceHold = SimulatedAirline.Configuration.longestPriceHold

    /// The records of `kind` whose ID starts with `prefix`, newest written first, written at
    /// `since` or later.
    func listed(_ kind: RecordKind, since: Date) -> [RecordStore.Listing] {
      let listing = (try? folder.airlineStore.listing(of: kind)) ?? []
      return listing.filter { $0.written >= since && Completion.matches($0.id, prefix) }
    }

    /// "IST-AMS 2026-12-24 12:40": where an offer goes, and when it leaves.
    static func trip(_ offer: Offer) -> String {
      TripText.trip(offer) + " " + OfferReport.local(offer.departure)
    }

    /// The offers searches saved in the last `offerLifetime` that the airline still sells.
    func offers() async -> [Candidate] {
      var found: [Candidate] = []
      for listing in listed(AirlineRecords.offers, since: now - Self.offerLifetime) {
        guard let id = try? OfferID(listing.id), let offer = try? await folder.calls.offer(id: id)
        else { continue }
        found.append(
          Candidate(word: listing.id, about: Self.trip(offer) + ", " + offer.total.formatted()))
      }
      return found
    }

    /// This traveller's quotes whose price is still held and that are not paid.
    func quotes() async -> [Candidate] {
      var found: [Candidate] = []
      let services = folder.calls.services
      for listing in listed(AirlineRecords.quotes, since: now - Self.longestPriceHold) {
        guard let id = try? QuoteID(listing.id), let quote = try? await services.quote(id: id),
          quote.expiresAt > now, case .unpaid? = try? await services.paymentState(of: id)
        else { continue }
        let minutes = max(1, Int(quote.expiresAt.timeIntervalSince(now) / 60))
        let trip = (try? await services.draft(id: quote.draftID)).map { Self.trip($0.offer) + ", " }
        found.append(
          Candidate(
            word: listing.id,
            about: (trip ?? "") + quote.total.formatted() + ", \(minutes) min left"))
      }
      return found
    }

    /// The references `trips` lists, newest first; the first 50 that match with their trip.
    func bookings() async -> [Candidate] {
      guard let listed = try? await folder.calls.bookingList() else { return [] }
      var found: [Candidate] = []
      for entry in listed where Completion.matches(entry.reference.rawValue, prefix) {
        var candidate = Candidate(word: entry.reference.rawValue)
        if found.count < 50,
          let booking = try? await folder.calls.booking(reference: entry.reference)
        {
          candidate.about = Self.trip(booking.offer)
        }
        found.append(candidate)
      }
      return found
    }

    /// This traveller's drafts with a payment left open, which `resolve` may settle.
    func drafts() async -> [Candidate] {
      var found: [Candidate] = []
      for listing in listed(AirlineRecords.intents, since: .distantPast) {
        guard let id = try? DraftID(listing.id),
          let draft = try? await folder.calls.services.draft(id: id)
        else { continue }
        found.append(Candidate(word: listing.id, about: Self.trip(draft.offer)))
      }
      return found
    }
  }
}
