/// booking-cli's commands, each named once: what `--help` lists (in this order), what the
/// options parser knows each takes, and what runs it. `help` is the one command that runs
/// nothing of its own.
enum CLICommand: String, CaseIterable {
  case airports, search, seats, quote, pay, trips, show, cancel, change, session, resolve, help

  /// The command's lines in `booking-cli --help`'s list of commands: its usage, what it does
  /// and its options, in 96 columns; nil for `help`, which the list does not name.
  var listing: String? {
    switch self {
    case .airports:
      """
        airports QUERY               airports matching a code, city or name
      """
    case .search:
      """
        search FROM TO DATE          offers, cheapest first
            [--return DATE] (a round trip, back on that day)
            [--adults N] [--children N] [--infants N] (default 1 adult; children are 2 to
            11, infants under 2 on an adult's lap; -n N or --passengers N is --adults N)
            [--sort price|departure|duration] [--nonstop] [--wide] (--wide adds
            the airline, the fare per adult and the arrival's date: wider than 100 columns)
      """
    case .seats:
      """
        seats OFFER                  the seat map of each flight of the offer: free and taken
                                     seats, and what a seat costs when it is not included
      """
    case .quote:
      """
        quote OFFER                  passengers and contact saved as a draft, then priced
            --passenger "Ms Ada Lovelace 1990-05-04" (once per traveller the offer is for,
            infants too: title, given names, family name, date of birth; it may start with
            adult, child or infant, which the date of birth must make on the day of the
            outbound flight) --email E --phone P
            [--seat N:14A] [--return-seat N:20C] [--bags N:COUNT] [--insurance] [--ttl SECONDS]
            [--price-changes seeded|always|never]
            (N is the passenger's number; --seat is on the outbound, --return-seat on a
            round trip's return; --ttl holds the price that long, default 900;
            --price-changes: which offers the airline re-prices as it quotes them, default
            seeded, about one in six; a quote says "Price changed" with old and new)
      """
    case .pay:
      """
        pay QUOTE --card-from-stdin  pay, reading "NUMBER MM/YY CVC" (or three lines, at most
                                     256 bytes) from standard input. The card is never taken
                                     as an argument: shell history and `ps` would keep it.
                                     Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002
                                     is declined, 4000 0000 0000 9995 has insufficient funds.
      """
    case .trips:
      """
        trips                        the bookings, newest first, one at a time
      """
    case .show:
      """
        show REF                     one booking
      """
    case .cancel:
      """
        cancel REF [--confirm CANCELLATION]
                                     without --confirm: the airline's quote for cancelling
                                     the booking (the refund, the card it goes back to, until
                                     when it holds); with it: the booking cancelled with that
                                     quote, refunded once, its seats back on sale
      """
    case .change:
      """
        change REF --date DAY        the flights the booking's outbound can move to on DAY,
                                     each with what the change costs or gives back
            [--slice 1|2] (2: the return) [--flight F] (that one quoted, its seats held
            until it expires); change REF --offer CHANGE: a listed change offer quoted;
            change REF --confirm QUOTE [--card-from-stdin]: the booking changed (a change
            that costs money reads the card from standard input, as pay does)
      """
    case .session:
      """
        session                      where `booking` would resume, and why (while the app
                                     is open: the step it last saved)
      """
    case .resolve:
      """
        resolve DRAFT --charged|--not-charged
                                     settle, by your word, a payment whose charge record
                                     and its copy cannot be read and whose booking was
                                     never written
                                     (pay and session name the draft when that happens)

      """
    case .help: nil
    }
  }

  /// Every command's lines in `booking-cli --help`, in order.
  static var listings: String { allCases.compactMap(\.listing).joined(separator: "\n") }

  /// The options the command takes with a value.
  var valueOptions: Set<String> {
    switch self {
    case .search:
      ["-n", "--passengers", "--adults", "--children", "--infants", "--return", "--sort"]
    case .quote:
      [
        "--passenger", "--email", "--phone", "--seat", "--return-seat", "--bags", "--ttl",
        "--price-changes",
      ]
    case .trips: ["--limit"]
    case .cancel: ["--confirm"]
    case .change: ["--slice", "--date", "--flight", "--offer", "--confirm"]
    case .airports, .seats, .pay, .show, .session, .resolve, .help: []
    }
  }

  /// The options the command takes without a value.
  var switches: Set<String> {
    switch self {
    case .search: ["--nonstop", "--wide"]
    case .quote: ["--insurance", "-q", "--quiet"]
    case .pay: ["--card-from-stdin", "-q", "--quiet"]
    case .cancel: ["-q", "--quiet"]
    case .change: ["--card-from-stdin", "-q", "--quiet"]
    case .trips: ["--json-lines"]
    case .resolve: ["--charged", "--not-charged"]
    case .airports, .seats, .show, .session, .help: []
    }
  }

  /// Runs the command as `invocation` asks (`help` is answered before a command runs).
  func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    switch self {
    case .airports: try SearchCommands.airports(invocation, json: json)
    case .search: try await SearchCommands.search(invocation, json: json)
    case .seats: try await SeatsCommand.run(invocation, json: json)
    case .quote: try await QuoteCommand.run(invocation, json: json)
    case .pay: try await PayCommand.run(invocation, json: json)
    case .trips: try await TripsCommands.trips(invocation, json: json)
    case .show: try await TripsCommands.show(invocation, json: json)
    case .cancel: try await CancelCommand.run(invocation, json: json)
    case .change: try await ChangeCommand.run(invocation, json: json)
    case .session: try await SessionCommand.run(invocation, json: json)
    case .resolve: try await ResolveCommand.run(invocation, json: json)
    case .help: break
    }
  }

  /// The commands that do something of their own, as a sentence lists them: "a, b or c".
  static var listed: String {
    let names = allCases.filter { $0 != .help }.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }
}
