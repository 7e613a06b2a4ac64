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

/// `quote OFFER --passenger "..." ... --email E --phone P [--seat N:14A] [--return-seat N:20C]
/// [--bags N:2] [--insurance] [--ttl SECONDS]`: the draft and its quote, and the link to pay it
/// in the app.
enum QuoteCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let offerID = try offerID(invocation)
    let given = invocation.values["--passenger"] ?? []
    guard !given.isEmpty else {
      throw .usage(#"quote needs --passenger "Ms Ada Lovelace 1990-05-04", once per passenger"#)
    }
    var passengers: [Passenger] = []
    var declared: [PassengerType?] = []
    for (index, text) in given.enumerated() {
      let (passenger, type) = try passenger(text, number: index + 1)
      passengers.append(passenger)
      declared.append(type)
    }
    try checkSamePerson(passengers, given: given)
    guard let email = invocation.value("--email") else { throw .usage("quote needs --email") }
    guard let phone = invocation.value("--phone") else { throw .usage("quote needs --phone") }
    let contact: Contact
    do {
      contact = try Contact(email: email, phone: phone)
    } catch {
      throw .usage(error.description)
    }
    var extras = Extras(insurance: invocation.has("--insurance"))
    for (option, slice) in [("--seat", 0), ("--return-seat", 1)] {
      var earlier: [PassengerID: String] = [:]
      for text in invocation.values[option] ?? [] {
        let (id, value) = try assignment(text, option: option, passengers: passengers)
        try checkOnce(text, option: option, passenger: id, earlier: &earlier)
        do {
          extras.setSeat(try SeatDesignator(value), for: id, onSlice: slice)
        } catch {
          throw .usage("\(option) \(text): '\(value)' is not a seat like 14A")
        }
      }
    }
    var earlierBags: [PassengerID: String] = [:]
    for text in invocation.values["--bags"] ?? [] {
      let (id, value) = try assignment(text, option: "--bags", passengers: passengers)
      try checkOnce(text, option: "--bags", passenger: id, earlier: &earlierBags)
      guard let bags = Int(value), bags >= 0 else {
        throw .usage("--bags \(text): '\(value)' is not a number of bags")
      }
      extras.bags[id] = bags
    }
    var lifetime: TimeInterval = 15 * 60
    if let text = invocation.value("--ttl") {
      guard let seconds = Int(text), (1...86_400).contains(seconds) else {
        throw .usage("--ttl takes whole seconds from 1 to 86400, not '\(text)'")
      }
      lifetime = TimeInterval(seconds)
    }

    let modeText = invocation.value("--price-changes") ?? PriceChanges.seeded.rawValue
    guard let priceChanges = PriceChanges(rawValue: modeText) else {
      throw .usage("--price-changes takes seeded, always or never, not '\(modeText)'")
    }
    let folder = try DataFolder.open(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"),
      quoteLifetime: lifetime,
      priceChanges: priceChanges, locking: .none)
    let calls = folder.calls
    let offer = try await folder.availableOffer(offerID)
    if !offer.isRoundTrip, let text = invocation.value("--return-seat") {
      throw .usage(
        "--return-seat \(text): offer \(offer.id) is one way; seats on it are given with --seat")
    }
    try checkTypes(passengers, declared: declared, given: given, departure: offer.departure.day)
    try checkTitles(passengers, given: given, departure: offer.departure.day)
    let made: (draft: BookingDraft, seatMaps: [SeatMap], quote: Quote)
    do throws(ServiceError) {
      made = try await calls.quote(
        offer: offer, passengers: passengers, contact: contact, extras: extras)
    } catch {
      // A seat refused: the seat map says which can be had. One sold or held by someone else
      // is refused for now (69); one the aircraft does not have was mistyped (64).
      if case .seatTaken(let seat, let slice) = error {
        throw Failure(
          code: .refused,
          message:
            "Seat \(seat)\(offer.isRoundTrip ? (slice == 0 ? " (outbound)" : " (return)") : "")"
            + " is taken. booking-cli seats \(offer.id) shows the free seats.")
      }
      if case .invalidExtras(let reason) = error,
        await unavailableSeat(in: extras, of: offer, calls)
      {
        throw .usage("\(reason) booking-cli seats \(offer.id) shows the free seats.")
      }
      throw .airline(error)
    }
    let report = self.report(
      made.draft, made.quote, dataDirectory: invocation.value("--data-dir"),
      airlineDirectory: invocation.value("--airline-dir"))
    if json {
      try Output.json(report)
      return
    }
    if invocation.has("-q") || invocation.has("--quiet") {
      Output.line(report.id)
      return
    }
    var fields = [("Quote", report.id)] + TripText.sliceFields(made.draft.offer)
    fields.append(("Party", TripText.party(made.draft.offer.party)))
    for passenger in report.passengers {
      fields.append(("Passenger \(passenger.number)", passenger.line))
    }
    if report.insurance { fields.append(("Insurance", "yes")) }
    fields += TripText.conditionFields(made.draft.offer.conditions)
    if let change = made.quote.priceChange {
      fields.append(
        (
          "Price changed",
          "\(change.before.formatted()) → \(change.after.formatted()) (the airline re-priced the offer)"
        ))
    }
    for line in made.quote.lineItems { fields.append(("  " + line.label, line.amount.formatted())) }
    fields += [
      ("Total", made.quote.total.formatted()),
      ("Expires", "\(report.expiresAt) (in \(report.expiresInSeconds) s)"),
      ("Pay link", report.link),
      ("Open it", report.open),
    ]
    Output.fields(fields)
  }

  /// Whether a seat of `extras` is not on its flight's seat map.
  private static func unavailableSeat(in extras: Extras, of offer: Offer, _ calls: BookingCalls)
    async -> Bool
  {
    guard let maps = try? await calls.seatMaps(for: offer.id) else { return false }
    return maps.contains { map in
      extras.seats(onSlice: map.slice).values.contains { designator in
        map.seat(designator) == nil
      }
    }
  }

  /// The command's OFFER, an offer ID.
  static func offerID(_ invocation: Invocation) throws(Failure) -> OfferID {
    try IDForms.offerID(invocation.words("OFFER")[0])
  }

  private static func report(
    _ draft: BookingDraft, _ quote: Quote, dataDirectory: String?, airlineDirectory: String?
  )
    -> QuoteReport
  {
    let link = DeepLink.pay(quote.id).url
    var open = AppCommand.words()
    if let dataDirectory { open += ["--data-dir", dataDirectory] }
    if let airlineDirectory { open += ["--airline-dir", airlineDirectory] }
    open += ["--open", link]
    let day = draft.offer.departure.day
    return QuoteReport(
      id: quote.id.rawValue, draftID: draft.id.rawValue, offer: OfferReport(draft.offer),
      passengers: draft.passengers.enumerated().map { index, passenger in
        PassengerReport(passenger, number: index + 1, extras: quote.extras, departure: day)
      },
      insurance: quote.extras.insurance,
      lines: quote.lineItems.map(LineReport.init),
      priceChange: quote.priceChange.map(PriceChangeReport.init),
      total: MoneyReport(quote.total), expiresAt: ISOTime.instant(quote.expiresAt),
      expiresInSeconds: quote.secondsRemaining(at: Date()), link: link,
      open: open.map(shellWord).joined(separator: " "))
  }

  /// `word` as the shell reads it back: quoted when it holds anything but safe characters.
  private static func shellWord(_ word: String) -> String {
    let safe = word.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@".contains($0))
    }
    return safe && !word.isEmpty ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
  }

  /// "Ms Ada Lovelace 1990-05-04": a title, the given names, the family name (the last name
  /// word) and the date of birth, after an optional type ("child Miss Ann Lovelace 2018-03-01")
  /// that the date of birth must make on the day of the flight; passenger `number` gets the ID
  /// `p<number>`, as in the app. Returns the passenger and the type given, if any.
  static func passenger(_ text: String, number: Int) throws(Failure)
    -> (Passenger, PassengerType?)
  {
    var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    var type: PassengerType?
    if let first = words.first, let named = PassengerType(rawValue: first.lowercased()) {
      type = named
      words.removeFirst()
    }
    let shape =
      #"--passenger takes "[adult|child|infant] Title Given Family YYYY-MM-DD", e.g. "#
      + #""Ms Ada Lovelace 1990-05-04""#
    guard words.count >= 4, let last = words.last, let first = words.first else {
      throw .usage("\(shape); not '\(text)'")
    }
    guard let title = Title(rawValue: first.lowercased().replacing(".", with: "")) else {
      throw .usage(
        "--passenger '\(text)': title '\(first)' is not one of "
          + Title.allCases.map(\.rawValue.capitalized).joined(separator: ", "))
    }
    let birth: CalendarDay
    do {
      birth = try CalendarDay(iso: last)
    } catch {
      throw .usage("--passenger '\(text)': '\(last)' is not a date of birth like 1990-05-04")
    }
    do {
      let passenger = try Passenger(
        id: PassengerID("p\(number)"), title: title,
        givenName: words[1..<(words.count - 2)].joined(separator: " "),
        familyName: words[words.count - 2], dateOfBirth: birth)
      return (passenger, type)
    } catch {
      throw .usage("--passenger '\(text)': \(error.description)")
    }
  }

  /// Refuses a passenger whose date of birth does not make the type given on the day of
  /// `departure` (the outbound's day, when ages count).
  private static func checkTypes(
    _ passengers: [Passenger], declared: [PassengerType?], given: [String],
    departure: CalendarDay
  ) throws(Failure) {
    for (index, passenger) in passengers.enumerated() {
      guard let expected = declared[index] else { continue }
      let type = passenger.type(on: departure)
      guard type != expected else { continue }
      throw .usage(
        "--passenger '\(given[index])': born \(passenger.dateOfBirth), \(article(type)) "
          + "\(type.rawValue) on the day of the flight (\(departure)), not \(article(expected)) "
          + "\(expected.rawValue) (\(ages(expected)) on that day)")
    }
  }

  private static func article(_ type: PassengerType) -> String {
    type == .adult || type == .infant ? "an" : "a"
  }

  /// The ages a type is for, as the airline counts them on the day of the flight.
  private static func ages(_ type: PassengerType) -> String {
    switch type {
    case .adult: "12 or older"
    case .child: "2 to 11"
    case .infant: "under 2"
    }
  }

  /// Refuses a title the app's form would refuse: one not given to a passenger of that age on
  /// the day of `departure` (Mstr for an adult, Mr for a child), as `Title.fits` decides.
  private static func checkTitles(
    _ passengers: [Passenger], given: [String], departure: CalendarDay
  )
    throws(Failure)
  {
    for (index, passenger) in passengers.enumerated() {
      let type = passenger.type(on: departure)
      guard !passenger.title.fits(type) else { continue }
      let choices = Title.choices(for: type).map(\.rawValue.capitalized)
      throw .usage(
        "--passenger '\(given[index])': \(passenger.title.rawValue.capitalized) is not a title "
          + "for \(article(type)) \(type.rawValue) on the day of the flight; use one "
          + "of \(choices.joined(separator: ", "))")
    }
  }

  /// Refuses the same person given twice: the same given and family names (in any case) and
  /// the same date of birth.
  private static func checkSamePerson(_ passengers: [Passenger], given: [String])
    throws(Failure)
  {
    var seen: [String: Int] = [:]
    for (index, passenger) in passengers.enumerated() {
      let person = passenger.person
      if let first = seen[person] {
        throw .usage(
          "--passenger '\(given[index])': \(passenger.fullName), born \(passenger.dateOfBirth), "
            + "is passenger \(first + 1) already; give each traveller once")
      }
      seen[person] = index
    }
  }

  /// Refuses a second `option` for one passenger (`--seat 1:14A --seat 1:14B`), naming both.
  private static func checkOnce(
    _ text: String, option: String, passenger: PassengerID, earlier: inout [PassengerID: String]
  ) throws(Failure) {
    if let first = earlier[passenger] {
      throw .usage(
        "\(option) \(text): passenger \(text.prefix { $0 != ":" }) is given \(option) twice "
          + "(\(option) \(first) too); give one for each passenger")
    }
    earlier[passenger] = text
  }

  /// "2:14A" as passenger 2's ID and "14A".
  private static func assignment(_ text: String, option: String, passengers: [Passenger])
    throws(Failure) -> (PassengerID, String)
  {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, let number = Int(parts[0]) else {
      throw .usage("\(option) takes PASSENGER:VALUE such as 1:14A, not '\(text)'")
    }
    guard passengers.indices.contains(number - 1) else {
      throw .usage(
        "\(option) \(text): there is no passenger \(number) (\(passengers.count) given)")
    }
    return (passengers[number - 1].id, parts[1])
  }
}
