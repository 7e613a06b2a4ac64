import Canvas
import FlowOwner
import Foundation
import Launch
import Presentation
import Program
import SimulatedAirline
import Testing
import Widgets

/// `--journal` and `--replay-journal`: a journal plays again to the same state and the same
/// saved snapshot, to the byte, and holds no personal or card data that was typed.
@MainActor
@Suite("The action journal")
struct ProgramJournalTests {
  /// Types a whole booking whose personal data is what the journal's placeholders write (each
  /// name field's letters are those of "adalovelace" from its start: Ada Adalovelace, born
  /// 1990-01-01, aaa@aaaaaaa.aaa, +555555555555, the 4242 test card, 12/30, 123), so the replay
  /// types the same text the person did.
  static func book(_ run: Run) async {
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.press(.right, .tab)
    await run.type("Ada")
    await run.press(.tab)
    await run.type("Adalovelace")
    await run.press(.tab)
    await run.type("1990-01-01")
    await run.press(.tab)
    await run.type("aaa@aaaaaaa.aaa")
    await run.press(.tab)
    await run.type("+555555555555")
    await run.press(.tab, .enter)
    await run.continueToPayment()
    await run.advance(by: 3)
    await run.pay()
  }

  @Test(
    "a whole booking, countdown ticks and all, replays to the same state and the same saved snapshot"
  )
  func replaysToTheSameState() async throws {
    let path = NSTemporaryDirectory() + "booking-journal-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run(["--latency", "0"], journal: path)
    defer { run.remove() }
    await run.start()
    await Self.book(run)
    #expect(run.current == .confirmation, "\(run.text)")

    let replayed = try await JournalReplay.play(
      path: path, airports: BuiltInAirports(), fares: SimulatedFares())
    let live = run.program.store.state
    #expect(replayed.state == live)
    // The screen, to the byte: every cell, style and all.
    for theme in [Theme.color, .monochrome] {
      #expect(
        RootView.render(replayed.state, width: 100, height: 30, theme: theme)
          == RootView.render(live, width: 100, height: 30, theme: theme))
    }
    let saved = try #require(run.session.load().snapshot)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(replayed.savedSnapshot) == encoder.encode(saved))
    #expect(JournalReplay.report(replayed).contains("Booked!"))
  }

  @Test(
    "what was typed that is personal or card data is not in the journal, and the replay still books"
  )
  func nothingPersonal() async throws {
    let path = NSTemporaryDirectory() + "booking-journal-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run(["--latency", "0"], journal: path)
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.press(.right, .tab)
    await run.type("Grace")
    await run.press(.tab)
    await run.type("Hopper")
    await run.press(.tab)
    await run.type("1986-12-09")
    await run.press(.tab)
    await run.type("grace@navy.mil")
    await run.press(.tab)
    await run.type("+905551234567")
    await run.press(.tab, .enter)
    await run.continueToPayment()
    await run.pay(card: "4000000000009995")
    await run.pay(card: "4242424242424242")
    // The records' random IDs ("qt-d771986f012c86b5") are left out: their hex digits can hold
    // "1986" or "9995" by chance, which says nothing about what was typed.
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacing(#/[a-z]{2,4}-[0-9a-f]{8,}/#, with: "ID")
    for secret in ["Grace", "Hopper", "1986", "grace", "navy", "1234567", "9995", "4000000000"] {
      #expect(!text.contains(secret), "\(secret) is in the journal")
    }
    let replayed = try await JournalReplay.play(
      path: path, airports: BuiltInAirports(), fares: SimulatedFares())
    #expect(replayed.state.current == run.current)
    #expect(replayed.state.flow.path.map(\.kind) == run.program.store.state.flow.path.map(\.kind))
  }

  @Test("a card and names pasted across fields are not in the journal")
  func pastesNotKept() async throws {
    let path = NSTemporaryDirectory() + "booking-journal-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run(["--latency", "0"], journal: path)
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.press(
      .right, .tab, .paste("Grace\nHopper\n1986-12-09\ngrace@navy.mil\n+905551234567"))
    await run.press(.control("s"))
    await run.continueToPayment()
    await run.press(.paste("4000 0000 0000 9995\n12/30\n123"), .control("s"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacing(#/[a-z]{2,4}-[0-9a-f]{8,}/#, with: "ID")
    for secret in ["Grace", "Hopper", "1986", "grace", "navy", "1234567", "9995", "4000 0000"] {
      #expect(!text.contains(secret), "\(secret) is in the journal")
    }
  }

  @Test("a journal that is not one, or of another version, is refused with its line")
  func refused() async throws {
    for (text, line) in [("{}\n", 1), ("not json\n", 1)] {
      do {
        _ = try await JournalReplay.play(text, airports: BuiltInAirports(), fares: SimulatedFares())
        Issue.record("\(text.debugDescription) was played")
      } catch {
        #expect(error.line == line, "\(error)")
      }
    }
    do {
      _ = try await JournalReplay.play(
        "not json\n", airports: BuiltInAirports(), fares: SimulatedFares())
      Issue.record("a line that is not JSON was played")
    } catch {
      #expect(error.line == 1)
    }
    // A journal of the version before `.started` was written would replay without the start's
    // save: it is refused, saying which version wrote it.
    var older = JournalHeader(
      start: Date(timeIntervalSince1970: 1_795_953_600), zone: "UTC", language: .english,
      restoring: nil, link: nil, keptSession: nil, saved: nil, notice: nil, saveProblem: nil,
      paymentSeed: 1)
    older.version = "booking 0.1.0"
    let header = String(
      decoding: try JSONEncoder().encode(JournalEntry.header(older)), as: UTF8.self)
    do {
      _ = try await JournalReplay.play(
        header + "\n", airports: BuiltInAirports(), fares: SimulatedFares())
      Issue.record("a journal of booking 0.1.0 was played")
    } catch {
      #expect(error.line == 1)
      #expect(
        "\(error)".contains("written by booking 0.1.0; this is \(Options.version)"), "\(error)")
    }
  }
}
