import Foundation
import TestSupport
import Testing

@Suite("Privacy of the data directory")
struct PrivacyTests {
  static let given = "Zephyrine"
  static let family = "Quillfeather"
  static let email = "zq.privacy@example.com"
  static let phone = "+905557654321"
  /// A card that pays and is not a test card: it must reach no file.
  static let card = "5555555555554444"
  static let cvc = "7391"

  static let born = "1985-07-23"

  @Test(
    "After a booking with a seat and a bag: no card number or CVC on disk, names only in drafts and bookings, and a recording of it holds none of them"
  )
  func privacyScan() async throws {
    let data = Screens.temporaryPath("rel-privacy")
    let terminal = try await BookingTerminal(dataDirectory: data)
    defer {
      terminal.close()
      try? FileManager.default.removeItem(atPath: data)
    }
    // The recording is written into the data directory, so the scan below covers it too.
    let app = try await terminal.launch(["--record", data + "/demo.jsonl"])
    try await book(app)
    _ = try await SessionFileTests.waitForSnapshot(
      at: data + "/session/snapshot.json", containing: "confirmation")

    try await app.press("q")
    try await app.waitFor("Quit?")
    try await app.press("y")
    try await app.waitForExit()

    let files = Self.files(under: data)
    #expect(
      files.contains { $0.hasPrefix("quotes/") } && files.contains { $0.hasPrefix("bookings/") })
    let text = Dictionary(
      uniqueKeysWithValues: files.map {
        ($0, FileManager.default.contents(atPath: data + "/" + $0) ?? Data())
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
    let recording = try String(contentsOfFile: data + "/demo.jsonl", encoding: .utf8)
    let typed = recording.split(separator: "\n").compactMap { line -> String? in
      guard let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let key = json["key"] as? String, key.hasPrefix("="), key.count == 2
      else { return nil }
      return String(key.dropFirst())
    }.joined()
    #expect(typed.contains("ist") && typed.contains("ams"), "the search is kept: \(typed)")
    for secret in [Self.given, Self.family, Self.email, Self.phone, Self.born, Self.card, Self.cvc]
    {
      #expect(!typed.contains(secret), "the recording holds '\(secret)': \(typed)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: data + "/demo.jsonl")[
      .posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  /// Searches, picks the first offer, types the traveller, picks a seat and a bag, pays.
  private func book(_ app: TmuxPane) async throws {
    try await app.searchIstanbulToAmsterdam()
    try await app.press("Enter")
    try await app.waitFor("┌ Passengers · ", "Given name")
    try await app.press("Right", "Tab")
    try await app.type(Self.given)
    try await app.press("Tab")
    try await app.type(Self.family)
    try await app.press("Tab")
    try await app.type(Self.born)
    try await app.press("Tab")
    try await app.type(Self.email)
    try await app.press("Tab")
    try await app.type(Self.phone)
    try await app.press("Tab", "Enter")
    try await app.waitFor("┌ Extras · ", "Seats", "Checked bags")

    try await app.press("Enter")  // The seat under the cursor.
    let seat = "\(Self.given) \(Self.family) +\\d+[A-Z]"
    try await app.waitFor("a seat chosen") { screen in
      (try? Regex(seat)).map { screen.contains($0) } ?? false
    }
    try await app.press("Tab", "+", "Tab", "Space")  // A bag, and insurance.
    try await app.waitFor("the bag and the insurance in the estimate") {
      $0.contains("1 checked bag, passenger 1") && $0.contains("[x] Travel insurance")
    }
    try await app.press("c")
    try await app.waitFor("┌ Payment · ", "Card number", "[ Pay ")
    try await app.type(Self.card)
    try await app.press("Tab")
    try await app.type("1230")
    try await app.press("Tab")
    try await app.type(Self.cvc)
    try await app.press("Tab", "Enter")
    try await app.waitFor("Booking reference")
  }

  /// Every regular file under `root`, relative to it.
  static func files(under root: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
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
