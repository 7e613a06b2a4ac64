import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every command of `booking-cli` with each of its outcomes: the exit code, with `--json` exactly
/// one JSON document of the stated shape on standard output, and standard error empty on success
/// or one human line on failure. docs/CLI.md's table of outcomes is this list.
@Suite("booking-cli's outcomes, one table")
struct BookingCLIOutcomeTests {
  @Test(
    "Each command and outcome: its exit code, one JSON document, one line on stderr",
    arguments: CLIOutcome.all)
  func outcome(_ row: CLIOutcome) async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let setup = try await row.setUp(cli)
    let lock = try setup.locked ? HeldAppLock(cli.dataDirectory.path) : nil
    defer { lock?.release() }
    let airline = try setup.airlineBusy ? HeldAirlineLock(cli.dataDirectory.path) : nil
    defer { airline?.release() }

    let json = try await setup.run(cli, json: true)
    #expect(
      json.status == row.code && !json.killedBySignal, "--json: \(json.status) \(json.stderr)")
    let document = try #require(
      try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8), options: [.fragmentsAllowed]),
      "stdout is not one JSON document: \(json.stdout)")
    #expect(json.stdout.hasSuffix("}\n") || json.stdout.hasSuffix("]\n"), "\(json.stdout)")
    // An empty object or array is written `{}` or `[]`, never split over lines.
    #expect(json.stdout.firstMatch(of: #/[\[{]\s*\n\s*[\]}]/#) == nil, "\(json.stdout)")
    let times = BookingCLIRoundTripTests.timeProblems(in: document)
    #expect(times.problems.isEmpty, "\(times.problems)")
    switch row.shape {
    case .error(let kind):
      let body = (document as? [String: Any])?["error"] as? [String: Any]
      #expect((document as? [String: Any])?.count == 1, "\(json.stdout)")
      #expect(Set(body?.keys.map { $0 } ?? []) == ["code", "kind", "message"], "\(json.stdout)")
      #expect(body?["code"] as? Int == Int(row.code), "\(json.stdout)")
      #expect(body?["kind"] as? String == kind, "\(json.stdout)")
      let message = try #require(body?["message"] as? String)
      #expect(json.stderr == "booking-cli: \(message)\n", "\(json.stderr)")
    case .object(let keys):
      let object = try #require(document as? [String: Any], "\(json.stdout)")
      #expect(Set(keys).isSubset(of: Set(object.keys)), "\(keys) in \(json.stdout)")
    case .array:
      #expect(document is [Any], "\(json.stdout)")
    }
    Self.expectOneLine(json.stderr, failed: row.code != 0)
    if let naming = row.naming {
      #expect(json.stderr.contains(naming), "names '\(naming)': \(json.stderr)")
    }

    let text = try await setup.run(cli, json: false)
    #expect(text.status == row.code, "text: \(text.status) \(text.stderr)")
    Self.expectOneLine(text.stderr, failed: row.code != 0)
    if case .error = row.shape {
      #expect(text.stdout.isEmpty, "text: \(text.stdout)")
    }
  }

  /// A failure says why in one line on stderr; a success says nothing there.
  static func expectOneLine(_ stderr: String, failed: Bool) {
    if failed {
      #expect(stderr.hasPrefix("booking-cli: ") && stderr.hasSuffix("\n"), "\(stderr)")
      #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
    } else {
      #expect(stderr.isEmpty, "\(stderr)")
    }
  }
}

/// What `--json` prints for a row.
enum CLIShape: Sendable {
  /// `{"error": {"code": N, "kind": K, "message": M}}`.
  case error(String)
  /// An object with at least these keys.
  case object([String])
  /// An array of these.
  case array(String)

  /// The shape as docs/CLI.md writes it, for a row that exits with `code`.
  func description(code: Int32) -> String {
    switch self {
    case .error(let kind): #"{"error": {"code": \#(code), "kind": "\#(kind)", "message": …}}"#
    case .object(let keys): "{" + keys.map { "\"\($0)\"" }.joined(separator: ", ") + ", …}"
    case .array(let element): "[\(element), …]"
    }
  }
}

/// How a row runs its command: its words (`--json` is added for the JSON run), its standard
/// input, whether the data directory is locked as the open app locks it, whether the airline's
/// lock is held throughout, and whether `--data-dir` is left out (the directory then comes from
/// `BOOKING_DATA_DIR`).
struct CLISetup: Sendable {
  var arguments: [String]
  var input: String?
  var locked = false
  var airlineBusy = false
  var viaEnvironment = false

  init(
    _ arguments: [String], input: String? = nil, locked: Bool = false, airlineBusy: Bool = false,
    viaEnvironment: Bool = false
  ) {
    self.arguments = arguments
    self.input = input
    self.locked = locked
    self.airlineBusy = airlineBusy
    self.viaEnvironment = viaEnvironment
  }

  func run(_ cli: BookingCLI, json: Bool) async throws -> CommandResult {
    let words = arguments + (json ? ["--json"] : [])
    if viaEnvironment {
      return try await cli.run(
        words, environment: ["BOOKING_DATA_DIR": cli.dataDirectory.path], input: input)
    }
    return try await cli.run(words, input: input)
  }
}

/// One row: a command, an outcome, its exit code and its JSON shape, and how to get there.
struct CLIOutcome: Sendable, CustomTestStringConvertible {
  let command: String
  let outcome: String
  let code: Int32
  let shape: CLIShape
  /// What the line on stderr must name: the value typed that is wrong.
  let naming: String?
  let setUp: @Sendable (BookingCLI) async throws -> CLISetup

  init(
    _ command: String, _ outcome: String, _ code: Int32, _ shape: CLIShape,
    naming: String? = nil, _ setUp: @escaping @Sendable (BookingCLI) async throws -> CLISetup
  ) {
    self.command = command
    self.outcome = outcome
    self.code = code
    self.shape = shape
    self.naming = naming
    self.setUp = setUp
  }

  var testDescription: String { "\(command): \(outcome) → \(code)" }

  /// The rows as docs/CLI.md's table of outcomes.
  static var markdown: String {
    let rows = all.map { row in
      let command = row.command.hasPrefix("(") ? row.command : "`\(row.command)`"
      return
        "| \(command) | \(row.outcome) | \(row.code) | `\(row.shape.description(code: row.code))` |"
    }
    return
      (["| Command | Outcome | Exit code | JSON shape (`--json`) |", "|---|---|---|---|"] + rows)
      .joined(separator: "\n")
  }

  static let ada = ["--passenger", "Ms Ada Lovelace 1990-05-04"]
  static let contact = ["--email", "ada@example.com", "--phone", "+44 20 7946 0000"]
  static let visa = BookingCLITests.visa

  static let all: [CLIOutcome] = [
    // Before a command is chosen.
    .init("(none)", "no command", 64, .error("usage")) { _ in CLISetup([]) },
    .init("(any)", "an unknown command", 64, .error("usage"), naming: "fly") { _ in
      CLISetup(["fly"])
    },
    .init("(any)", "an unknown command after a leading --", 64, .error("usage"), naming: "fly") {
      _ in
      CLISetup(["--", "fly"], viaEnvironment: true)
    },
    .init("(any)", "an unknown option", 64, .error("usage"), naming: "--fast") { _ in
      CLISetup(["--fast", "trips"])
    },
    .init("(any)", "--data-dir with an empty path", 64, .error("usage"), naming: "--data-dir") {
      _ in
      CLISetup(["trips", "--data-dir="])
    },
    .init("--help", "the help", 0, .object(["help"])) { _ in CLISetup(["--help"]) },
    .init("--version", "the version", 0, .object(["version"])) { _ in CLISetup(["--version"]) },
    // airports
    .init("airports", "found", 0, .array("airport")) { _ in CLISetup(["airports", "IST"]) },
    .init("airports", "none match", 0, .array("airport")) { _ in CLISetup(["airports", "zzzzqq"]) },
    .init("airports", "QUERY missing", 64, .error("usage"), naming: "QUERY") { _ in
      CLISetup(["airports"])
    },
    // search
    .init("search", "offers", 0, .array("offer")) { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day])
    },
    .init("search", "a round trip for a family", 0, .array("offer")) { _ in
      CLISetup([
        "search", "IST", "AMS", BookingCLI.day, "--return", BookingCLI.day(inDays: 28),
        "--adults", "2", "--children", "1", "--infants", "1",
      ])
    },
    .init("search", "a missing value", 64, .error("usage"), naming: "--adults") { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day, "--adults"])
    },
    .init("search", "a malformed date", 64, .error("usage"), naming: "2026-13-45") { _ in
      CLISetup(["search", "IST", "AMS", "2026-13-45"])
    },
    .init("search", "a malformed airport code", 64, .error("usage"), naming: "I5T") { _ in
      CLISetup(["search", "I5T", "AMS", BookingCLI.day])
    },
    .init("search", "an unknown airport", 64, .error("usage"), naming: "XXX") { _ in
      CLISetup(["search", "IST", "XXX", BookingCLI.day])
    },
    .init("search", "a past date", 64, .error("usage"), naming: BookingCLI.day(inDays: -3)) { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day(inDays: -3)])
    },
    .init(
      "search", "a date beyond the booking window", 64, .error("usage"),
      naming: BookingCLI.day(inDays: 800)
    ) { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day(inDays: 800)])
    },
    .init(
      "search", "a return beyond the booking window", 64, .error("usage"),
      naming: "--return '\(BookingCLI.day(inDays: 800))'"
    ) { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day, "--return", BookingCLI.day(inDays: 800)])
    },
    .init("search", "a negative count", 64, .error("usage"), naming: "--children") { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day, "--children", "-1"])
    },
    .init("search", "the same airport twice", 64, .error("usage"), naming: "IST") { _ in
      CLISetup(["search", "IST", "IST", BookingCLI.day])
    },
    .init("search", "more infants than adults", 64, .error("usage")) { _ in
      CLISetup(["search", "IST", "AMS", BookingCLI.day, "--infants", "2"])
    },
    .init("search", "the data directory is a file", 73, .error("cannotUseData")) { cli in
      CLISetup(["search", "IST", "AMS", BookingCLI.day, "--data-dir", try CLIFixture.file(cli)])
    },
    // seats
    .init("seats", "the seat maps", 0, .object(["offer", "cabin", "slices"])) { cli in
      CLISetup(["seats", try await CLIFixture.offer(cli)])
    },
    .init("seats", "a malformed offer ID", 64, .error("usage"), naming: "../offers") { _ in
      CLISetup(["seats", "../offers"])
    },
    .init("seats", "a quote ID for the offer", 64, .error("usage"), naming: "qt-1") { _ in
      CLISetup(["seats", "qt-1"])
    },
    .init("seats", "no such offer", 66, .error("notFound"), naming: "of-1234567890abcdef") { _ in
      CLISetup(["seats", "of-1234567890abcdef"])
    },
    .init("seats", "the offer has gone stale", 69, .error("refused")) { cli in
      let offer = try await CLIFixture.offer(cli)
      try CLIFixture.expire("offers", offer, fields: ["expiresAt"], in: cli)
      return CLISetup(["seats", offer])
    },
    // quote
    .init("quote", "quoted", 0, .object(["id", "draftID", "total", "expiresAt", "link", "open"])) {
      cli in CLISetup(["quote", try await CLIFixture.offer(cli)] + ada + contact)
    },
    .init("quote", "a malformed offer ID", 64, .error("usage"), naming: "../offers") { _ in
      CLISetup(["quote", "../offers"] + ada + contact)
    },
    .init("quote", "no such offer", 66, .error("notFound"), naming: "of-1234567890abcdef") { _ in
      CLISetup(["quote", "of-1234567890abcdef"] + ada + contact)
    },
    .init("quote", "the offer has gone stale", 69, .error("refused")) { cli in
      let offer = try await CLIFixture.offer(cli)
      try CLIFixture.expire("offers", offer, fields: ["expiresAt"], in: cli)
      return CLISetup(["quote", offer] + ada + contact)
    },
    .init("quote", "a passenger too few for the offer", 64, .error("usage")) { cli in
      CLISetup(["quote", try await CLIFixture.offer(cli, adults: 2)] + ada + contact)
    },
    // No cabin has a row 99, whatever the aircraft of the day's cheapest offer.
    .init("quote", "a seat the aircraft does not have", 64, .error("usage"), naming: "99A") { cli in
      CLISetup(["quote", try await CLIFixture.offer(cli)] + ada + contact + ["--seat", "1:99A"])
    },
    .init("quote", "a seat that is taken", 69, .error("refused"), naming: "booking-cli seats") {
      cli in
      let offer = try await CLIFixture.offer(cli)
      let seat = try await cli.takenSeat(of: offer)
      return CLISetup(["quote", offer] + ada + contact + ["--seat", "1:\(seat)"])
    },
    .init(
      "quote", "quoted while the app is open", 0,
      .object(["id", "draftID", "total", "expiresAt", "link", "open"])
    ) { cli in
      CLISetup(["quote", try await CLIFixture.offer(cli)] + ada + contact, locked: true)
    },
    // pay
    .init("pay", "booked", 0, .object(["reference", "quoteID", "totalPaid", "paidAt"])) { cli in
      CLISetup(["pay", try await CLIFixture.quote(cli).quote, "--card-from-stdin"], input: visa)
    },
    .init("pay", "paid already by this quote", 0, .object(["reference", "quoteID"])) { cli in
      let quote = try await CLIFixture.quote(cli).quote
      _ = try await cli.json(["pay", quote, "--card-from-stdin"], input: visa)
      return CLISetup(["pay", quote, "--card-from-stdin"], input: visa)
    },
    .init("pay", "no --card-from-stdin", 64, .error("usage")) { _ in
      CLISetup(["pay", "qt-1234567890abcdef"])
    },
    .init("pay", "a card number that is not valid", 64, .error("usage"), naming: "card number") {
      cli in
      CLISetup(
        ["pay", try await CLIFixture.quote(cli).quote, "--card-from-stdin"],
        input: "4242 4242 4242 4241 12/30 123\n")
    },
    .init("pay", "a card whose expiry has passed", 64, .error("usage")) { cli in
      CLISetup(
        ["pay", try await CLIFixture.quote(cli).quote, "--card-from-stdin"],
        input: "4242 4242 4242 4242 01/21 123\n")
    },
    .init("pay", "a malformed quote ID", 64, .error("usage"), naming: "xyz") { _ in
      CLISetup(["pay", "xyz", "--card-from-stdin"], input: visa)
    },
    .init("pay", "no such quote", 66, .error("notFound"), naming: "qt-1234567890abcdef") { _ in
      CLISetup(["pay", "qt-1234567890abcdef", "--card-from-stdin"], input: visa)
    },
    .init("pay", "the card is declined", 69, .error("refused")) { cli in
      CLISetup(
        ["pay", try await CLIFixture.quote(cli).quote, "--card-from-stdin"],
        input: "4000 0000 0000 0002 12/30 123\n")
    },
    .init("pay", "the quote has expired", 69, .error("refused")) { cli in
      let quote = try await CLIFixture.quote(cli).quote
      try CLIFixture.expire("quotes", quote, fields: ["issuedAt", "expiresAt"], in: cli)
      return CLISetup(["pay", quote, "--card-from-stdin"], input: visa)
    },
    .init("pay", "another quote of its draft booked it", 69, .error("refused")) { cli in
      // Two quotes of one draft, as the app makes when extras are priced again: the second
      // quote's record is pointed at the first's draft, then the first is paid.
      let first = try await CLIFixture.quote(cli)
      let second = try await CLIFixture.quote(cli).quote
      try CLIFixture.rewrite("quotes", second, "draftID", to: first.draft, in: cli)
      _ = try await cli.json(["pay", first.quote, "--card-from-stdin"], input: visa)
      return CLISetup(["pay", second, "--card-from-stdin"], input: visa)
    },
    .init("pay", "booked while the app is open", 0, .object(["reference", "quoteID"])) { cli in
      CLISetup(
        ["pay", try await CLIFixture.quote(cli).quote, "--card-from-stdin"], input: visa,
        locked: true)
    },
    // The airline's lock held by the test for longer than a payment waits (5 s): the exit is
    // the event waited for.
    .init("pay", "the airline stays busy past the wait", 75, .error("temporary")) { cli in
      CLISetup(
        ["pay", try await CLIFixture.quote(cli).quote, "--card-from-stdin"], input: visa,
        airlineBusy: true)
    },
    // trips
    .init("trips", "no bookings", 0, .array("booking")) { _ in CLISetup(["trips"]) },
    .init("trips", "bookings", 0, .array("booking")) { cli in
      _ = try await CLIFixture.booking(cli)
      return CLISetup(["trips"])
    },
    .init("trips", "a booking cannot be read (the others are listed)", 65, .array("booking")) {
      cli in
      try CLIFixture.corrupt(try await CLIFixture.booking(cli), in: cli)
      return CLISetup(["trips"])
    },
    .init("trips", "the data directory is a file", 73, .error("cannotUseData")) { cli in
      CLISetup(["trips", "--data-dir", try CLIFixture.file(cli)])
    },
    // show
    .init("show", "the booking", 0, .object(["reference", "offer", "passengers", "paidAt"])) {
      cli in CLISetup(["show", try await CLIFixture.booking(cli)])
    },
    .init("show", "a malformed reference", 64, .error("usage"), naming: "nope") { _ in
      CLISetup(["show", "nope"])
    },
    .init("show", "no such booking", 66, .error("notFound"), naming: "ZZZZZZ") { _ in
      CLISetup(["show", "ZZZZZZ"])
    },
    .init("show", "the booking cannot be read", 65, .error("badData")) { cli in
      let reference = try await CLIFixture.booking(cli)
      try CLIFixture.corrupt(reference, in: cli)
      return CLISetup(["show", reference])
    },
    .init("show", "the data directory is a file", 73, .error("cannotUseData")) { cli in
      CLISetup(["show", "ZZZZZZ", "--data-dir", try CLIFixture.file(cli)])
    },
    // session
    .init("session", "nothing saved", 0, .object(["saved", "savedIDs", "resumeAt", "reason"])) {
      _ in CLISetup(["session"])
    },
    .init("session", "the app is open", 0, .object(["appOpen", "resumeAt"])) { _ in
      CLISetup(["session"], locked: true)
    },
    .init("session", "the saved session cannot be read", 65, .error("badData")) { cli in
      let folder = cli.dataDirectory.appendingPathComponent("session")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("{\"schema\": 1, \"ki".utf8).write(
        to: folder.appendingPathComponent("snapshot.json"))
      return CLISetup(["session"])
    },
    // resolve
    .init("resolve", "neither --charged nor --not-charged", 64, .error("usage")) { _ in
      CLISetup(["resolve", "dr-1234567890abcdef"])
    },
    .init("resolve", "a malformed draft ID", 64, .error("usage"), naming: "dr-1") { _ in
      CLISetup(["resolve", "dr-1", "--charged"])
    },
    .init("resolve", "no such draft", 66, .error("notFound"), naming: "dr-1234567890abcdef") { _ in
      CLISetup(["resolve", "dr-1234567890abcdef", "--charged"])
    },
    .init("resolve", "the draft's records decide (nothing to resolve)", 69, .error("refused")) {
      cli in CLISetup(["resolve", try await CLIFixture.quote(cli).draft, "--not-charged"])
    },
  ]
}

/// What the rows start from, made with `booking-cli` itself in the row's data directory.
enum CLIFixture {
  /// The cheapest offer IST-AMS three weeks ahead for `adults`.
  static func offer(_ cli: BookingCLI, adults: Int = 1) async throws -> String {
    let offers = try await cli.json([
      "search", "IST", "AMS", BookingCLI.day, "--adults", "\(adults)",
    ])
    guard let id = (offers as? [[String: Any]])?.first?["id"] as? String else {
      throw E2EFailure("search found no offer")
    }
    return id
  }

  /// A quote for Ada, and its draft.
  static func quote(_ cli: BookingCLI) async throws -> (quote: String, draft: String) {
    let made = try await cli.quoteForAda(["--price-changes", "never"])
    guard let quote = made["id"] as? String, let draft = made["draftID"] as? String else {
      throw E2EFailure("quote: \(made)")
    }
    return (quote, draft)
  }

  /// A booking's reference.
  static func booking(_ cli: BookingCLI) async throws -> String {
    let paid = try await cli.json(
      ["pay", try await quote(cli).quote, "--card-from-stdin"], input: BookingCLITests.visa)
    guard let reference = (paid as? [String: Any])?["reference"] as? String else {
      throw E2EFailure("pay: \(paid)")
    }
    return reference
  }

  /// A file where a data directory should be.
  static func file(_ cli: BookingCLI) throws -> String {
    let file = cli.dataDirectory.appendingPathComponent("file")
    try Data("not a folder\n".utf8).write(to: file)
    return file.path
  }

  /// Makes booking `reference` unreadable, and the charge it could be written again from.
  static func corrupt(_ reference: String, in cli: BookingCLI) throws {
    // The charges and their copies too: either one readable writes the booking again.
    var files = ["bookings/\(reference).json"]
    for folder in ["payments", "charges"] {
      let path = cli.dataDirectory.appendingPathComponent(folder).path
      files += try FileManager.default.contentsOfDirectory(atPath: path).map { "\(folder)/" + $0 }
    }
    for file in files {
      try Data("{\"schema\": 1, \"kind\": \"bookings\", \"data\": {\"refer".utf8)
        .write(to: cli.dataDirectory.appendingPathComponent(file))
    }
  }

  /// Rewrites the times `fields` of record `id` in `folder` to 2020, so it has expired.
  static func expire(_ folder: String, _ id: String, fields: [String], in cli: BookingCLI) throws {
    for field in fields {
      try rewrite(folder, id, field, to: "2020-01-01T00:15:00.000Z", in: cli)
    }
  }

  /// Sets the text `field` of record `id` in `folder` to `value`.
  static func rewrite(
    _ folder: String, _ id: String, _ field: String, to value: String, in cli: BookingCLI
  ) throws {
    let file = cli.dataDirectory.appendingPathComponent("\(folder)/\(id).json")
    var text = try String(contentsOf: file, encoding: .utf8)
    let pattern = try Regex("\"\(field)\" : \"[^\"]*\"")
    guard text.contains(pattern) else { throw E2EFailure("\(file.path) has no \(field)") }
    text.replace(pattern, with: "\"\(field)\" : \"\(value)\"")
    try DataFiles(root: cli.dataDirectory).writeSealed(text, to: "\(folder)/\(id).json")
  }
}

/// The lock the open app holds on a data directory (`session/lock`), taken by the test.
final class HeldAppLock {
  private let descriptor: Int32

  init(_ dataDirectory: String) throws {
    try FileManager.default.createDirectory(
      atPath: dataDirectory + "/session", withIntermediateDirectories: true)
    descriptor = open(dataDirectory + "/session/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw E2EFailure("could not lock \(dataDirectory)")
    }
  }

  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

/// The airline's lock (`LedgerLock`: a `flock` on the data directory itself), taken by the test
/// as another traveller's payment would hold it.
final class HeldAirlineLock {
  private let descriptor: Int32

  init(_ dataDirectory: String) throws {
    descriptor = open(dataDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw E2EFailure("could not lock \(dataDirectory)")
    }
  }

  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

/// docs/CLI.md's tables, checked against the code and the outcomes test.
@Suite("booking-cli's documented tables")
struct BookingCLIDocumentedTablesTests {
  @Test("docs/CLI.md's exit codes are --help's, and its outcomes are the test's rows")
  func tables() async throws {
    let guide = try String(
      contentsOf: PackageExecutable.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
    #expect(
      guide.contains(CLIOutcome.markdown + "\n"),
      "docs/CLI.md's table of outcomes is not the test's rows; they are:\n\(CLIOutcome.markdown)")
    let documented = guide.split(separator: "\n").compactMap { line in
      line.wholeMatch(of: #/\| (\d+) \| `(\w+)` \| .*/#).map { "\($0.1) \($0.2)" }
    }
    let cli = try BookingCLI()
    defer { cli.close() }
    let help = try await cli.run(["--help"], environment: [:]).stdout
    let printed = help.split(separator: "\n").compactMap { line in
      line.wholeMatch(of: #/  (\d+)\s+(\w+)\s{2,}.*/#).map { "\($0.1) \($0.2)" }
    }
    #expect(
      documented == [
        "0 ok", "64 usage", "65 badData", "66 notFound", "69 refused",
        "73 cannotUseData", "74 ioError", "75 temporary",
      ], "\(documented)")
    #expect(printed == documented, "--help: \(printed)")
  }
}

/// What `booking-cli` prints besides its outcomes: the command that opens the app, and counts.
@Suite("booking-cli's words")
struct BookingCLIWordsTests {
  @Test("quote names the app as installed: swift run in a build folder, else the booking beside")
  func appCommand() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let fromBuild = try await cli.quoteForAda()
    let link = try #require(fromBuild["link"] as? String)
    let tail = "--data-dir \(cli.dataDirectory.path) --open \(link)"
    #expect(fromBuild["open"] as? String == "swift run booking \(tail)")

    // Installed: a copy of booking-cli in a folder of its own, a `booking` beside it.
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-cli-installed-\(UUID().uuidString.prefix(8).lowercased())")
    defer { try? FileManager.default.removeItem(at: root) }
    let bin = root.appendingPathComponent("bin")
    let other = root.appendingPathComponent("other")
    for folder in [bin, other] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let installed = bin.appendingPathComponent("booking-cli").path
    try FileManager.default.copyItem(atPath: cli.binary, toPath: installed)
    for app in [bin, other].map({ $0.appendingPathComponent("booking").path }) {
      try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: app))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app)
    }
    let offers = try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]]
    let offer = try #require(offers?.first?["id"] as? String)
    func open(path: String) async throws -> String {
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = path
      environment["BOOKING_DATA_DIR"] = nil
      let result = try await Command.run(
        installed,
        ["--data-dir", cli.dataDirectory.path, "quote", offer] + CLIOutcome.ada + CLIOutcome.contact
          + ["--json"], environment: environment)
      let document =
        try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let open = try #require(document?["open"] as? String, "\(result.stdout)\(result.stderr)")
      let link = try #require(document?["link"] as? String)
      return open.replacing(" --data-dir \(cli.dataDirectory.path) --open \(link)", with: "")
    }
    #expect(try await open(path: "\(bin.path):/usr/bin:/bin") == "booking")
    #expect(try await open(path: "/usr/bin:/bin") == bin.appendingPathComponent("booking").path)
    // Another `booking` first on PATH is not this one: the path names this one.
    #expect(
      try await open(path: "\(other.path):\(bin.path):/usr/bin")
        == bin.appendingPathComponent("booking").path)
    try FileManager.default.removeItem(atPath: bin.appendingPathComponent("booking").path)
    #expect(try await open(path: "\(other.path):/usr/bin") == "booking")
  }

  @Test("Counts read as English counts them: 1 adult, 2 adults, 1 was given")
  func counts() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    for (adults, infants, says) in [
      (1, 0, "1 adult pays"), (2, 0, "2 adults pay"), (2, 1, "2 adults and 1 infant pay"),
    ] {
      let search = try await cli.run([
        "search", "IST", "AMS", BookingCLI.day, "--adults", "\(adults)", "--infants", "\(infants)",
      ])
      #expect(search.stdout.contains(says), "\(search.stdout)")
    }
    let forTwo = try await CLIFixture.offer(cli, adults: 2)
    let tooFew = try await cli.run(["quote", forTwo] + CLIOutcome.ada + CLIOutcome.contact)
    #expect(
      tooFew.stderr == "booking-cli: This fare is for 2 passengers; 1 was given.\n",
      "\(tooFew.stderr)")
    let forOne = try await CLIFixture.offer(cli)
    let tooMany = try await cli.run(
      ["quote", forOne] + CLIOutcome.ada + ["--passenger", "Mr Charles Babbage 1991-12-26"]
        + CLIOutcome.contact)
    #expect(
      tooMany.stderr == "booking-cli: This fare is for 1 passenger; 2 were given.\n",
      "\(tooMany.stderr)")
  }
}
