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

    /// The request `arguments` make, nil when they are not a `__complete` command: the first
    /// word that is neither an option nor an option's value must be `__complete`. Before it,
    /// `--data-dir` and `--airline-dir` are read (with their value after a space or `=`) and any
    /// other option is passed over; after it come KIND and PREFIX, and a word more leaves KIND
    /// empty, which offers nothing.
    init?(_ arguments: [String]) {
      var remaining = arguments[...]
      var dataDirectory: String?
      var airlineDirectory: String?
      while let argument = remaining.popFirst() {
        guard argument.hasPrefix("-") else {
          guard argument == Completion.command else { return nil }
          let words = Array(remaining)
          kind = words.count <= 2 ? words.first ?? "" : ""
          prefix = words.count == 2 ? words[1] : ""
          self.dataDirectory = dataDirectory
          self.airlineDirectory = airlineDirectory
          return
        }
        if let value = Self.value(of: "--data-dir", argument, &remaining) {
          dataDirectory = value
        } else if let value = Self.value(of: "--airline-dir", argument, &remaining) {
          airlineDirectory = value
        }
      }
      return nil
    }

    /// The value `argument` gives `option` (`--data-dir=PATH`, or `--data-dir` then the next
    /// argument, taken from `remaining`); nil when `argument` is another option.
    private static func value(
      of option: String, _ argument: String, _ remaining: inout ArraySlice<String>
    ) -> String? {
      if argument == option { return remaining.popFirst() }
      guard argument.hasPrefix(option + "=") else { return nil }
      return String(argument.dropFirst(option.count + 1))
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
    let bytes = Array(lines.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
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

  /// The data directory `request` names, opened to read (as `trips` opens it); nil when it does
  /// not exist, cannot be used, or its airline has no key yet (`airline.key`, made at the
  /// airline's first write): every record it keeps is sealed with that key, so without one it
  /// holds nothing to offer, and reading a record would make the key, a write.
  static func readableFolder(_ request: Request) -> DataFolder? {
    guard
      let folder = try? DataFolder.openExisting(
        explicit: request.dataDirectory, airline: request.airlineDirectory
      ).folder
    else { return nil }
    var status = stat()
    // The key as the airline reads it: a regular file of 32 bytes, this user's, no one else's.
    guard lstat(folder.airlineStore.root + "/airline.key", &status) == 0,
      status.st_mode & S_IFMT == S_IFREG, status.st_size == 32, status.st_uid == geteuid(),
      status.st_mode & 0o077 == 0
    else { return nil }
    return folder
  }

  /// The data directory's records, read without writing: each through the airline's seal with
  /// `CorruptRecordPolicy.report` (a record that cannot be read is left out where it is, never
  /// moved aside) before the airline is asked about it.
  struct Reader {
    let folder: DataFolder
    let prefix: String
    let now = Date()

    /// The airline's quotes, drafts and open payments (`intents`), named as the airline names
    /// their folders; `offers` has a public name.
    static let quotes = RecordKind(folder: "quotes", schema: 1)
    static let drafts = RecordKind(folder: "drafts", schema: 1)
    static let openPayments = RecordKind(folder: "intents", schema: 1)

    /// How long after its search an offer is sold, and the longest a quote's price is held: a
    /// record written longer ago than that is not read.
    static let offerLifetime = SimulatedAirline.Configuration().offerLifetime
    static let longestPriceHold = SimulatedAirline.Configuration.longestPriceHold

    /// Whether the airline is shared by many travellers (`--airline-dir`): each record is then
    /// offered only once the airline has said it is this traveller's.
    var shared: Bool { folder.airlineStore.root != folder.path }

    /// Record `id` of `kind` when it reads well (sealed by the airline, decodable); nil
    /// otherwise, and nothing is written.
    func read<Value: Decodable>(_ type: Value.Type, _ id: String, _ kind: RecordKind) -> Value? {
      try? folder.airline.sealedRecords.loadIfPresent(type, id: id, kind: kind, policy: .report)
    }

    /// The records of `kind` whose ID starts with `prefix`, newest written first, written at
    /// `since` or later.
    func listed(_ kind: RecordKind, since: Date) -> [RecordStore.Listing] {
      let listing = (try? folder.airlineStore.listing(of: kind)) ?? []
      return listing.filter { $0.written >= since && Completion.matches($0.id, prefix) }
    }

    /// "IST-AMS 2026-12-24 12:40": where an offer goes, and when it leaves.
    static func trip(_ offer: Offer) -> String {
      let route =
        [offer.origin, offer.destination] + (offer.inbound.map { [$0.destination] } ?? [])
      return route.map(\.code.rawValue).joined(separator: "-") + " "
        + OfferReport.local(offer.departure)
    }

    /// The offers searches saved in the last `offerLifetime` that the airline still sells.
    func offers() async -> [Candidate] {
      var found: [Candidate] = []
      for listing in listed(AirlineRecords.offers, since: now - Self.offerLifetime) {
        guard read(Offer.self, listing.id, AirlineRecords.offers) != nil,
          let id = try? OfferID(listing.id),
          let offer = try? await folder.calls.offer(id: id)
        else { continue }
        found.append(
          Candidate(word: listing.id, about: Self.trip(offer) + ", " + offer.total.formatted()))
      }
      return found
    }

    /// This traveller's quotes whose price is still held and whose draft no booking paid.
    func quotes() async -> [Candidate] {
      var live: [(listing: RecordStore.Listing, quote: Quote)] = []
      for listing in listed(Self.quotes, since: now - Self.longestPriceHold) {
        guard let quote = read(Quote.self, listing.id, Self.quotes), quote.expiresAt > now
        else { continue }
        if shared, (try? await folder.calls.services.quote(id: quote.id)) == nil { continue }
        live.append((listing, quote))
      }
      guard let oldest = live.map(\.listing.written).min() else { return [] }
      // A quote's draft was booked after its offer was saved, and the quote was made while that
      // offer was on sale: the bookings written since the oldest quote less an offer's lifetime
      // (and a minute for clocks) hold every booking of these drafts.
      let booked = await bookedDrafts(since: oldest - Self.offerLifetime - 60)
      return live.filter { !booked.contains($0.quote.draftID) }.map { entry in
        let quote = entry.quote
        let minutes = max(1, Int(quote.expiresAt.timeIntervalSince(now) / 60))
        let trip = read(BookingDraft.self, quote.draftID.rawValue, Self.drafts).map {
          Self.trip($0.offer) + ", "
        }
        return Candidate(
          word: quote.id.rawValue,
          about: (trip ?? "") + quote.total.formatted() + ", \(minutes) min left")
      }
    }

    /// The drafts of the bookings written at `since` or later.
    func bookedDrafts(since: Date) async -> Set<DraftID> {
      guard let listed = try? await folder.calls.bookingList() else { return [] }
      var drafts: Set<DraftID> = []
      for entry in listed where entry.recordedAt >= since {
        if let booking = try? await folder.calls.booking(reference: entry.reference) {
          drafts.insert(booking.draftID)
        }
      }
      return drafts
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
      for listing in listed(Self.openPayments, since: .distantPast) {
        guard let id = try? DraftID(listing.id),
          let draft = read(BookingDraft.self, listing.id, Self.drafts)
        else { continue }
        if shared, (try? await folder.calls.services.draft(id: id)) == nil { continue }
        found.append(Candidate(word: listing.id, about: Self.trip(draft.offer)))
      }
      return found
    }
  }
}
