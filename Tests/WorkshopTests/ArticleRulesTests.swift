import Foundation
import TestSupport
import Testing

/// `Tools/scripts/rules`, which CI runs: the article's rules hold on the repository, and each rule
/// fails on a tree that breaks it (so the check cannot pass by matching nothing).
@Suite("The article's rules as checks")
struct ArticleRulesTests {
  /// The repository's root.
  static let root = PackageExecutable.root

  static var script: String { root.appendingPathComponent("Tools/scripts/rules").path }

  @Test("the repository keeps every rule")
  func repositoryKeepsTheRules() async throws {
    let result = try await Command.run("/bin/bash", [Self.script, Self.root.path])
    #expect(result.status == 0, "\(result.output)")
  }

  /// A tree with the real bag and one file that breaks a rule.
  static func tree(file: String, holding source: String, bagEdit: (String) -> String = { $0 })
    throws -> URL
  {
    let tree = FileManager.default.temporaryDirectory
      .appendingPathComponent("rules-\(UUID().uuidString)")
    let bagFolder = tree.appendingPathComponent("Tools/Workshop/Bag")
    try FileManager.default.createDirectory(at: bagFolder, withIntermediateDirectories: true)
    let bag = try String(
      contentsOf: root.appendingPathComponent("Tools/Workshop/Bag/BookingBag.swift"),
      encoding: .utf8)
    try bagEdit(bag).write(
      to: bagFolder.appendingPathComponent("BookingBag.swift"), atomically: true, encoding: .utf8)
    let path = tree.appendingPathComponent(file)
    try FileManager.default.createDirectory(
      at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    try source.write(to: path, atomically: true, encoding: .utf8)
    return tree
  }

  /// The breaches, spelled in pieces so this file does not break the rules itself.
  static let unchecked = "@unchecked" + " Sendable"
  static let unsafe = "nonisolated" + "(unsafe)"

  static let breaches: [(file: String, source: String, says: String)] = [
    ("Modules/Domain/A.swift", "final class A: \(unchecked) {}\n", unchecked),
    ("Tests/X/B.swift", "\(unsafe) var shared = 0\n", unsafe),
    ("Apps/C/C.swift", "let value = try! load()\n", "try!"),
    ("Modules/Presentation/D.swift", "struct S { var isFromDeepLink = false }\n", "how a screen"),
    ("Modules/FlowOwner/E.swift", "extension F { func reset() {} }\n", "reset()"),
    ("Modules/Runtime/F.swift", "final class FlowManager {}\n", "holder"),
    ("Modules/Domain/G.swift", "struct BookingDataHolder {}\n", "holder"),
  ]

  @Test("each rule fails on a file that breaks it", arguments: 0..<breaches.count)
  func eachRuleFails(index: Int) async throws {
    let breach = Self.breaches[index]
    let tree = try Self.tree(file: breach.file, holding: breach.source)
    defer { try? FileManager.default.removeItem(at: tree) }
    let result = try await Command.run("/bin/bash", [Self.script, tree.path])
    #expect(result.status == 1, "\(result.output)")
    #expect(result.stdout.contains(breach.says), "\(result.output)")
    #expect(result.stdout.contains(breach.file), "\(result.output)")
  }

  @Test("a comment that names a rule is not a breach")
  func commentsAreNotBreaches() async throws {
    let tree = try Self.tree(
      file: "Modules/Domain/A.swift",
      holding: "/// Never `\(Self.unchecked)`, never `reset()`.\n// try! is refused\nstruct A {}\n")
    defer { try? FileManager.default.removeItem(at: tree) }
    let result = try await Command.run("/bin/bash", [Self.script, tree.path])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test("a new field in the bag fails: it is frozen")
  func bagIsFrozen() async throws {
    let tree = try Self.tree(file: "Modules/Domain/A.swift", holding: "struct A {}\n") { bag in
      bag.replacingOccurrences(
        of: "  public private(set) var isFromDeepLink = false\n",
        with: "  public private(set) var isFromDeepLink = false\n"
          + "  public private(set) var promoCode: String?\n")
    }
    defer { try? FileManager.default.removeItem(at: tree) }
    let result = try await Command.run("/bin/bash", [Self.script, tree.path])
    #expect(result.status == 1, "\(result.output)")
    #expect(result.stdout.contains("promoCode"), "\(result.output)")
  }
}
