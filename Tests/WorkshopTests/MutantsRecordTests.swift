import Foundation
import TestSupport
import Testing

/// `Tools/scripts/mutants --check`, which decides whether CI runs the mutants in full: the record
/// of the last full run holds exactly while nothing the mutants build and test has changed.
@Suite("The mutants' record of their last full run")
struct MutantsRecordTests {
  /// The repository's root.
  static let root = PackageExecutable.root

  /// A git repository holding the real script and a file in a few of the folders it reads (and
  /// one it does not), committed.
  static func tree() async throws -> URL {
    let tree = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutants-record-\(UUID().uuidString)")
    let files = [
      "Modules/FlowOwner/Flow.swift": "struct Flow {}\n",
      "Modules/Domain/Money.swift": "struct Money {}\n",
      "Tests/FlowOwnerTests/FlowTests.swift": "// a test\n",
      "Modules/Screens/Screen.swift": "struct Screen {}\n",
      "Modules/ZonesExtra/Extra.swift": "struct Extra {}\n",
      "docs/images/flow.dot": "digraph flow {}\n",
    ]
    for (path, text) in files {
      try write(text, at: path, in: tree)
    }
    let script = tree.appendingPathComponent("Tools/scripts/mutants")
    try FileManager.default.createDirectory(
      at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("Tools/scripts/mutants"), to: script)
    for arguments in [
      ["init", "-q"], ["add", "-A"],
      [
        "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q",
        "-m", "tree",
      ],
    ] {
      let result = try await Command.run("/usr/bin/git", ["-C", tree.path] + arguments)
      try #require(result.status == 0, "git \(arguments): \(result.output)")
    }
    return tree
  }

  static func write(_ text: String, at path: String, in tree: URL) throws {
    let file = tree.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  static func check(_ tree: URL) async throws -> CommandResult {
    try await Command.run(tree.appendingPathComponent("Tools/scripts/mutants").path, ["--check"])
  }

  /// Writes the record as a full run that killed every mutant does, with the script's own code.
  static func record(_ tree: URL) async throws {
    let program = """
      import importlib.machinery, importlib.util, pathlib, sys
      root = pathlib.Path(sys.argv[1])
      loader = importlib.machinery.SourceFileLoader("mutants", str(root / "Tools/scripts/mutants"))
      mutants = importlib.util.module_from_spec(importlib.util.spec_from_loader("mutants", loader))
      loader.exec_module(mutants)
      mutants.write_record(root, mutants.sources_digest(root), "24/24 rules, 33/33 parts killed")
      """
    let result = try await Command.run("/usr/bin/python3", ["-c", program, tree.path])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test(
    "a run on the real manifest (--full-package, or the cut-down one failing) or on sources that changed while it ran writes no record"
  )
  func recordOnlyOfTheCutDownPackageOnSteadySources() async throws {
    let program = """
      import importlib.machinery, importlib.util, sys
      loader = importlib.machinery.SourceFileLoader("mutants", sys.argv[1])
      mutants = importlib.util.module_from_spec(importlib.util.spec_from_loader("mutants", loader))
      loader.exec_module(mutants)
      print(mutants.unrecorded(False, "a", "a"))
      print(mutants.unrecorded(True, "a", "a"))
      print(mutants.unrecorded(False, "a", "b"))
      """
    let result = try await Command.run(
      "/usr/bin/python3",
      ["-c", program, Self.root.appendingPathComponent("Tools/scripts/mutants").path])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(result.status == 0 && lines.count == 3, "\(result.output)")
    #expect(lines.first == "None", "\(result.output)")
    #expect(lines.dropFirst().first?.contains("cut-down package") == true, "\(result.output)")
    #expect(lines.last?.contains("changed during the run") == true, "\(result.output)")
  }

  @Test(
    "the record holds until a file the mutants build changes or is added; other files do not count"
  )
  func recordFollowsTheSources() async throws {
    let tree = try await Self.tree()
    defer { try? FileManager.default.removeItem(at: tree) }

    let missing = try await Self.check(tree)
    #expect(missing.status == 1, "\(missing.output)")
    #expect(missing.stderr.contains("is missing"), "\(missing.output)")

    try await Self.record(tree)
    let current = try await Self.check(tree)
    #expect(current.status == 0, "\(current.output)")
    #expect(current.stdout.contains("24/24 rules, 33/33 parts killed"), "\(current.output)")

    for (path, text) in [
      ("Modules/Screens/Screen.swift", "struct Screen { var x = 1 }\n"),
      ("Modules/ZonesExtra/Extra.swift", "struct Extra { var y = 2 }\n"),
    ] {
      try Self.write(text, at: path, in: tree)
      let elsewhere = try await Self.check(tree)
      #expect(elsewhere.status == 0, "\(path) changed: \(elsewhere.output)")
    }

    for (path, text) in [
      ("Modules/FlowOwner/Flow.swift", "struct Flow { var rule = true }\n"),
      ("Modules/Domain/Money.swift", "struct Money { var cents = 0 }\n"),
      ("Tests/FlowOwnerTests/NewTests.swift", "// a new test, not yet committed\n"),
      ("docs/images/flow.dot", "digraph flow { a -> b }\n"),
    ] {
      try await Self.record(tree)
      let before = try await Self.check(tree)
      #expect(before.status == 0, "\(before.output)")
      try Self.write(text, at: path, in: tree)
      let stale = try await Self.check(tree)
      #expect(stale.status == 1, "\(path): \(stale.output)")
      #expect(stale.stderr.contains("is stale"), "\(path): \(stale.output)")
    }

    try await Self.record(tree)
    try FileManager.default.removeItem(
      at: tree.appendingPathComponent("Tests/FlowOwnerTests/NewTests.swift"))
    let removed = try await Self.check(tree)
    #expect(removed.status == 1, "a test removed: \(removed.output)")

    try await Self.record(tree)
    let record = tree.appendingPathComponent("Tools/Mutants/last-run.txt")
    let text = try String(contentsOf: record, encoding: .utf8)
    try text.replacingOccurrences(of: "\nswift ", with: "\nswift another ")
      .write(to: record, atomically: true, encoding: .utf8)
    let otherSwift = try await Self.check(tree)
    #expect(otherSwift.status == 1, "another Swift: \(otherSwift.output)")
  }
}
