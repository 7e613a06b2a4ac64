import Canvas
import Foundation
import TestSupport

extension BookingTerminal {
  /// tmux's name for an arrow key.
  static func tmuxName(_ key: Key) -> String {
    switch key {
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    default: "Right"
    }
  }

  static let payingCard = "4242424242424242"
  static let declinedCard = "4000000000000002"

  /// Quits as a person does (Ctrl-C, then yes), then waits for the app to exit: for the pane's
  /// session to end or, when the app runs in a shell that outlives it (`launchShell`), for the
  /// shell to print `shellSays`.
  func quitAsked(untilShellSays shellSays: String? = nil) async throws {
    try await waitUntilAppTakesSignals()
    try await press("C-c")
    try await waitFor("Quit?")
    try await press("y")
    if let shellSays {
      try await waitFor(shellSays)
    } else {
      try await waitForExit()
    }
  }

  /// Fills IST → AMS for `passengers` on the search form (tomorrow, the default date), searches,
  /// and returns the results screen.
  @discardableResult
  func searchIstanbulToAmsterdam(passengers: Int) async throws -> String {
    try await submitIstanbulToAmsterdam(passengers: passengers)
    return try await waitForResults()
  }

  /// Fills IST → AMS for `passengers` adults on the search form and searches (Ctrl-S: Enter
  /// moves on to the next field), without waiting for what comes next.
  func submitIstanbulToAmsterdam(passengers: Int) async throws {
    try await waitFor("┌ Search flights", "From")
    try await type("ist")
    try await press("Enter")
    try await type("ams")
    try await press("Enter")
    if passengers > 1 {
      try await press("Tab")
      for _ in 1..<passengers { try await press("+") }
    }
    try await waitFor("the form filled with IST, AMS and \(passengers) adults") { screen in
      Self.field("From", in: screen) == "IST" && Self.field("To", in: screen) == "AMS"
        && Self.field("Adults", in: screen) == String(passengers)
    }
    try await press("C-s")
  }

  /// The first word after a form label at the start of a panel row ("│From          IST ..."),
  /// or "" when the field is empty (blank, or drawn as a row of underscores); nil when there is
  /// no such row.
  static func field(_ label: String, in screen: String) -> String? {
    for line in screen.split(separator: "\n") {
      let row = line.drop { $0 == "│" || $0 == " " }
      guard row.hasPrefix(label + " ") else { continue }
      let value = row.dropFirst(label.count).drop { $0 == " " }
      let word = value.prefix { $0 != " " && $0 != "│" }
      return word.allSatisfy { $0 == "_" } ? "" : String(word)
    }
    return nil
  }

  /// Waits for the results list with its offers.
  @discardableResult
  func waitForResults() async throws -> String {
    try await waitFor("the results list") { screen in
      screen.contains("┌ Results · ") && screen.contains(#/\d+ offers · sorted by price/#)
    }
  }

  /// Moves `down` rows in the results and chooses that offer; returns the offer's flight numbers
  /// as the passengers panel's title shows them ("OS1809+OS1277").
  func chooseOffer(down: Int = 0) async throws -> String {
    for _ in 0..<down { try await press("Down") }
    try await press("Enter")
    let screen = try await waitFor("┌ Passengers · ", "Given name")
    return try Self.flightNumbers(in: screen, after: "Passengers · ")
  }

  /// The flight numbers in the current panel's title, after `label`.
  static func flightNumbers(in screen: String, after label: String) throws -> String {
    guard let range = screen.range(of: label) else {
      throw E2EFailure("no '\(label)' on screen:\n\(screen)")
    }
    let flights = screen[range.upperBound...].prefix { !$0.isWhitespace }
    guard flights.contains(where: \.isNumber) else {
      throw E2EFailure("no flight number after '\(label)':\n\(screen)")
    }
    return String(flights)
  }

  /// Types every traveller, the contact, and presses Continue (from a form whose focus is on
  /// the first Title); waits for the extras panel with its seat map.
  @discardableResult
  func fillPassengers(_ travellers: [Traveller]) async throws -> String {
    for traveller in travellers {
      try await press("Right", "Tab")  // The first title offered; → Given name
      try await type(traveller.given)
      try await press("Tab")
      try await type(traveller.family)
      try await press("Tab")
      try await type(traveller.born)
      try await press("Tab")  // → next passenger's Title, or Email
    }
    try await type("ada@example.com")
    try await press("Tab")
    try await type("+905551234567")
    try await press("Tab", "Enter")  // Continue
    return try await waitForExtras()
  }

  /// Waits for the extras panel with its seat map loaded.
  @discardableResult
  func waitForExtras() async throws -> String {
    try await waitFor("┌ Extras · ", "Seats", "Checked bags")
  }

  /// Picks the cursor's first seat for the first traveller, then the next free seat read off the
  /// seat map for each further one; returns the seats, checked in the Seats list.
  func pickSeats(for travellers: [Traveller]) async throws -> [String] {
    var seats: [String] = []
    for (index, traveller) in travellers.enumerated() {
      if index > 0 {
        let screen = try await self.screen()
        guard let grid = SeatGrid(screen: screen),
          let from = grid.position(of: Character(String(index))),
          let to = grid.firstFree(after: from)
        else { throw E2EFailure("cannot read a free seat off the seat map:\n\(screen)") }
        try await press(SeatGrid.keys(from: from, to: to).map(Self.tmuxName))
        try await press("Enter")
        let screenAfter = try await waitFor("a seat for \(traveller.fullName)") {
          Self.seat(of: traveller, in: $0) != nil
        }
        let seat = Self.seat(of: traveller, in: screenAfter) ?? ""
        guard seat == grid.designator(to) else {
          throw E2EFailure(
            "\(traveller.fullName) got \(seat), but the cursor was moved to "
              + "\(grid.designator(to)):\n\(screenAfter)")
        }
        seats.append(seat)
      } else {
        try await press("Enter")
        let screen = try await waitFor("a seat for \(traveller.fullName)") {
          Self.seat(of: traveller, in: $0) != nil
        }
        seats.append(Self.seat(of: traveller, in: screen) ?? "")
      }
    }
    return seats
  }

  /// The seat the Seats list shows for `traveller` ("1C"), or nil ("no seat").
  static func seat(of traveller: Traveller, in screen: String) -> String? {
    let pattern = try? Regex<(Substring, Substring)>(
      "\\d \(traveller.fullName)  (\\d+[A-Z])(?:\\s|$)")
    guard let pattern, let match = screen.firstMatch(of: pattern) else { return nil }
    return String(match.output.1)
  }

  /// Presses `c` on the extras panel and waits for the payment form.
  @discardableResult
  func continueToPayment() async throws -> String {
    try await press("c")
    return try await waitForPaymentForm()
  }

  /// Waits for the payment panel with its card form.
  @discardableResult
  func waitForPaymentForm() async throws -> String {
    try await waitFor("┌ Payment · ", "Card number", "[ Pay ")
  }

  /// Types a card, expiry and CVC and presses Pay.
  func pay(card: String, expiry: String = "1230", cvc: String = "123") async throws {
    try await type(card)
    try await press("Tab")
    try await type(expiry)
    try await press("Tab")
    try await type(cvc)
    try await press("Tab", "Enter")
  }

  /// Searches for one passenger, takes the cheapest offer, fills Ada, skips the extras; returns
  /// the payment screen.
  @discardableResult
  func bookUntilPayment() async throws -> String {
    try await searchIstanbulToAmsterdam(passengers: 1)
    _ = try await chooseOffer()
    try await fillPassengers([.ada])
    return try await continueToPayment()
  }

  /// The booking reference on the confirmation screen ("J Y W 8 Z T" → "JYW8ZT").
  static func reference(in screen: String) -> String? {
    guard
      let match = screen.firstMatch(
        of: #/Booking reference[^\n]*\n[│ ]*((?:[A-Z0-9] ){5}[A-Z0-9])(?:\s|│|$)/#)
    else { return nil }
    return match.output.1.filter { $0 != " " }
  }

  /// The "Price held mm:ss" countdown in the header (the first row), in seconds.
  static func headerCountdown(in screen: String) -> Int? {
    let header = screen.prefix { $0 != "\n" }
    guard let match = header.firstMatch(of: #/Price held (\d\d):(\d\d)/#),
      let minutes = Int(match.output.1), let seconds = Int(match.output.2)
    else { return nil }
    return minutes * 60 + seconds
  }
}
