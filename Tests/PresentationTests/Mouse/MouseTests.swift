import Canvas
import Domain
import FlowOwner
import Foundation
import Runtime
import TestSupport
import Testing

@testable import Presentation
@testable import Screens

/// Clicks and the wheel through the root feature, at 100x30: each does what the keys that do the
/// same would, found where the screen shows what is clicked.
@Suite("Mouse through the root")
struct MouseTests {
  static let (width, height) = (100, 30)

  /// The screen `state` shows at 100x30.
  static func render(_ state: RootFeature.State) -> Canvas {
    RootView.render(state, width: width, height: height, theme: .monochrome)
  }

  /// Where `text` shows on the screen (column and row from 0), the `occurrence`th time from the
  /// top (0: the first).
  static func spot(_ text: String, in state: RootFeature.State, occurrence: Int = 0) -> (
    x: Int, y: Int
  )? {
    let canvas = render(state)
    var seen = 0
    for y in 0..<canvas.height {
      let line = canvas.line(y)
      var rest = line[...]
      while let range = rest.range(of: text) {
        if seen == occurrence { return (DisplayWidth.of(line[..<range.lowerBound]), y) }
        seen += 1
        rest = rest[range.upperBound...]
      }
    }
    return nil
  }

  static func click(_ spot: (x: Int, y: Int)) -> RootFeature.Action {
    .key(.mouse(MouseEvent(.left, x: spot.x, y: spot.y)))
  }

  static func wheel(down: Bool, _ spot: (x: Int, y: Int)) -> RootFeature.Action {
    .key(.mouse(MouseEvent(down ? .wheelDown : .wheelUp, x: spot.x, y: spot.y)))
  }

  /// The root at results for IST→AMS on 24 Dec for two, offers loaded, at 100x30.
  static func atResults(_ world: TestWorld) async -> RootFeature.State {
    var state = RootFeature.State(now: TestWorld.start)
    await drive(
      &state,
      [.key(.resize(width: width, height: height))] + keys("ist") + [.key(.enter)] + keys("ams")
        + [.key(.enter), .key(.control("u"))] + keys("2026-12-24")
        + [.key(.tab), .key(.character("+")), .key(.control("s"))], world)
    return state
  }

  /// Keys filling both passengers and the contact, ending with the focus on Continue.
  static let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
    + keys("1985-12-10") + [.key(.tab), .key(.right), .key(.tab)] + keys("Grace") + [.key(.tab)]
    + keys("Hopper") + [.key(.tab)] + keys("1986-12-09") + [.key(.tab)] + keys("ada@example.com")
    + [.key(.tab)] + keys("+31201234567") + [.key(.tab)]

  /// The root at extras, the seat map loaded, the cursor on the first free seat (1B).
  static func atExtras(_ world: TestWorld) async -> RootFeature.State {
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.enter)], world)
    return state
  }

  /// The root at payment with seat 1B for Ada.
  static func atPayment(_ world: TestWorld) async -> RootFeature.State {
    var state = await atExtras(world)
    await drive(&state, [.key(.enter), .key(.character("c"))], world)
    return state
  }

  static func results(_ state: RootFeature.State) -> ResultsFeature.State? {
    state.steps.last?.screen.state(ResultsFeature.self)
  }

  static func extras(_ state: RootFeature.State) -> ExtrasFeature.State? {
    state.steps.last?.screen.state(ExtrasFeature.self)
  }

  @Test("clicking an offer chooses it, as highlighting it and pressing Enter do")
  func clickOffer() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atResults(world)
    let offer = try #require(Self.results(state)?.listed[3])
    let flights = offer.flightNumbers.map(\.description).joined(separator: "+")
    let row = try #require(Self.spot(flights, in: state), "\(Self.render(state))")
    var clicked = state
    let commands = await drive(&clicked, [Self.click(row)], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.down), .key(.enter)], world)
    #expect(clicked == keyed)
    #expect(clicked.flow.path.last == .passengers(offer, prefill: .empty))
    #expect(
      commands.contains(.recordKey(.mouse(MouseEvent(.left, x: row.x, y: row.y)), use: .used)))
  }

  @Test("the wheel scrolls the results three rows a turn, and does nothing off the list")
  func wheelResults() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atResults(world)
    let count = try #require(Self.results(state)?.listed.count)
    let list = try #require(Self.spot("total ·", in: state))
    var wheeled = state
    await drive(&wheeled, [Self.wheel(down: true, list)], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.down)], world)
    #expect(wheeled == keyed)
    #expect(Self.results(wheeled)?.selected == 3)

    await drive(&wheeled, Array(repeating: Self.wheel(down: true, list), count: 10), world)
    #expect(Self.results(wheeled)?.selected == count - 1)
    let last = try #require(Self.results(wheeled)?.listed.last)
    let lastFlights = last.flightNumbers.map(\.description).joined(separator: "+")
    #expect(Self.spot(lastFlights, in: wheeled) != nil, "the last offer is on screen")
    await drive(&wheeled, [Self.wheel(down: false, list)], world)
    #expect(Self.results(wheeled)?.selected == count - 4)

    var header = wheeled
    await drive(&header, [Self.wheel(down: true, (x: 5, y: 0))], world)
    #expect(header.stack == wheeled.stack, "the wheel over the header scrolls nothing")
  }

  @Test("clicking a day of the fare strip searches that day; the searched day does nothing")
  func clickFareDay() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atResults(world)
    let criteria = try world.criteria()
    var same = state
    await drive(&same, [Self.click(try #require(Self.spot("[Th 24]", in: state)))], world)
    #expect(same.flow == state.flow)

    let day = try #require(Self.spot("Sa 26", in: state))
    var clicked = state
    await drive(&clicked, [Self.click(day)], world)
    let moved = try criteria.moved(to: CalendarDay(iso: "2026-12-26"))
    #expect(clicked.flow.path == [.results(moved, chosen: nil)])
    #expect(clicked.search.date.text == "2026-12-26")
    #expect(Self.results(clicked)?.load != .loading, "the offers of the 26th loaded")
  }

  @Test("clicking a field focuses it, as Tab to it does; clicking Continue sends the form")
  func clickFieldAndContinue() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await Self.atResults(world)
    await drive(&state, [.key(.enter)], world)
    let family = try #require(Self.spot("Family name", in: state, occurrence: 1))
    var clicked = state
    await drive(&clicked, [Self.click((family.x + 30, family.y))], world)
    var keyed = state
    await drive(&keyed, Array(repeating: .key(.tab), count: 6), world)
    #expect(clicked == keyed)
    #expect(clicked.steps.last?.screen.state(PassengersFeature.self)?.focus == .family(1))

    var filled = state
    await drive(&filled, Array(Self.fillPassengers.dropLast(2)), world)
    let proceed = try #require(Self.spot("[ Continue ]", in: filled))
    var beside = filled
    await drive(&beside, [Self.click((proceed.x + 30, proceed.y))], world)
    #expect(beside.current == .passengers, "the blank beside a button is not the button")
    await drive(&filled, [Self.click(proceed)], world)
    #expect(filled.current == .extras)
  }

  @Test("clicking a seat picks it for the passenger choosing, as the arrows and Enter do")
  func clickSeat() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atExtras(world)
    let map = try #require(Self.extras(state)?.shownMap)
    let start = try #require(Self.extras(state)?.cursor)
    #expect(start == map.seats.first { !$0.occupied }?.designator, "on the first free seat")
    // A free seat of column A below the cursor's row, and a taken one of column A: read from
    // the map, which the airline draws per flight.
    let target = try #require(
      map.seats.first { $0.letter == "A" && $0.row > start.row + 1 && !$0.occupied })
    let occupied = try #require(map.seats.first { $0.letter == "A" && $0.occupied })
    let canvas = Self.render(state)
    let header = try #require(Self.spot("A  B  C", in: state))
    func line(_ row: Int) -> Int? {
      let number = String(row)
      let prefix = "│" + String(repeating: " ", count: 4 - number.count) + number + "  ["
      return (0..<canvas.height).first { canvas.line($0).hasPrefix(prefix) }
    }
    let targetLine = try #require(line(target.row), "\(canvas)")
    var clicked = state
    await drive(&clicked, [Self.click((header.x, targetLine))], world)
    let downs =
      try #require(map.rows.firstIndex(of: target.row)) - (map.rows.firstIndex(of: start.row) ?? 0)
    var keyed = state
    await drive(
      &keyed,
      Array(repeating: .key(.left), count: 6) + Array(repeating: .key(.down), count: downs)
        + [.key(.enter)], world)
    #expect(clicked == keyed)
    let ada = try PassengerID("p1")
    #expect(Self.extras(clicked)?.extras.seats(onSlice: 0)[ada] == target.designator)

    // A taken seat: the click says so, as Enter on it does, and picks nothing.
    var taken = clicked
    let takenLine = try #require(line(occupied.row), "\(canvas)")
    await drive(&taken, [Self.click((header.x, takenLine))], world)
    #expect(Self.extras(taken)?.extras == Self.extras(clicked)?.extras)
    #expect(Self.extras(taken)?.message != nil)
  }

  @Test("the wheel over the seat map moves its cursor three rows, and the map scrolls with it")
  func wheelSeatMap() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atExtras(world)
    let map = try #require(Self.spot("A  B  C", in: state))
    var wheeled = state
    await drive(&wheeled, [Self.wheel(down: true, (map.x, map.y + 4))], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.down)], world)
    #expect(wheeled == keyed)
    let start = try #require(Self.extras(state)?.cursor)
    let rows = try #require(Self.extras(state)?.shownMap?.rows)
    let three = try #require(rows.firstIndex(of: start.row)) + 3
    #expect(
      Self.extras(wheeled)?.cursor == (try? SeatDesignator(row: rows[three], letter: start.letter)))
    let lastRow = "│  \(rows.count)  ["
    #expect(!Self.render(state).lines.contains { $0.hasPrefix(lastRow) }, "all rows fit already")
    await drive(
      &wheeled, Array(repeating: Self.wheel(down: true, (map.x, map.y + 4)), count: 12), world)
    #expect(
      Self.render(wheeled).lines.contains { $0.hasPrefix(lastRow) }, "\(Self.render(wheeled))")
  }

  @Test("clicking the answer to a changed price accepts it, as Enter does")
  func clickAcceptPrice() async throws {
    let world = TestWorld(priceChanges: .always)
    defer { world.remove() }
    var state = await Self.atExtras(world)
    await drive(&state, [.key(.character("c"))], world)
    #expect(Self.extras(state)?.priceChange != nil)
    let answer = try #require(
      Self.spot("[ Accept the new price ]", in: state), "\(Self.render(state))")
    let keepChoosing = try #require(Self.spot("Esc: keep choosing", in: state))
    var beside = state
    await drive(&beside, [Self.click(keepChoosing)], world)
    #expect(beside.current == .extras, "the words beside the button accept nothing")
    await drive(&state, [Self.click(answer)], world)
    #expect(state.current == .payment)
  }

  @Test("clicking a field of the card form focuses it; clicking Pay pays, as Enter on Pay does")
  func clickPay() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await Self.atPayment(world)
    #expect(state.current == .payment)
    let expiry = try #require(Self.spot("Expiry", in: state))
    await drive(&state, [Self.click(expiry)], world)
    #expect(state.steps.last?.screen.state(PaymentFeature.self)?.focus == .expiry)
    await drive(&state, [.key(.backTab)] + cardKeys(), world)
    let pay = try #require(Self.spot("[ Pay ", in: state))
    await drive(&state, [Self.click(pay)], world)
    #expect(state.current == .confirmation)
    #expect(state.flow.path.count == 1)
  }

  @Test("clicking an earlier step's panel goes back to it, as Esc does, dropping the later steps")
  func clickPanel() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atPayment(world)
    let panel = try #require(Self.spot("Passengers ─", in: state))
    var clicked = state
    await drive(&clicked, [Self.click(panel)], world)
    var keyed = state
    await drive(&keyed, [.key(.escape), .key(.escape)], world)
    #expect(clicked == keyed)
    #expect(clicked.current == .passengers)
    #expect(clicked.flow.path.count == 2)

    let results = try #require(Self.spot("Results ─", in: clicked))
    await drive(&clicked, [Self.click(results)], world)
    #expect(clicked.current == .results)
  }

  @Test("a click that goes back two steps saves once, the path it ends on, and logs each step")
  func clickPanelSavesOnce() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = await Self.atPayment(world)
    let panel = try #require(Self.spot("Passengers ─", in: state))
    var clicked = state
    let commands = await drive(&clicked, [Self.click(panel)], world)
    #expect(commands.filter { $0 == .saveSnapshot }.count == 1, "\(commands)")
    #expect(
      commands.count { if case .log(let line) = $0 { line.contains("back") } else { false } } == 2)
    #expect(clicked.saving.pending == clicked.flow.snapshot, "what is being saved is the path now")
  }

  @Test(
    "a click does nothing while a box is open (the wheel scrolls help), nor a release, another button or a modified click"
  )
  func inert() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await Self.atResults(world)
    let row = try #require(Self.spot("total ·", in: state))
    for event in [
      MouseEvent(.left, x: row.x, y: row.y, pressed: false), MouseEvent(.right, x: row.x, y: row.y),
      MouseEvent(.left, x: row.x, y: row.y, shift: true),
      MouseEvent(.left, x: row.x, y: row.y, control: true),
    ] {
      var clicked = state
      let commands = await drive(&clicked, [.key(.mouse(event))], world)
      #expect(clicked.flow == state.flow && clicked.stack == state.stack, "\(event)")
      #expect(commands == [.recordKey(.mouse(event), use: .ignored)], "\(event)")
    }
    await drive(&state, [.key(.function(1))], world)
    var clicked = state
    await drive(&clicked, [Self.click(row)], world)
    #expect(clicked.flow == state.flow && clicked.stack == state.stack)
    #expect(clicked.shell.modal == .help)

    // The wheel scrolls help, as the arrows do.
    await drive(&state, [.key(.resize(width: Self.width, height: 16))], world)
    var wheeled = state
    await drive(&wheeled, [Self.wheel(down: true, row)], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.down)], world)
    #expect(wheeled.shell == keyed.shell)
    #expect(wheeled.shell.modalScroll == 3)
  }

  @Test("clicks on the search form focus its fields, take a suggestion, and send it")
  func searchForm() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(
      &state, [.key(.resize(width: Self.width, height: Self.height))] + keys("ist"), world)
    let suggestion = try #require(Self.spot("SAW  ", in: state), "\(Self.render(state))")
    await drive(&state, [Self.click(suggestion)], world)
    #expect(state.search.origin.text == "SAW")
    #expect(state.search.focus == .destination)
    await drive(
      &state, keys("ams") + [.key(.enter), .key(.control("u"))] + keys("2026-12-24"), world)
    let adults = try #require(Self.spot("Adults", in: state))
    await drive(&state, [Self.click(adults)], world)
    #expect(state.search.focus == .adults)
    let search = try #require(Self.spot("[ Search ]", in: state))
    await drive(&state, [Self.click(search)], world)
    #expect(state.current == .results)
  }

  @Test("in the airlines checklist a click ticks or unticks a line, and the wheel moves")
  func airlinesChecklist() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await Self.atResults(world)
    await drive(&state, [.key(.character("a"))], world)
    let airlines = try #require(Self.results(state)?.airlines)
    #expect(airlines.count > 4)
    let line = try #require(Self.spot("\(airlines[2].code)  \(airlines[2].name)", in: state))
    var clicked = state
    await drive(&clicked, [Self.click(line)], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.character(" "))], world)
    #expect(clicked == keyed)
    #expect(Self.results(clicked)?.filters.hiddenAirlines == [airlines[2].code])

    await drive(&clicked, [Self.wheel(down: true, line)], world)
    #expect(Self.results(clicked)?.airlineCursor == 5)
    await drive(&clicked, [Self.wheel(down: false, line)], world)
    #expect(Self.results(clicked)?.airlineCursor == 2)
  }

  @Test("in the trips a click opens a booking, and the wheel moves down the list")
  func trips() async throws {
    let world = try TripsScreen(count: 12)
    var state = RootFeature.State(now: Fixture.now)
    await drive(
      &state, [.key(.resize(width: Self.width, height: Self.height)), .key(.control("t"))], world)
    let third = world.listing[2].reference.rawValue
    let row = try #require(Self.spot(third, in: state), "\(Self.render(state))")
    var wheeled = state
    await drive(&wheeled, [Self.wheel(down: true, row)], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.down)], world)
    #expect(wheeled == keyed)
    #expect(wheeled.trips?.selected == 3)
    await drive(&state, [Self.click(row)], world)
    #expect(state.trips?.opened == world.listing[2].reference)
  }

  @Test("on a small screen a step's name in the breadcrumb goes back to it, Search to the form")
  func breadcrumb() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await Self.atExtras(world)
    await drive(&state, [.key(.resize(width: 60, height: 20))], world)
    let canvas = RootView.render(state, width: 60, height: 20, theme: .monochrome)
    #expect(canvas.line(1).hasPrefix(" Search › Results › Passengers › Extras"), "\(canvas)")
    let passengers = try #require(canvas.line(1).range(of: "Passengers"))
    let x = DisplayWidth.of(canvas.line(1)[..<passengers.lowerBound])
    var clicked = state
    await drive(&clicked, [.key(.mouse(MouseEvent(.left, x: x + 2, y: 1)))], world)
    var keyed = state
    await drive(&keyed, [.key(.escape)], world)
    #expect(clicked == keyed)
    #expect(clicked.current == .passengers)

    await drive(&clicked, [.key(.mouse(MouseEvent(.left, x: 3, y: 1)))], world)
    #expect(clicked.flow.path.isEmpty, "Search goes back to the form")
  }

  @Test("the wheel scrolls an offer's details, as the arrows do")
  func wheelDetails() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await Self.atResults(world)
    await drive(&state, [.key(.character("d"))], world)
    #expect(Self.results(state)?.showsDetails == true)
    var wheeled = state
    await drive(&wheeled, [Self.wheel(down: true, (x: 20, y: 10))], world)
    var keyed = state
    await drive(&keyed, [.key(.down), .key(.down), .key(.down)], world)
    #expect(wheeled == keyed)
    #expect(Self.results(wheeled)?.detailsScroll ?? 0 > 0)
  }
}
