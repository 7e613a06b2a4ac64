/// Each command's own help, for `booking-cli help COMMAND` and `booking-cli COMMAND --help`:
/// its usage, what it does, its options and an example that runs as typed (once an ID from the
/// command before it is put in its place).
enum CommandHelp {
  /// The commands, in the order `--help` lists them.
  static let commands = CLICommand.allCases.map(\.rawValue)

  /// The help of `command`, nil for a command that does not exist.
  static func text(_ command: String) -> String? {
    guard let (usage, body, example) = parts(command) else { return nil }
    return """
      Usage: booking-cli [--data-dir PATH] [--airline-dir PATH] [--json] \(usage)

      \(body)

      Example:
        \(example)

      booking-cli --help lists every command, the global options and the exit codes.
      """
  }

  private static func parts(_ name: String) -> (String, String, String)? {
    guard let command = CLICommand(rawValue: name) else { return nil }
    return switch command {
    case .airports:
      (
        "airports QUERY",
        "The airports matching a code, a city or a name.",
        "booking-cli airports amster"
      )
    case .search:
      (
        "search FROM TO DATE [options]",
        """
        Offers from FROM to TO on DATE (YYYY-MM-DD), cheapest first, each with its ID for seats
        and quote.

        Options:
          --return DATE        a round trip, back on that day
          --adults N           adults, 12 or older (default 1; -n N and --passengers N too)
          --children N         children, 2 to 11 on the day of the outbound flight
          --infants N          infants under 2, each on an adult's lap
          --sort KEY           price (default), departure or duration
          --nonstop            only flights without a stop
          --wide               add the airline, the fare per adult and the arrival's date
        """,
        "booking-cli search IST AMS 2026-12-24 --return 2026-12-31 --adults 2 --children 1"
      )
    case .seats:
      (
        "seats OFFER",
        """
        The seat map of each flight of the offer: free and taken seats, and what a seat costs
        when it is not included in the fare. OFFER is an offer ID (of-...) from search.
        """,
        "booking-cli seats of-3f9c2a7be14d6085"
      )
    case .quote:
      (
        "quote OFFER --passenger TEXT... --email E --phone P [options]",
        """
        Saves the passengers and contact as a draft and prices it: the quote's ID, its total,
        when it expires and its pay link.

        Options:
          --passenger TEXT     "[adult|child|infant] Title Given Family YYYY-MM-DD", once per
                               traveller of the offer, infants too
          --email E, --phone P the contact
          --seat N:14A         passenger N's seat on the outbound (--return-seat N:20C on a
                               round trip's return)
          --bags N:COUNT       passenger N's checked bags
          --insurance          travel insurance
          --ttl SECONDS        how long the price is held (default 900)
          --price-changes M    seeded (default), always or never: which offers are re-priced
          -q, --quiet          print only the quote's ID
        """,
        #"booking-cli quote of-3f9c2a7be14d6085 --passenger "Ms Ada Lovelace 1990-05-04" "#
          + #"--email ada@example.com --phone "+44 20 7946 0000" --seat 1:14A"#
      )
    case .pay:
      (
        "pay QUOTE --card-from-stdin [-q]",
        """
        Pays the quote (qt-...) with the card read from standard input as "NUMBER MM/YY CVC" (or
        three lines), never from the command line. Test cards: 4242 4242 4242 4242 pays,
        4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.

        Options:
          --card-from-stdin    read the card from standard input (required)
          -q, --quiet          print only the booking's reference
        """,
        #"echo "4242 4242 4242 4242 12/30 123" | booking-cli pay qt-0123456789abcdef "#
          + "--card-from-stdin"
      )
    case .trips:
      (
        "trips [--limit N] [--json-lines]",
        """
        The bookings, newest first, each printed as soon as it is read.

        Options:
          --limit N            at most N bookings
          --json-lines         one booking a line, each a JSON object (instead of --json's array)
        """,
        "booking-cli trips --limit 5"
      )
    case .show:
      (
        "show REF",
        "One booking, by its reference (six letters or digits, in any case).",
        "booking-cli show K7Q2ZP"
      )
    case .cancel:
      (
        "cancel REF [--confirm CANCELLATION] [-q]",
        """
        Without --confirm: the airline's quote for cancelling the booking, which cancels
        nothing: the refund (what was paid less the fare's penalty; a fare that is not
        refundable gives back its taxes only), the card it goes back to, and until when the
        quote holds. With --confirm and the quote's ID (cq-...): the booking cancelled, the
        refund recorded once, its seats back on sale. Each new quote replaces the one before:
        only the most recent can be confirmed, and only before it expires.

        Options:
          --confirm ID         confirm the cancellation quote ID
          -q, --quiet          print only the quote's ID (or, confirming, the reference)
        """,
        "booking-cli cancel K7Q2ZP"
      )
    case .change:
      (
        "change REF --date DAY [--slice 1|2] [--flight F] | --offer CHANGE | --confirm QUOTE",
        """
        Moves one flight of a booking to another day, on the same airline, route and cabin,
        if its fare allows changes. With --date only: the flights of that day, each with what
        the change costs (the new fare less the old flight's fare, plus the fare's change
        penalty) or gives back. With --flight (or --offer and a change offer's ID, ch-...):
        that one quoted: its price locked and the travellers' seats held on the new flight
        until it expires. With --confirm and the quote's ID (cx-...): the booking changed (same
        reference, its next version), the money moved once, the new seats sold and the old
        ones back on sale. A change that costs money reads the card from standard input.

        Options:
          --date DAY           the new day of the flight (2026-12-24)
          --slice 1|2          the outbound (1, the default) or the return (2)
          --flight F           quote the change to flight F (TK1957)
          --offer ID           quote change offer ID (a listing's, no --date needed)
          --confirm ID         confirm change quote ID
          --card-from-stdin    read "NUMBER MM/YY CVC" from standard input, to pay a change
          -q, --quiet          print only the offers' or the quote's ID (or, confirming, the
                               reference)
        """,
        "booking-cli change K7Q2ZP --date 2026-12-27"
      )
    case .session:
      (
        "session",
        """
        Where `booking` would resume, and why (while the app is open: the step it last saved),
        and each payment a crash cut off that waits for resolve, with the command to run.
        """,
        "booking-cli session"
      )
    case .resolve:
      (
        "resolve DRAFT --charged|--not-charged",
        """
        Settles, by your word, a payment whose charge record and its copy cannot be read and
        whose booking was never written (pay and session name the draft, dr-..., when that
        happens).

        Options:
          --charged            the card was charged: the booking is written
          --not-charged        it was not: the quote can be paid again
        """,
        "booking-cli resolve dr-0123456789abcdef --not-charged"
      )
    case .help:
      (
        "help [COMMAND]",
        "The help of a command, or with none every command's (as --help).",
        "booking-cli help quote"
      )
    }
  }

  /// The word of `candidates` nearest `word`: within two edits, or the only one it begins.
  static func nearest(_ word: String, in candidates: some Sequence<String>) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }
    if let best = scored.filter({ $0.1 <= min(2, max(1, word.count / 3)) })
      .min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) })
    {
      return best.0
    }
    let begun = scored.map(\.0).filter { word.count >= 3 && $0.hasPrefix(word) }
    return begun.count == 1 ? begun[0] : nil
  }

  /// The edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
