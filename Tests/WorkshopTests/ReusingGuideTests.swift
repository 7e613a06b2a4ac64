import Foundation
import TestSupport
import Testing

/// docs/Reusing.md's Swift is code CI compiles: every ```swift block of the guide is a part of
/// Examples/HeadlessBooking (its manifest, its program, its tests), which CI builds, runs and
/// tests (`.ci/run`); and the complete example is the program's source, word for word.
@Suite("The reuse guide's code is the example's")
struct ReusingGuideTests {
  static let root = PackageExecutable.root
  static let guide = root.appendingPathComponent("docs/Reusing.md")
  static let example = root.appendingPathComponent("Examples/HeadlessBooking")

  /// A fenced block of Swift in a document: where it starts (1-based) and its text, the fence's
  /// indentation taken off.
  struct Block: Equatable {
    let line: Int
    let text: String
  }

  /// Every ```swift block of `markdown`.
  static func swiftBlocks(in markdown: String) -> [Block] {
    var blocks: [Block] = []
    var open: (line: Int, indent: Int, lines: [String])?
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let indent = line.prefix { $0 == " " }.count
      if var block = open {
        if trimmed == "```" {
          blocks.append(Block(line: block.line, text: block.lines.joined(separator: "\n")))
          open = nil
        } else {
          block.lines.append(String(line.dropFirst(min(block.indent, indent))))
          open = block
        }
      } else if trimmed == "```swift" {
        open = (index + 1, indent, [])
      }
    }
    return blocks
  }

  /// The lines of `text` that are not blank, without their indentation.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Whether `block`'s lines (indentation and blank lines aside) run, in order and together, in
  /// one of `sources`.
  static func appears(_ block: Block, in sources: [String]) -> Bool {
    let wanted = lines(block.text)
    guard !wanted.isEmpty else { return false }
    return sources.contains { source in
      let have = lines(source)
      guard have.count >= wanted.count else { return false }
      return (0...(have.count - wanted.count)).contains { start in
        Array(have[start..<(start + wanted.count)]) == wanted
      }
    }
  }

  /// The example's Swift files (manifest, sources, tests), by path relative to it.
  static func exampleSources() throws -> [String: String] {
    var sources: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: example.path)
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasPrefix(".build") {
        enumerator?.skipDescendants()
        continue
      }
      guard relative.hasSuffix(".swift") else { continue }
      sources[relative] = try String(
        contentsOf: example.appendingPathComponent(relative), encoding: .utf8)
    }
    return sources
  }

  @Test("every Swift block of the guide is a part of the example, which CI builds and tests")
  func everyBlockIsCompiled() throws {
    let blocks = Self.swiftBlocks(in: try String(contentsOf: Self.guide, encoding: .utf8))
    let sources = try Self.exampleSources()
    #expect(sources.keys.contains("Package.swift"))
    #expect(sources.keys.contains("Tests/HeadlessBookingTests/AirlineTests.swift"))
    #expect(blocks.count >= 6)
    for block in blocks {
      #expect(
        Self.appears(block, in: Array(sources.values)),
        "docs/Reusing.md:\(block.line): a Swift block not found in Examples/HeadlessBooking: \(block.text.prefix(80))"
      )
    }
  }

  @Test("the guide's complete example is the example's program, word for word")
  func completeExampleIsTheProgram() throws {
    let blocks = Self.swiftBlocks(in: try String(contentsOf: Self.guide, encoding: .utf8))
    let program = try String(
      contentsOf: Self.example.appendingPathComponent("Sources/HeadlessBooking/main.swift"),
      encoding: .utf8)
    #expect(blocks.contains { $0.text + "\n" == program })
  }

  @Test("the check finds a block that is not in the sources, indented or not")
  func checkFindsStrangers() {
    let markdown = """
      Text.

      ```swift
      let a = 1
      let b = a + 1
      ```

      1. A step:

         ```swift
         print(b)
         ```
      """
    let blocks = Self.swiftBlocks(in: markdown)
    #expect(
      blocks == [
        Block(line: 3, text: "let a = 1\nlet b = a + 1"), Block(line: 10, text: "print(b)"),
      ])
    let source = "func f() {\n  let a = 1\n\n  let b = a + 1\n  print(b)\n}\n"
    #expect(blocks.allSatisfy { Self.appears($0, in: [source]) })
    #expect(!Self.appears(Block(line: 1, text: "let b = a + 1\nlet a = 1"), in: [source]))
    #expect(!Self.appears(Block(line: 1, text: "let c = 3"), in: [source]))
    #expect(!Self.appears(Block(line: 1, text: "\n"), in: [source]))
  }
}
