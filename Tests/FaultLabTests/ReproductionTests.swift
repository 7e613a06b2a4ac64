import Canvas
import FaultLabCore
import FlowFaults
import Testing

@Suite("What the lesson examples run on")
struct ReproductionTests {
  @Test("the payment screen's own state says paid whatever the flow owner does with the report")
  func viewModelState() async throws {
    let fixtures = try LabFixtures()
    for version in [FlowVersion.correct] + FlowVersion.faults {
      let seen = await Scenario.pay.observe(version, fixtures)
      #expect(seen.paymentCompleted == "true", "\(version.name)")
    }
    let other = await Scenario.booking.observe(.correct, fixtures)
    #expect(other.paymentCompleted == "not shown")
  }

  @Test("the stuck flow: whole-path sees it, but reads only what a flow never told would show")
  func stuckFlowNotLocated() async throws {
    let fixtures = try LabFixtures()
    let stuck = try #require(FlowVersion.fault(named: "pay-unreported"))
    let cell = try await Lab().contrast(try #require(Check.named("whole-path")), stuck)
    #expect(cell.separation == .separating)
    // The reading is the path at payment, exactly what the flow shows before anyone pays: it says
    // the flow did not move, not whether the screen or the owner dropped the event.
    let beforePaying = await Scenario.booking.observe(.correct, fixtures)
    #expect(cell.faultyReading == beforePaying.trail)
  }

  @Test("first-step reads the route's root, which pay-to-search returns to: blind for that reason")
  func firstStepReason() async throws {
    let fixtures = try LabFixtures()
    let toSearch = try #require(FlowVersion.fault(named: "pay-to-search"))
    let faulty = await Scenario.pay.observe(toSearch, fixtures)
    let correct = await Scenario.pay.observe(.correct, fixtures)
    #expect(faulty.route == ["search"])
    #expect(correct.route == ["search", "confirmation"])
    #expect(faulty.firstScreen == correct.firstScreen)
    #expect(Check.named("first-step")?.scenario == .pay)
  }

  @Test("the bag saves only its back stack: after a relaunch every screen is there, empty")
  func bagLosesEverything() async throws {
    let fixtures = try LabFixtures()
    let bag = try #require(FlowVersion.fault(named: "bag"))
    let relaunched = await Scenario.restoreInTime.observe(bag, fixtures)
    #expect(relaunched.trail == "results>passengers>extras>payment")
    #expect(
      relaunched.detailedTrail == "results(nil) > passengers(nil) > extras(nil) > payment(nil)")
    #expect(relaunched.seats.isEmpty)
    let saved = await Scenario.booking.observe(bag, fixtures).snapshotJSON
    #expect(saved == #"{"screens":["results","passengers","extras","payment"]}"#)
    let expired = await Scenario.restoreExpired.observe(bag, fixtures)
    #expect(expired.lastScreen == "payment")
  }

  @Test("the network-bound check is noisy with the pinned seed, and other seeds decide otherwise")
  func seededNetwork() async throws {
    let fixtures = try LabFixtures()
    let network = SeededNetwork(fixtures.lookup)
    #expect(network.seed == SeededNetwork.pinnedSeed)
    #expect(network.loses("draft draft-a"))
    #expect(!network.loses("quote quote-a"))
    let check = try #require(Check.named("restore-network"))
    let stale = try #require(FlowVersion.fault(named: "stale-quote"))
    let first = try await Lab().contrast(check, stale)
    let second = try await Lab().contrast(check, stale)
    #expect(first.separation == .noisy)
    #expect(first.verdicts == second.verdicts)
    // What the network loses decides the class, not the flow: across seeds both outcomes occur.
    var quoteLost: Set<Bool> = []
    for seed in UInt64(0)..<32 {
      quoteLost.insert(SeededNetwork(fixtures.lookup, seed: seed).loses("quote quote-a"))
    }
    #expect(quoteLost == [true, false])
    let reliable = SeededNetwork(fixtures.lookup, lossPercent: 0)
    #expect(!reliable.loses("quote quote-a"))
  }

  @Test("the extras replay runs the real reducer: the same keys, one bag left or none")
  func bagsReplay() throws {
    let fixtures = try LabFixtures()
    let real = BagsReplay.replay(BagsReplay.twoThenRemove, faulty: false, fixtures)
    let faulty = BagsReplay.replay(BagsReplay.twoThenRemove, faulty: true, fixtures)
    #expect(BagsReplay.bags(real) == "p1x1")
    #expect(BagsReplay.bags(faulty) == "none")
    let added = BagsReplay.replay(
      Array(BagsReplay.twoThenRemove.dropLast()), faulty: true, fixtures)
    #expect(BagsReplay.bags(added) == "p1x2")
  }

  @Test("the card replay runs the real reducer: Backspace deletes one digit, or all of them")
  func cardReplay() throws {
    let fixtures = try LabFixtures()
    #expect(CardReplay.number(after: CardReplay.twoThenErase, faulty: false, fixtures) == "4")
    #expect(CardReplay.number(after: CardReplay.twoThenErase, faulty: true, fixtures) == "none")
    let typed: [Key] = [.character("4"), .character("x"), .character("2")]
    #expect(CardReplay.number(after: typed, faulty: true, fixtures) == "42")
  }

  /// ASCII spellings of the Turkish words the names use: a name must never be spelled so.
  static let asciiSpellings: Set<String> = [
    "odeme", "tamamlandi", "tum", "basi", "kayitli", "kayit", "kayitta", "gec", "yanit", "cift",
    "dokunus", "degisti", "zamaninda", "yukleme", "suresi", "dolmus", "ag", "uzerinden",
    "canta", "kalmadi", "numarasi", "degil", "dogru", "odemeden", "bagajlari",
  ]

  @Test("every check and fault has its own Turkish name, in Turkish letters, that --check takes")
  func turkishNames() {
    let checks = Check.catalogue.map { ($0.name, $0.turkishName) }
    let versions = ([FlowVersion.correct] + FlowVersion.faults).map { ($0.name, $0.turkishName) }
    let lessons = LessonExample.catalogue.map { ($0.name, $0.turkishName) }
    for (english, turkish) in checks + versions + lessons {
      #expect(!turkish.isEmpty && turkish != english, "\(english): \(turkish)")
      let words = Set(turkish.lowercased().split { !$0.isLetter }.map(String.init))
      #expect(words.isDisjoint(with: Self.asciiSpellings), "\(english): \(turkish)")
    }
    #expect(Set(checks.map(\.1)).count == checks.count)
    #expect(Set(versions.map(\.1)).count == versions.count)
    for check in Check.catalogue {
      #expect(Check.named(check.turkishName)?.name == check.name)
      #expect(check.name(.tr) == check.turkishName && check.name(.en) == check.name)
    }
    for fault in FlowVersion.faults {
      #expect(FlowVersion.fault(named: fault.turkishName)?.name == fault.name)
    }
  }

  @Test("the Turkish matrix names every check and fault in Turkish, never in English")
  func turkishNamesInMatrix() async throws {
    let matrix = try await labMatrix()
    let text = matrix.text(.tr)
    let rows = text.split(separator: "\n")
    for check in Check.catalogue {
      #expect(rows.contains { $0.hasPrefix(check.turkishName + " ") }, "\(check.turkishName)")
      #expect(!rows.contains { $0.hasPrefix(check.name + " ") }, "\(check.name)")
    }
    let markdown = matrix.markdown(.tr)
    for fault in FlowVersion.faults {
      #expect(markdown.contains("`\(fault.turkishName)`"), "\(fault.turkishName)")
      #expect(!markdown.contains("`\(fault.name)`"), "\(fault.name)")
    }
  }

  @Test("the Turkish lesson report is in Turkish letters, apart from the seeds' quoted labels")
  func turkishLessonReport() async throws {
    let report = LessonReport(try await lessonOutcomes())
    for text in [report.text(.tr), report.markdown(.tr)] {
      for (measurement, outcomes) in report.measurements {
        #expect(text.contains(measurement.turkishSummary), "\(measurement.turkishSummary)")
        #expect(!text.contains(measurement.summary), "\(measurement.summary)")
        for outcome in outcomes {
          #expect(text.contains(outcome.example.turkishName), "\(outcome.example.turkishName)")
        }
      }
      let unquoted = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
      let words = Set(unquoted.lowercased().split { !$0.isLetter }.map(String.init))
      let ascii = words.intersection(
        Self.asciiSpellings.union(["ayiran", "kor", "gurultulu", "gecti", "kaldi", "sinirlayici"]))
      #expect(ascii.isEmpty, "\(ascii.sorted())")
    }
  }
}
