import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport

/// Random keys for the root feature, biased so a run gets deep into the flow: most of the time it
/// types something that makes sense for the focused field (an airport, a name, a card number),
/// the rest of the time it presses any key at all, of every kind `Key` has.
///
/// Every key it returns is one event; a "plan" is only a queue of keys, each sent and checked on
/// its own.
struct KeyFuzzer {
  private var random: SeededRandom
  private var queue: [Key] = []

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// The next key for `state`.
  mutating func next(_ state: RootFeature.State) -> Key {
    if queue.isEmpty, random.chance(0.7) { queue = plan(for: state) }
    if queue.isEmpty { return anyKey() }
    return queue.removeFirst()
  }

  /// A terminal size: mostly uniform in 1x1...300x100, sometimes an edge case.
  mutating func size() -> (width: Int, height: Int) {
    if random.chance(0.1) {
      return random.pick([
        (1, 1), (2, 1), (1, 2), (40, 12), (39, 12), (40, 11), (80, 24), (79, 23), (100, 30),
        (300, 100), (300, 1), (1, 100),
      ])
    }
    return (random.int(1...300), random.int(1...100))
  }

  /// Seconds to move the clock before the next event (0 most of the time); now and then far
  /// enough for a quote (15 min) or an offer (30 min) to expire.
  mutating func clockStep() -> Double {
    if random.chance(0.002) { return Double(random.int(900...2_000)) }
    if random.chance(0.04) { return Double(random.int(1...120)) }
    return 0
  }

  // MARK: - Any key

  private static let meaningful = Array(
    "abcdefghijklmnopqrstuvwxyzABCXYZ0123456789+-/ @.'crnsyjkq?i")
  private static let named: [Key] = [
    .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end,
    .pageUp, .pageDown,
  ]

  /// Any key of any kind.
  mutating func anyKey() -> Key {
    let roll = random.int(0...99)
    switch roll {
    case 0..<30: return .character(random.pick(Self.meaningful))
    case 30..<36: return .character(anyCharacter())
    case 36..<76: return random.pick(Self.named)
    case 76..<85: return .control(Character(Unicode.Scalar(UInt8(random.int(97...122)))))
    case 85..<90: return .function(random.int(1...12))
    case 90..<93:
      // What a terminal sends for Alt held with a key: Esc, then the key.
      return .alt(random.chance(0.5) ? random.pick(Self.named) : .character(anyCharacter()))
    case 93..<95:
      // A bracketed paste: text of any kind, line breaks and Esc included.
      let length = random.int(0...24)
      var text = ""
      for _ in 0..<length {
        text.append(random.chance(0.5) ? random.pick(Self.meaningful) : anyCharacter())
      }
      return .paste(text)
    case 95..<97:
      // A click or a turn of the wheel anywhere on (or off) the screen, now and then modified.
      let button = random.pick([MouseEvent.Button.left, .left, .left, .right, .wheelUp, .wheelDown])
      return .mouse(
        MouseEvent(
          button, x: random.int(-1...200), y: random.int(-1...60), pressed: random.chance(0.9),
          shift: random.chance(0.05)))
    default:
      // Resizes reach the root too (the app handles them before); sizes may be nonsense.
      return .resize(width: random.int(-1...400), height: random.int(-1...200))
    }
  }

  /// A random character: controls, marks, joiners, bidi controls, wide and astral letters.
  private mutating func anyCharacter() -> Character {
    let scalar: UInt32
    switch random.int(0...5) {
    case 0: scalar = UInt32(random.int(0...0x1F))
    case 1:
      scalar = random.pick([0x7F, 0x85, 0x200B, 0x200D, 0x200E, 0x200F, 0x202E, 0x2066, 0xFEFF])
    case 2: scalar = UInt32(random.int(0x300...0x36F))
    case 3: scalar = UInt32(random.int(0x4E00...0x9FFF))
    case 4: scalar = UInt32(random.int(0x1F300...0x1FAFF))
    default: scalar = UInt32(random.int(0x20...0x2FFFF))
    }
    return Character(Unicode.Scalar(scalar) ?? "?")
  }

  // MARK: - Plans

  private mutating func plan(for state: RootFeature.State) -> [Key] {
    if state.shell.modal != nil {
      return [random.pick([.escape, .character("n"), .escape, .character("x")])]
    }
    guard let last = state.steps.last else { return searchPlan(state.search) }
    if random.chance(0.04) { return [.escape] }
    let screen = last.screen
    if let form = screen.state(PassengersFeature.self) { return passengersPlan(form) }
    if let form = screen.state(ExtrasFeature.self) { return extrasPlan(form) }
    if let form = screen.state(PaymentFeature.self) { return paymentPlan(form, now: state.now) }
    switch screen.step.kind {
    case .results:
      return random.pick([
        [.enter], [.enter], [.enter], [.down], [.up], [.character("s")], [.character("n")],
        [.pageDown], [.down, .enter],
      ])
    default:
      return random.pick([[.character("n")], [.escape], [.character("r")], [.down]])
    }
  }

  private mutating func searchPlan(_ form: SearchFeature.State) -> [Key] {
    switch form.focus {
    case .origin, .destination:
      let text = random.pick([
        "ist", "ams", "IST", "AMS", "lhr", "fra", "cdg", "jfk", "Paris", "london", "ber", "zzz",
        "Ist", "nrt", "i",
      ])
      let then: [Key] = random.pick([[.enter], [.enter], [.tab], [.down, .enter], []])
      return [.control("u")] + typed(text) + then
    case .trip:
      return random.pick([[.character(" ")], [.right], [.tab], [.tab], [.enter]])
    case .date, .returning:
      let date: String =
        random.chance(0.8)
        ? form.today.adding(days: random.int(-3...400)).iso
        : random.pick(["2026-02-30", "tomorrow", "2026-13-01", "1-1-1", ""])
      return [.control("u")] + typed(date)
        + random.pick([[.enter], [.tab], [.enter], [.control("s")], [.control("s")], []])
    case .adults:
      // Mostly one or two passengers: nine take many more keys to fill in.
      return random.pick([
        [.character("+")], [.character("-")], [.character("-")], [.enter], [.enter],
        [.backspace, .character("1")], [.backspace, .character("2")],
        [.backspace, .character("0")], [.tab], [.control("s")],
      ])
    case .children, .infants:
      // Mostly none, now and then one, sometimes more than the party allows.
      return random.pick([
        [.enter], [.enter], [.tab], [.tab], [.character("-")], [.character("+")],
        [.backspace, .character("0")], [.backspace, .character("3")], [.control("s")],
      ])
    case .search:
      return random.pick([[.enter], [.enter], [.tab]])
    }
  }

  private mutating func passengersPlan(_ form: PassengersFeature.State) -> [Key] {
    switch form.focus {
    case .title:
      return random.pick([[.right], [.left], [.character(" ")], [.tab], [.tab]])
    case .given, .family:
      let name =
        random.chance(0.85)
        ? random.pick(["Ada", "Alan", "Grace", "Zoë", "O'Brien", "Jean-Luc", "太郎", "山田"])
        : random.pick(["X", "Ada1", "", "a  b"])
      return [.control("u")] + typed(name) + [.tab]
    case .birth(let index):
      // Mostly a date of the row's type (the flights are within a year of 2026-11-29).
      let fitting =
        switch form.type(of: index) {
        case .adult: ["1985-12-10", "1990-01-01", "1979-06-30"]
        case .child: ["2018-03-03", "2020-02-02"]
        case .infant: ["2026-06-01", "2026-01-15"]
        }
      let day =
        random.chance(0.85)
        ? random.pick(fitting)
        : random.pick(["2025-06-01", "2018-03-03", "1900-01-01", "2030-01-01", "19851210"])
      return [.control("u")] + typed(day) + [.tab]
    case .email:
      let email = random.pick(["ada@example.com", "a@b.co", "ada@example.com", "not-an-email"])
      return [.control("u")] + typed(email) + [.tab]
    case .phone:
      let phone = random.pick(["+31201234567", "+905551234567", "+31201234567", "12"])
      return [.control("u")] + typed(phone) + [.tab]
    case .proceed:
      return [.enter]
    }
  }

  private mutating func extrasPlan(_ form: ExtrasFeature.State) -> [Key] {
    if random.chance(0.2) { return [.character("c")] }
    switch form.focus {
    case .seats:
      return random.pick([
        [.enter], [.character(" ")], [.left], [.right], [.up], [.down], [.character("1")],
        [.character("2")], [.tab], [.down, .right, .enter],
      ])
    case .bags:
      return random.pick([[.character("+")], [.character("-")], [.up], [.down], [.tab]])
    case .insurance:
      return random.pick([[.enter], [.character(" ")], [.tab]])
    case .proceed:
      return [.enter]
    }
  }

  private mutating func paymentPlan(_ form: PaymentFeature.State, now: Date) -> [Key] {
    if form.isExpired(at: now) {
      return random.pick([[.character("r")], [.character("r")], [.escape], [.enter]])
    }
    switch form.focus {
    case .number:
      let card = random.pick([
        "4242424242424242", "4242424242424242", "4242424242424242", "4000000000000002",
        "4000000000009995", "1234",
      ])
      return [.control("u")] + typed(card) + [.tab]
    case .expiry:
      let expiry = random.pick(["1230", "12/30", "1230", "0120", "1399"])
      return [.control("u")] + typed(expiry) + [.tab]
    case .cvc:
      return [.control("u")] + typed(random.pick(["123", "1234", "123", "1"])) + [.tab]
    case .pay:
      return [.enter]
    }
  }

}
