import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import TestSupport
import Testing

/// The data directory in process: one that cannot be written (the program runs on, saying why),
/// and what a booking leaves in one (no card, names only where they belong).
@MainActor
@Suite("The data directory, in process")
struct ProgramDataDirectoryTests {
  @Test(
    "the data directory is a regular file: the program runs, and the header says why it cannot save"
  )
  func dataDirectoryIsAFile() async throws {
    let root = NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: root))
    try await checkRunsWithoutSaving(root, reason: "Not a directory")
    #expect(FileManager.default.contents(atPath: root) == Data("not a folder\n".utf8))
  }

  @Test(
    "a read-only file system: the program runs, and the header says why it cannot save",
    .enabled(if: TmpfsMount.isAvailable, "needs root and mount -t tmpfs"))
  func readOnly() async throws {
    let mount = try TmpfsMount(size: "256k")
    defer { mount.remove() }
    try FileManager.default.createDirectory(
      atPath: mount.path + "/session", withIntermediateDirectories: false)
    try mount.remountReadOnly()
    try await checkRunsWithoutSaving(mount.path, reason: "Read-only file system")
  }

  @Test(
    "a full disk: the program runs, and the header says why it cannot save",
    .enabled(if: TmpfsMount.isAvailable, "needs root and mount -t tmpfs"))
  func fullDisk() async throws {
    let mount = try TmpfsMount(size: "64k")
    defer { mount.remove() }
    try FileManager.default.createDirectory(
      atPath: mount.path + "/session", withIntermediateDirectories: false)
    try mount.fill()
    try await checkRunsWithoutSaving(mount.path, reason: "No space left on device")
  }

  /// Runs the program on `root`, types, searches, goes back and types again: it stays up, the
  /// header says progress cannot be saved, and shows `reason` at 100 columns and at 250.
  private func checkRunsWithoutSaving(_ root: String, reason: String) async throws {
    let run = try Run(["--latency", "0"], root: root)
    await run.start()
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    await run.type("i")
    #expect(run.header.contains("Progress cannot be saved: "), "\(run.header)")
    // At the usual width the reason is visible, not cut off by the path before it.
    #expect(run.header.contains(reason), "header at 100 columns: '\(run.header)'")
    run.screen.columns = 250
    await run.press(.resize(width: 250, height: 30))
    #expect(run.header.contains("Progress cannot be saved"), "\(run.header)")
    #expect(run.header.contains(reason), "\(run.header)")
    run.screen.columns = 100
    await run.press(.resize(width: 100, height: 30))
    await run.press(.control("u"))

    // Searching writes offers: that fails too, and is shown, not fatal.
    await run.type("ist")
    await run.press(.enter)
    await run.type("ams")
    await run.press(.enter, .control("s"))
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
    await run.press(.escape)
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    await run.press(.tab, .tab)
    await run.type("x")
    #expect(run.exitCode == nil, "the program ended")
    // Saving still fails, so the header still says so.
    #expect(
      run.header.contains("Progress cannot be saved"), "header after a search: '\(run.header)'")
  }

  static let given = "Zephyrine"
  static let family = "Quillfeather"
  static let email = "zq.privacy@example.com"
  static let phone = "+905557654321"
  /// A card that pays and is not a test card: it must reach no file.
  static let card = "5555555555554444"
  static let cvc = "7391"
  static let born = "1985-07-23"

  @Test(
    "after a booking with a seat and a bag: no card number or CVC on disk or in the log, names only in drafts and bookings, and a recording of it holds none of them"
  )
  func privacyScan() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    // The recording is written into the data directory, so the scan below covers it too.
    let recording = run.root + "/demo.jsonl"
    try FileManager.default.createDirectory(
      atPath: run.root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    run.program.recorder = try KeyRecorder(
      path: recording, replacing: false, clock: run.clock.wallClock)
    await run.start()
    await book(run)
    #expect(run.savedPosition?.kind == .confirmation)
    await run.quit()
    #expect(run.exitCode == 0)

    // The event log is in memory here: scanned as the file it is live.
    let log = "log/booking.log"
    let files = run.files() + [log]
    #expect(
      files.contains { $0.hasPrefix("quotes/") } && files.contains { $0.hasPrefix("bookings/") },
      "\(files)")
    let text = Dictionary(
      uniqueKeysWithValues: files.map {
        ($0, $0 == log ? Data(run.log.lines.joined(separator: "\n").utf8) : run.bytes($0) ?? Data())
      })
    func holding(_ needle: String) -> [String] {
      files.filter { text[$0]?.range(of: Data(needle.utf8)) != nil }
    }

    #expect(holding(Self.card).isEmpty, "the full card number is in \(holding(Self.card))")
    #expect(holding("5555 5555 5555 4444").isEmpty)
    let cvcFiles = files.filter { file in
      guard let data = text[file], let json = try? JSONSerialization.jsonObject(with: data) else {
        return false
      }
      return Self.holdsCVC(json)
    }
    #expect(cvcFiles.isEmpty, "the CVC is in \(cvcFiles)")
    #expect(!run.log.lines.contains { $0.contains(Self.cvc) }, "\(run.log.lines)")

    let snapshot = "session/snapshot.json"
    for secret in [Self.given, Self.family, Self.email, Self.phone] {
      #expect(!holding(secret).contains(snapshot), "the snapshot holds '\(secret)'")
    }
    let allowed = ["drafts/", "bookings/"]
    func outside(_ needle: String) -> [String] {
      holding(needle).filter { file in !allowed.contains { file.hasPrefix($0) } }
    }
    #expect(!holding(Self.family).isEmpty, "the name should be in the draft and booking")
    let contact = outside(Self.email) + outside(Self.phone)
    #expect(contact.isEmpty, "contact data outside drafts and bookings: \(contact)")
    let names = outside(Self.given) + outside(Self.family)
    #expect(names.isEmpty, "names outside drafts and bookings: \(Set(names).sorted())")

    // The recording holds one key a line: what was typed is the characters put together.
    let typed = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
      .compactMap { line -> String? in
        guard
          let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let key = json["key"] as? String, key.hasPrefix("="), key.count == 2
        else { return nil }
        return String(key.dropFirst())
      }.joined()
    #expect(typed.contains("ist") && typed.contains("ams"), "the search is kept: \(typed)")
    for secret in [Self.given, Self.family, Self.email, Self.phone, Self.born, Self.card, Self.cvc]
    {
      #expect(!typed.contains(secret), "the recording holds '\(secret)': \(typed)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: recording)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  /// Searches, picks the first offer, types the traveller, picks a seat and a bag and
  /// insurance, pays.
  private func book(_ run: Run) async {
    await run.searchIstanbulToAmsterdam()
    await run.press(.enter)
    #expect(run.text.contains("┌ Passengers · ") && run.text.contains("Given name"))
    await run.press(.right, .tab)
    await run.type(Self.given)
    await run.press(.tab)
    await run.type(Self.family)
    await run.press(.tab)
    await run.type(Self.born)
    await run.press(.tab)
    await run.type(Self.email)
    await run.press(.tab)
    await run.type(Self.phone)
    await run.press(.tab, .enter)
    #expect(run.text.contains("┌ Extras · ") && run.text.contains("Checked bags"), "\(run.text)")

    await run.press(.enter)  // The seat under the cursor.
    #expect(run.text.contains(#/Zephyrine Quillfeather +\d+[A-Z]/#), "\(run.text)")
    await run.press(.tab, .character("+"), .tab, .character(" "))  // A bag, and insurance.
    await run.type("c")
    #expect(run.text.contains("┌ Payment · ") && run.text.contains("Card number"), "\(run.text)")
    await run.pay(card: Self.card, expiry: "1230", cvc: Self.cvc)
    #expect(run.text.contains("Booking reference"), "\(run.text)")
  }

  /// Whether a JSON value holds the CVC: a key that names one, or the code as a value.
  static func holdsCVC(_ json: Any) -> Bool {
    switch json {
    case let object as [String: Any]:
      for (key, value) in object {
        let lowered = key.lowercased()
        if ["cvc", "cvv", "securitycode", "cardcode"].contains(where: lowered.contains) {
          return true
        }
        if holdsCVC(value) { return true }
      }
      return false
    case let array as [Any]:
      return array.contains(where: holdsCVC)
    case let string as String:
      // The code on its own or as a token ("...|7391"); a longer ID that contains it is not it.
      return string.split { !$0.isLetter && !$0.isNumber }.contains { $0 == cvc }
    case let number as NSNumber:
      return number.stringValue == cvc
    default:
      return false
    }
  }
}
