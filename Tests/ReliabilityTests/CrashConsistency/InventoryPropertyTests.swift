import Foundation
import TestSupport
import Testing

/// Five `booking-cli` processes at once on one airline directory, random operations each (40 in
/// every run, 200 with `BOOKING_FUZZ=full`: 1,000 in all), on the first three offers of one day: a booking (a seat from the seat map, quoted, paid), a
/// cancellation (quoted, then confirmed, sometimes after a superseded quote is refused), a
/// cancellation quote left unconfirmed, a change to another of the next few days (the offers
/// asked for day by day until a day has some, one quoted and confirmed with the card when it
/// costs money, sometimes left unconfirmed, and a superseded quote's confirmation refused), and
/// a cancelled booking asked again. Once all have ended, the airline's records agree with what
/// each process was told: each standing booking has its seat and its party's place on the flight
/// it was changed to last and on no other, no seat is sold twice, a cancelled one has neither
/// anywhere, each cancellation has its one refund and nothing else has one, each change that
/// moved money has its one money record and nothing else has one, no cancellation or change is
/// left under way, and `show` and `trips` say `cancelled` for exactly the cancelled ones and
/// `show` the version and changes each was told of.
///
/// Each worker draws its choices from `SeededRandom` seeded with `seed` plus its number, so a
/// failure replays the same choices; which worker wins a seat depends on the processes' timing.
@Suite("Inventory property: five processes booking, changing and cancelling on one airline")
struct InventoryPropertyTests {
  static let seed: UInt64 = 0x1A7E_B00C_CA7C
  static let workers = 5
  static let operationsPerWorker = FuzzSize.cases(40, whole: 200)
  /// The offers the workers share: few, so that they compete for the same flights. Two offers
  /// whose first flights are the same share that flight's seats.
  static let offerCount = 3
  /// A seat is picked among the first free ones of the map, as travellers pick near the front,
  /// so that two workers often want the same seat at once.
  static let frontSeats = 4
  /// A booking is changed to one of the days after the one it was booked for, up to this many:
  /// few, so that changed bookings compete for the same flights too.
  static let changeDays = 4
  /// How many of those days a change asks, one after another, until one has offers.
  static let changeAsks = 3
  static let card = "4242 4242 4242 4242 12/30 123\n"
  static let contact = ["--email", "a@example.com", "--phone", "+44 20 7946 0000"]
  static let passengers = [
    "Ms Ada Lovelace 1990-05-04", "Mr Alan Turing 1982-06-23", "Ms Grace Hopper 1976-12-09",
    "Mr Charles Babbage 1991-12-26", "Ms Mary Somerville 1980-12-26",
  ]

  /// `booking-cli` on the shared airline, run to its end on the calling thread.
  struct CLI: Sendable {
    let binary: String
    let airline: String
    let environment: [String: String]

    /// Runs `arguments` with `traveller` as the data directory; a process that cannot be
    /// started is an exit of -1.
    func run(_ traveller: String, _ arguments: [String], input: String? = nil)
      -> CommandResult
    {
      do {
        return try Command.runBlocking(
          binary, ["--airline-dir", airline, "--data-dir", traveller] + arguments,
          environment: environment, input: input)
      } catch {
        return CommandResult(status: -1, killedBySignal: false, stdout: "", stderr: "\(error)")
      }
    }
  }

  /// An offer the workers book, the name of its flight's inventory record, and its day and
  /// cabin.
  struct Offer: Sendable {
    let id: String
    let flight: String
    let day: String
    let cabin: String
  }

  /// A change quote a worker was given: the flight it moves the booking to and what it costs.
  struct Change: Sendable {
    let quote: String
    /// The inventory record of the new flight, its day, and the seat held there.
    let flight: String
    let day: String
    let seat: String
    /// The new slice's flight numbers, as `show` lists a change's.
    let flights: [String]
    /// `changeTotal`: positive is paid, negative refunded, zero moves no money.
    let total: Decimal
    /// The version its confirmation made (set once confirmed).
    var version = 0
  }

  /// A booking a worker was given a reference for.
  struct Booking: Sendable {
    let reference: String
    let offer: Offer
    /// The inventory record of its flight, its day and its seat there: the offer's until a
    /// change, then the last change's.
    var flight: String
    var day: String
    var seat: String
    /// The latest cancellation quote asked for and not confirmed.
    var pending: String?
    /// The cancellation quote whose confirmation cancelled it.
    var cancelledWith: String?
    /// The latest change quote asked for and not confirmed.
    var pendingChange: Change?
    /// Its confirmed changes, oldest first.
    var changes: [Change] = []

    init(reference: String, offer: Offer, seat: String) {
      self.reference = reference
      self.offer = offer
      self.flight = offer.flight
      self.day = offer.day
      self.seat = seat
    }

    /// Its version as `show` must say it: 1, and one more for each confirmed change.
    var version: Int { 1 + changes.count }

    /// Every flight it was ever on, the one it is on last.
    var flights: [String] { [offer.flight] + changes.map(\.flight) }
  }

  /// How the operations ended.
  struct Tally: Sendable {
    var booked = 0
    var cancelled = 0
    /// Quotes refused because another worker took the seat first, and payments refused because
    /// others took the last seats at the quote's fare.
    var refused = 0
    var fareSoldOut = 0
    /// Bookings given up because the offer's map had no free seat.
    var full = 0
    var requoted = 0
    /// Superseded cancellation quotes whose confirmation was refused.
    var superseded = 0
    /// Cancelled bookings asked again.
    var again = 0
    /// Changes confirmed, the ones of them that moved money, change quotes left unconfirmed,
    /// superseded change quotes whose confirmation was refused, changes refused because a seat
    /// was taken, and changes given up because none of the days asked had offers.
    var changed = 0
    var changedMoney = 0
    var changeLeft = 0
    var changeSuperseded = 0
    var changeRefused = 0
    var noFlights = 0
    /// Commands the airline was too busy for (75).
    var busy = 0

    static func + (a: Tally, b: Tally) -> Tally {
      Tally(
        booked: a.booked + b.booked, cancelled: a.cancelled + b.cancelled,
        refused: a.refused + b.refused, fareSoldOut: a.fareSoldOut + b.fareSoldOut,
        full: a.full + b.full, requoted: a.requoted + b.requoted,
        superseded: a.superseded + b.superseded, again: a.again + b.again,
        changed: a.changed + b.changed, changedMoney: a.changedMoney + b.changedMoney,
        changeLeft: a.changeLeft + b.changeLeft,
        changeSuperseded: a.changeSuperseded + b.changeSuperseded,
        changeRefused: a.changeRefused + b.changeRefused, noFlights: a.noFlights + b.noFlights,
        busy: a.busy + b.busy)
    }
  }

  /// What a worker did and what went wrong while it did it.
  struct Log: Sendable {
    let index: Int
    let folder: String
    var bookings: [Booking] = []
    var tally = Tally()
    var problems: [String] = []
  }

  @Test(
    "5 processes, random books, changes and cancels on one airline (1,000 with BOOKING_FUZZ=full): seats sold once, money moved once"
  )
  func randomOperations() async throws {
    try await offTheGlobalExecutor("inventoryProperty") { try await self.body() }
  }

  func body() async throws {
    // On tmpfs where there is one: each quote, payment and cancellation syncs its records while
    // it holds the airline's one lock, and on a disk those syncs would set the test's length.
    let scratch =
      FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
    let root = scratch + "booking-inventory-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folders = (0..<Self.workers).map { "\(root)/traveller-\($0)" }
    for folder in [root, "\(root)/airline"] + folders {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    var environment = ProcessInfo.processInfo.environment
    environment["BOOKING_DATA_DIR"] = nil
    environment["BOOKING_AIRLINE_DIR"] = nil
    let cli = CLI(
      binary: try PackageExecutable.path("booking-cli"), airline: "\(root)/airline",
      environment: environment)
    let offers = try Self.offers(cli, folders[0])
    let started = ContinuousClock.now

    let logs = try await withThrowingTaskGroup(of: Log.self) { group in
      for (index, folder) in folders.enumerated() {
        group.addTask {
          try await offTheGlobalExecutor("inventoryWorker\(index)") {
            Self.work(index, folder: folder, cli: cli, offers: offers)
          }
        }
      }
      var logs: [Log] = []
      for try await log in group { logs.append(log) }
      return logs.sorted { $0.index < $1.index }
    }
    let shown = try await withThrowingTaskGroup(of: [String].self) { group in
      for log in logs {
        group.addTask {
          try await offTheGlobalExecutor("inventoryShow\(log.index)") { Self.shown(log, cli) }
        }
      }
      var problems: [String] = []
      for try await found in group { problems += found }
      return problems
    }

    let tally = logs.map(\.tally).reduce(Tally(), +)
    let problems =
      logs.flatMap(\.problems) + shown
      + Self.recordProblems("\(root)/airline", logs.flatMap(\.bookings), offers: offers)
      + Self.seatMapProblems(logs.flatMap(\.bookings), offers: offers, cli, folders[0])
    let seconds = (ContinuousClock.now - started).components.seconds
    print(
      "[reliability] inventory property: \(tally.booked) booked, \(tally.cancelled) cancelled, "
        + "\(tally.refused) refused (\(tally.fareSoldOut) at pay, \(tally.full) full, "
        + "\(tally.requoted) re-quoted, "
        + "\(tally.superseded) superseded refused, \(tally.again) asked again, "
        + "\(tally.busy) busy), \(tally.changed) changed (\(tally.changedMoney) moving money, "
        + "\(tally.changeLeft) left unconfirmed, \(tally.changeSuperseded) superseded refused, "
        + "\(tally.changeRefused) refused, \(tally.noFlights) without flights) in \(seconds) s")
    #expect(
      tally.booked > 0 && tally.cancelled > 0 && tally.changed > 0,
      "nothing was booked, cancelled or changed: \(tally)")
    // The first problems in full and how many more: one fault often breaks a hundred records.
    let count = problems.count
    let first = problems.prefix(40).joined(separator: "\n")
    let more = count > 40 ? "\n… and \(count - 40) more" : ""
    #expect(count == 0, "seed \(Self.seed), \(count) problems:\n\(first)\(more)")
  }

  /// The first `offerCount` offers from IST to AMS three weeks ahead, one adult each, searched
  /// once: the search saves them on the shared airline, where every worker quotes them.
  static func offers(_ cli: CLI, _ folder: String) throws -> [Offer] {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let day = formatter.string(from: Date().addingTimeInterval(21 * 86_400))
    let search = cli.run(folder, ["search", "IST", "AMS", day, "--json"])
    guard search.status == 0,
      let found = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8))
        as? [[String: Any]]
    else { throw ReliabilityFailure("search IST AMS \(day): \(search.output)") }
    let offers = found.prefix(offerCount).compactMap { offer -> Offer? in
      // The inventory record of the outbound's first flight: `KL879-2026-12-24-economy`, its
      // day the local day of departure.
      guard let id = offer["id"] as? String, let flights = offer["flights"] as? [String],
        let flight = flights.first, let cabin = offer["cabin"] as? String,
        let slice = (offer["slices"] as? [[String: Any]])?.first,
        let departure = slice["departure"] as? String
      else { return nil }
      return Offer(
        id: id, flight: "\(flight)-\(departure.prefix(10))-\(cabin)",
        day: String(departure.prefix(10)), cabin: cabin)
    }
    guard offers.count == offerCount else {
      throw ReliabilityFailure("search IST AMS \(day) gave \(offers)")
    }
    return offers
  }

  /// Worker `index`'s operations, one `booking-cli` process at a time.
  static func work(_ index: Int, folder: String, cli: CLI, offers: [Offer]) -> Log {
    var worker = Worker(
      log: Log(index: index, folder: folder), cli: cli, offers: offers,
      passenger: passengers[index % passengers.count],
      random: TestSupport.SeededRandom(seed: seed &+ UInt64(index)))
    for operation in 1...operationsPerWorker {
      worker.operation = operation
      worker.step()
    }
    return worker.log
  }

  /// One worker's state while it runs.
  struct Worker {
    var log: Log
    let cli: CLI
    let offers: [Offer]
    let passenger: String
    var random: TestSupport.SeededRandom
    var operation = 0

    /// One operation, chosen at random: a booking, a cancellation, a cancellation quote or a
    /// change of a standing booking, or a cancelled booking asked again.
    mutating func step() {
      let standing = log.bookings.indices.filter { log.bookings[$0].cancelledWith == nil }
      let cancelled = log.bookings.indices.filter { log.bookings[$0].cancelledWith != nil }
      let roll = random.int(0...99)
      if standing.isEmpty || roll < 40 {
        book()
      } else if roll < 64 {
        cancel(random.pick(standing))
      } else if roll < 74 {
        requote(random.pick(standing))
      } else if roll < 92 {
        change(random.pick(standing))
      } else if !cancelled.isEmpty {
        again(random.pick(cancelled))
      } else {
        book()
      }
    }

    func run(_ arguments: [String], input: String? = nil) -> CommandResult {
      cli.run(log.folder, arguments, input: input)
    }

    /// Whether `result` is the airline saying it stayed busy (75, "busy"): the command did
    /// nothing, which the records must agree with. Counted, never run again.
    mutating func wasBusy(_ result: CommandResult) -> Bool {
      guard result.status == 75, result.stderr.contains("busy") else { return false }
      log.tally.busy += 1
      return true
    }

    mutating func problem(_ what: String, _ result: CommandResult) {
      let how = result.killedBySignal ? "was killed by signal" : "exited with"
      log.problems.append(
        "worker \(log.index), operation \(operation): \(what) \(how) \(result.status): "
          + result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A seat from the map of a random offer, quoted and paid.
    mutating func book() {
      let offer = random.pick(offers)
      let map = run(["seats", offer.id, "--json"])
      guard map.status == 0, let free = InventoryPropertyTests.freeSeats(map.stdout) else {
        return problem("seats \(offer.id) --json", map)
      }
      guard !free.isEmpty else {
        log.tally.full += 1
        return
      }
      let seat = random.pick(Array(free.prefix(InventoryPropertyTests.frontSeats)))
      let quote = run(
        ["quote", offer.id, "--passenger", passenger] + InventoryPropertyTests.contact + [
          "--seat", "1:\(seat)", "-q",
        ])
      switch quote.status {
      case 0: break
      case 69 where quote.stderr.contains("is taken"):
        log.tally.refused += 1
        return
      case 75:
        log.tally.busy += 1
        return
      default:
        return problem("quote \(offer.id) --seat 1:\(seat)", quote)
      }
      let quoteID = quote.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      // The quote holds the seat, not its fare: paying it sells the seat unless others took the
      // last seats at that fare since.
      let paid = run(
        ["pay", quoteID, "--card-from-stdin", "-q"], input: InventoryPropertyTests.card)
      if wasBusy(paid) { return }
      if paid.status == 69, paid.stderr.contains("last seats at this fare were sold") {
        log.tally.refused += 1
        log.tally.fareSoldOut += 1
        return
      }
      guard paid.status == 0, !paid.killedBySignal else {
        return problem("pay \(quoteID) (seat \(seat) of \(offer.id))", paid)
      }
      let reference = paid.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      log.bookings.append(Booking(reference: reference, offer: offer, seat: seat))
      log.tally.booked += 1
    }

    /// A new cancellation quote, confirmed; half the time, when an earlier quote was left
    /// unconfirmed, that one is confirmed first and must be refused as superseded.
    mutating func cancel(_ index: Int) {
      let reference = log.bookings[index].reference
      guard let quote = ask(reference) else { return }
      if let stale = log.bookings[index].pending, random.chance(0.5) {
        let old = run(["cancel", reference, "--confirm", stale, "-q"])
        if old.status == 69, old.stderr.contains("newer cancellation quote") {
          log.tally.superseded += 1
        } else if old.status == 75 {
          log.tally.busy += 1
        } else {
          problem("cancel \(reference) --confirm \(stale) (superseded by \(quote))", old)
          if old.status == 0 {
            log.bookings[index].cancelledWith = stale
            return
          }
        }
      }
      log.bookings[index].pending = quote
      let confirmed = run(["cancel", reference, "--confirm", quote, "-q"])
      if wasBusy(confirmed) { return }
      guard confirmed.status == 0,
        confirmed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == reference
      else { return problem("cancel \(reference) --confirm \(quote)", confirmed) }
      log.bookings[index].pending = nil
      log.bookings[index].cancelledWith = quote
      log.tally.cancelled += 1
    }

    /// A cancellation quote for a standing booking, left unconfirmed.
    mutating func requote(_ index: Int) {
      guard let quote = ask(log.bookings[index].reference) else { return }
      log.bookings[index].pending = quote
      log.tally.requoted += 1
    }

    /// A cancelled booking: a change quote left open before it was cancelled is refused (69), so
    /// is a new cancellation quote, and its own confirmed quote confirmed again answers with the
    /// booking.
    mutating func again(_ index: Int) {
      let booking = log.bookings[index]
      log.tally.again += 1
      if let open = booking.pendingChange, random.chance(0.5) {
        let confirmed = confirming(open, of: booking.reference)
        if confirmed.status == 75 {
          log.tally.busy += 1
        } else if confirmed.status != 69 || !confirmed.stderr.contains("is cancelled") {
          problem("change \(booking.reference) --confirm \(open.quote) once cancelled", confirmed)
        }
      } else if random.chance(0.5) {
        let asked = run(["cancel", booking.reference, "-q"])
        if asked.status == 75 {
          log.tally.busy += 1
        } else if asked.status != 69 || !asked.stderr.contains("is cancelled") {
          problem("cancel \(booking.reference) once cancelled", asked)
        }
      } else if let quote = booking.cancelledWith {
        let confirmed = run(["cancel", booking.reference, "--confirm", quote, "-q"])
        if wasBusy(confirmed) { return }
        if confirmed.status != 0
          || confirmed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            != booking.reference
        {
          problem("cancel \(booking.reference) --confirm \(quote) again", confirmed)
        }
      }
    }

    /// A change of a standing booking to another of the days after the one it was booked for:
    /// the days asked one after another, from a random one on, until one has offers; one of them
    /// quoted, and most of the time confirmed, with the card when it costs money. When an earlier
    /// change quote was left unconfirmed, it is confirmed too, before the new one or after it
    /// changed the booking, and must be refused as superseded (69).
    mutating func change(_ index: Int) {
      let booking = log.bookings[index]
      let reference = booking.reference
      let days = InventoryPropertyTests.changeDays
      let start = random.int(0...(days - 1))
      let tried = (0..<days).map {
        InventoryPropertyTests.day(booking.offer.day, plus: 1 + (start + $0) % days)
      }.filter { $0 != booking.day }.prefix(InventoryPropertyTests.changeAsks)
      var offers: [String] = []
      for day in tried where offers.isEmpty {
        let asked = run(["change", reference, "--date", day, "-q"])
        if wasBusy(asked) { return }
        guard asked.status == 0 else { return problem("change \(reference) --date \(day)", asked) }
        offers = asked.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ch-") }
      }
      guard !offers.isEmpty else {
        log.tally.noFlights += 1
        return
      }
      let offer = random.pick(offers)
      let quoted = run(["change", reference, "--offer", offer, "--json"])
      switch quoted.status {
      case 0: break
      case 69 where quoted.stderr.contains("was just taken"):
        log.tally.changeRefused += 1
        return
      case 75:
        log.tally.busy += 1
        return
      default:
        return problem("change \(reference) --offer \(offer)", quoted)
      }
      guard
        let quote = InventoryPropertyTests.changeQuote(quoted.stdout, cabin: booking.offer.cabin)
      else { return problem("change \(reference) --offer \(offer) --json gave no quote", quoted) }
      let stale = booking.pendingChange
      let staleLast = random.chance(0.5)
      let left = random.chance(0.25)
      log.bookings[index].pendingChange = quote
      if let stale, !staleLast || left {
        if confirmStale(stale, index, "superseded by \(quote.quote)") { return }
      }
      if left {
        log.tally.changeLeft += 1
        return
      }
      let confirmed = confirming(quote, of: reference)
      if wasBusy(confirmed) { return }
      if confirmed.status == 69, confirmed.stderr.contains("was just taken") {
        log.tally.changeRefused += 1
        return
      }
      guard confirmed.status == 0,
        confirmed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == reference
      else { return problem("change \(reference) --confirm \(quote.quote)", confirmed) }
      changed(quote, index)
      if let stale, staleLast {
        _ = confirmStale(stale, index, "made before \(quote.quote) changed the booking")
      }
    }

    /// `change REF --confirm` of `change`, with the card on standard input when it costs money.
    func confirming(_ change: Change, of reference: String) -> CommandResult {
      let pays = change.total > 0
      return run(
        ["change", reference, "--confirm", change.quote] + (pays ? ["--card-from-stdin"] : [])
          + ["-q"], input: pays ? InventoryPropertyTests.card : nil)
    }

    /// Confirms `stale`, a change quote of booking `index` that a newer one superseded (`how`:
    /// asked since, or confirmed since): refused (69), nothing changed. Whether it changed the
    /// booking after all (a problem; the booking is then as `stale` made it).
    mutating func confirmStale(_ stale: Change, _ index: Int, _ how: String) -> Bool {
      let reference = log.bookings[index].reference
      let old = confirming(stale, of: reference)
      if old.status == 69, old.stderr.contains("newer change quote") {
        log.tally.changeSuperseded += 1
      } else if !wasBusy(old) {
        problem("change \(reference) --confirm \(stale.quote) (\(how))", old)
        if old.status == 0 {
          changed(stale, index)
          return true
        }
      }
      return false
    }

    /// Booking `index` as confirmed change `change` made it: its next version, on the new
    /// flight, in the seat held there.
    mutating func changed(_ change: Change, _ index: Int) {
      var change = change
      change.version = log.bookings[index].version + 1
      log.bookings[index].changes.append(change)
      log.bookings[index].flight = change.flight
      log.bookings[index].day = change.day
      log.bookings[index].seat = change.seat
      log.bookings[index].pendingChange = nil
      log.tally.changed += 1
      if change.total != 0 { log.tally.changedMoney += 1 }
    }

    /// A cancellation quote's ID for `reference`; nil when busy or refused.
    mutating func ask(_ reference: String) -> String? {
      let asked = run(["cancel", reference, "-q"])
      let id = asked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      if asked.status == 0, id.hasPrefix("cq-") { return id }
      if asked.status == 75 {
        log.tally.busy += 1
      } else {
        problem("cancel \(reference)", asked)
      }
      return nil
    }
  }

  /// The free seats of the outbound in `seats --json`'s document, in the map's order.
  static func freeSeats(_ json: String) -> [String]? {
    guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let slice = (document["slices"] as? [[String: Any]])?.first,
      let seats = slice["seats"] as? [[String: Any]]
    else { return nil }
    return seats.filter { $0["free"] as? Bool == true }.compactMap { $0["seat"] as? String }
  }

  /// `day` (`2026-12-24`) and `count` days.
  static func day(_ day: String, plus count: Int) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    guard let date = formatter.date(from: day) else { return day }
    return formatter.string(from: date.addingTimeInterval(Double(count) * 86_400))
  }

  /// The change quote in `change --offer --json`'s document, on the booking's `cabin`: its seat
  /// held on the new slice's first flight, whose inventory record it names.
  static func changeQuote(_ json: String, cabin: String) -> Change? {
    guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let id = document["id"] as? String, let seat = (document["seats"] as? [String])?.first,
      let slice = document["slice"] as? [String: Any],
      let departure = slice["departure"] as? String,
      let flights = (slice["segments"] as? [[String: Any]])?.compactMap({ $0["flight"] as? String }
      ),
      let flight = flights.first,
      let total = ((document["total"] as? [String: Any])?["changeTotal"] as? [String: Any])?[
        "amount"] as? String, let amount = Decimal(string: total)
    else { return nil }
    let day = String(departure.prefix(10))
    return Change(
      quote: id, flight: "\(flight)-\(day)-\(cabin)", day: day, seat: seat, flights: flights,
      total: amount)
  }

  /// What `show` and `trips` tell the worker of `log` about its bookings, against what it was
  /// told: `cancelled` exactly for those it cancelled, each one's version and changes, and no
  /// booking it was not told of.
  static func shown(_ log: Log, _ cli: CLI) -> [String] {
    var problems: [String] = []
    func status(_ booking: Booking) -> String {
      booking.cancelledWith == nil ? "booked" : "cancelled"
    }
    for booking in log.bookings {
      let shown = cli.run(log.folder, ["show", booking.reference, "--json"])
      let document =
        try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
      if shown.status != 0 || document?["status"] as? String != status(booking) {
        problems.append(
          "show \(booking.reference) (worker \(log.index), \(status(booking))) exited with "
            + "\(shown.status): status \(document?["status"] ?? shown.output)")
      }
      let changes = document?["changes"] as? [[String: Any]] ?? []
      let listed = changes.map {
        "v\($0["version"] as? Int ?? 0) \($0["flights"] as? [String] ?? [])"
      }
      let told = booking.changes.map { "v\($0.version) \($0.flights)" }
      if shown.status == 0, document?["version"] as? Int != booking.version || listed != told {
        problems.append(
          "show \(booking.reference) (worker \(log.index)) says version "
            + "\(document?["version"] ?? "none") and changes \(listed); told version "
            + "\(booking.version) and changes \(told)")
      }
    }
    let trips = cli.run(log.folder, ["trips", "--json"])
    let listed =
      (try? JSONSerialization.jsonObject(with: Data(trips.stdout.utf8)) as? [[String: Any]])
      ?? []
    var statuses: [String: String] = [:]
    for trip in listed {
      if let reference = trip["reference"] as? String {
        statuses[reference] = trip["status"] as? String ?? "?"
      }
    }
    let told = Dictionary(uniqueKeysWithValues: log.bookings.map { ($0.reference, status($0)) })
    if trips.status != 0 || statuses != told {
      let differing = Set(statuses.keys).union(told.keys).sorted().filter {
        statuses[$0] != told[$0]
      }.map { "\($0): listed \(statuses[$0] ?? "nothing"), told \(told[$0] ?? "nothing")" }
      problems.append(
        "trips of worker \(log.index) exited with \(trips.status): \(differing)")
    }
    return problems
  }

  /// What the airline's records at `airline` say against `bookings`, every booking a worker was
  /// given a reference for.
  static func recordProblems(_ airline: String, _ bookings: [Booking], offers: [Offer])
    -> [String]
  {
    func records(_ folder: String) -> [String: [String: Any]] {
      Dictionary(
        PayCrashPointTests.records(airline, folder), uniquingKeysWith: { first, _ in first })
    }
    var problems: [String] = []
    let standing = bookings.filter { $0.cancelledWith == nil }
    let standingReferences = Set(standing.map(\.reference))
    let cancelledReferences = Set(bookings.filter { $0.cancelledWith != nil }.map(\.reference))

    // No seat was given to two standing bookings.
    let owners = Dictionary(grouping: standing) { "\($0.seat) of \($0.flight)" }
    for (seat, sharing) in owners where sharing.count > 1 {
      problems.append("seat \(seat) is in bookings \(sharing.map(\.reference).sorted())")
    }

    // Each standing booking's seat is sold to it and its party counted on the flight it is on
    // now (the last change's); a cancelled one has neither, on any flight, nor has any booking
    // on a flight it was changed from.
    let flights = records("inventory")
    let byReference = Dictionary(
      bookings.map { ($0.reference, $0) }, uniquingKeysWith: { first, _ in first })
    for booking in standing {
      let flight = flights[booking.flight]
      let sale = (flight?["sold"] as? [String: [String: Any]])?[booking.seat]
      if sale?["reference"] as? String != booking.reference {
        problems.append(
          "booking \(booking.reference)'s seat \(booking.seat) of \(booking.flight) is "
            + "sold to \(sale?["reference"] as? String ?? "nobody")")
      }
      if (flight?["parties"] as? [String: Any])?[booking.reference] == nil {
        problems.append(
          "booking \(booking.reference) has no party on \(booking.flight)")
      }
    }
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let now = Date()
    // Each booking (one adult) has one seat sold across every flight while it stands.
    var seatsSold: [String: [String]] = [:]
    for (flight, record) in flights.sorted(by: { $0.key < $1.key }) {
      let holds = record["holds"] as? [String: [String: Any]] ?? [:]
      for (seat, sale) in record["sold"] as? [String: [String: Any]] ?? [:] {
        let reference = sale["reference"] as? String ?? "?"
        seatsSold[reference, default: []].append("\(seat) of \(flight)")
        if cancelledReferences.contains(reference) {
          let changed = byReference[reference].map { $0.changes.isEmpty ? "" : " (changed)" } ?? ""
          problems.append(
            "cancelled booking \(reference)\(changed) still has seat \(seat) of \(flight)")
        } else if !standingReferences.contains(reference) {
          problems.append("seat \(seat) of \(flight) is sold to \(reference), unknown to all")
        } else if let booking = byReference[reference],
          booking.flight != flight || booking.seat != seat
        {
          let was = booking.flights.contains(flight) ? ", a flight it was changed from" : ""
          problems.append(
            "seat \(seat) of \(flight)\(was) is sold to \(reference), which is on "
              + "\(booking.seat) of \(booking.flight)")
        }
        if let hold = holds[seat], hold["draftID"] as? String != sale["draftID"] as? String,
          let expires = (hold["expiresAt"] as? String).flatMap(iso.date(from:)), expires > now
        {
          problems.append(
            "seat \(seat) of \(flight) is sold to \(reference) and held for draft "
              + "\(hold["draftID"] as? String ?? "?")")
        }
      }
      // Each flight's party count is its standing bookings, one adult each.
      let parties = record["parties"] as? [String: [String: Any]] ?? [:]
      let counted = parties.values.reduce(0) { $0 + ($1["seats"] as? Int ?? 0) }
      let onFlight = Set(standing.filter { $0.flight == flight }.map(\.reference))
      if counted != onFlight.count || Set(parties.keys) != onFlight {
        let extra = Set(parties.keys).subtracting(onFlight).sorted()
        let missing = onFlight.subtracting(parties.keys).sorted()
        func some(_ references: [String]) -> String {
          references.prefix(5).joined(separator: " ") + (references.count > 5 ? " …" : "")
        }
        problems.append(
          "\(flight) counts \(counted) seats for \(onFlight.count) standing bookings: "
            + "\(extra.count) parties not standing (\(some(extra))), "
            + "\(missing.count) standing bookings without one (\(some(missing)))")
      }
    }

    for (reference, seats) in seatsSold where seats.count > 1 {
      problems.append("booking \(reference) has \(seats.count) seats sold: \(seats.sorted())")
    }

    // A refund for each confirmed cancellation, the quote the worker confirmed; none for
    // anything else.
    let cancellations = records("cancellations")
    let refunds = records("refunds")
    for booking in bookings {
      let reference = booking.reference
      let record = cancellations[reference]
      let confirmed = record?["confirmedAt"] != nil
      let quote = (record?["quote"] as? [String: Any])?["id"] as? String
      let refund = refunds[reference]
      if let cancelledWith = booking.cancelledWith {
        if !confirmed || quote != cancelledWith {
          problems.append(
            "\(reference) was cancelled with \(cancelledWith); its record has \(quote ?? "none")"
              + (confirmed ? ", confirmed" : ", not confirmed"))
        }
        if refund?["quoteID"] as? String != cancelledWith {
          problems.append(
            "\(reference) was cancelled with \(cancelledWith); its refund: "
              + "\(refund.map { "\($0["quoteID"] ?? "?")" } ?? "none")")
        }
      } else {
        if confirmed { problems.append("\(reference) stands, yet its cancellation is confirmed") }
        if refund != nil { problems.append("\(reference) stands, yet it was refunded") }
      }
    }
    let told = Set(bookings.map(\.reference))
    let refundFiles = entries(airline, "refunds")
    if refundFiles.sorted() != cancelledReferences.map({ "\($0).json" }).sorted() {
      let extra = Set(refundFiles).subtracting(cancelledReferences.map { "\($0).json" })
      problems.append(
        "refunds/ holds \(refundFiles.count) files for \(cancelledReferences.count) "
          + "cancellations; not a cancellation's: \(extra.sorted())")
    }
    let bookingFiles = Set(records("bookings").keys)
    if bookingFiles != told {
      problems.append(
        "bookings/ differs from the references given: not given "
          + "\(bookingFiles.subtracting(told).sorted()), "
          + "missing \(told.subtracting(bookingFiles).sorted())")
    }
    let open = entries(airline, "cancelling")
    if !open.isEmpty { problems.append("cancelling/ is not empty: \(open.sorted())") }
    return problems + changeProblems(airline, bookings)
  }

  /// What the airline's change records say against the changes each booking was told of: its
  /// history, one money record for each change that moved money (the charge or the refund of
  /// its total, its quote's) and none for one that did not, no other money record, and no
  /// change left under way.
  static func changeProblems(_ airline: String, _ bookings: [Booking]) -> [String] {
    func records(_ folder: String) -> [String: [String: Any]] {
      Dictionary(
        PayCrashPointTests.records(airline, folder), uniquingKeysWith: { first, _ in first })
    }
    var problems: [String] = []
    let histories = records("changes")
    let money = records("changeMoney")
    var expected: Set<String> = []
    for booking in bookings {
      let reference = booking.reference
      let history = histories[reference]?["history"] as? [[String: Any]] ?? []
      let recorded = history.map { change in
        "v\(change["version"] as? Int ?? 0) \((change["quote"] as? [String: Any])?["id"] ?? "?")"
      }
      let told = booking.changes.map { "v\($0.version) \($0.quote)" }
      if recorded != told {
        problems.append("\(reference)'s changes/ history is \(recorded); told \(told)")
      }
      for change in booking.changes {
        let id = "\(reference)-\(change.version)"
        let record = money[id]
        guard change.total != 0 else {
          if record != nil { problems.append("\(id) moved no money, yet has a changeMoney record") }
          continue
        }
        expected.insert("\(id).json")
        func amount(_ key: String) -> Decimal? {
          ((record?[key] as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) }
        }
        let moved = amount("charged") ?? amount("refunded").map { -$0 }
        if record == nil || record?["quoteID"] as? String != change.quote || moved != change.total {
          problems.append(
            "\(id) (\(change.quote), total \(change.total)) has changeMoney record "
              + (record.map {
                "of \($0["quoteID"] ?? "?"), \(moved.map { "\($0)" } ?? "no amount")"
              }
                ?? "none"))
        }
      }
    }
    let files = Set(entries(airline, "changeMoney"))
    if files != expected {
      problems.append(
        "changeMoney/ holds \(files.count) files for \(expected.count) changes that moved money; "
          + "not a change's: \(files.subtracting(expected).sorted()), missing: "
          + "\(expected.subtracting(files).sorted())")
    }
    let open = entries(airline, "changing")
    if !open.isEmpty { problems.append("changing/ is not empty: \(open.sorted())") }
    return problems
  }

  /// The names in `folder` of `airline`, hidden ones too; none when it does not exist.
  static func entries(_ airline: String, _ folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: "\(airline)/\(folder)")) ?? []
  }

  /// Each offer's seat map as a traveller sees it: the seat of every standing booking on its
  /// flight (booked there, or changed to it) is taken.
  static func seatMapProblems(_ bookings: [Booking], offers: [Offer], _ cli: CLI, _ folder: String)
    -> [String]
  {
    var problems: [String] = []
    for offer in offers {
      let map = cli.run(folder, ["seats", offer.id, "--json"])
      guard map.status == 0, let free = freeSeats(map.stdout).map(Set.init) else {
        problems.append("seats \(offer.id) --json exited with \(map.status): \(map.output)")
        continue
      }
      for booking in bookings
      where booking.cancelledWith == nil && booking.flight == offer.flight
        && free.contains(booking.seat)
      {
        problems.append(
          "seat \(booking.seat) of \(offer.id) shows free, yet \(booking.reference) has it")
      }
    }
    return problems
  }
}
