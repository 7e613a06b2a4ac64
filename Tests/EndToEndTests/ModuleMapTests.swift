import Foundation
import Testing

/// The module maps the README and docs/Architecture.md draw, and Architecture's table of
/// modules, against Package.swift: every arrow a map draws is a dependency the package declares,
/// every module a map or the table names is one of its targets, and every library the package
/// offers has its sentence in the table.
@Suite("The module maps are the package's")
struct ModuleMapTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Each target of Package.swift and the targets it names as dependencies.
  static func targets() throws -> [String: Set<String>] {
    let manifest = try text("Package.swift")
    let declaration =
      #/\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/#
    let starts = manifest.matches(of: declaration)
    var targets: [String: Set<String>] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
      let body = manifest[start.range.upperBound..<end]
      var dependencies: Set<String> = []
      if let list = body.firstMatch(of: #/dependencies:\s*\[([^\]]*)\]/#) {
        for name in list.output.1.matches(of: #/"([^"]+)"/#) {
          dependencies.insert(String(name.output.1))
        }
      }
      targets[String(start.output.1), default: []].formUnion(dependencies)
    }
    return targets
  }

  /// The library products' targets.
  static func libraries() throws -> Set<String> {
    let manifest = try text("Package.swift")
    return Set(
      manifest.matches(of: #/\.library\(name:\s*"[^"]+",\s*targets:\s*\["([^"]+)"\]/#)
        .map { String($0.output.1) })
  }

  /// The first fenced block of `document` that draws the map (it starts with `Apps/Booking`).
  static func map(in document: String) throws -> [String] {
    let lines = try text(document).components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("Apps/Booking ") })
    let end = try #require(lines[start...].firstIndex { $0.hasPrefix("```") })
    return Array(lines[start..<end])
  }

  /// The map's name for a target: the apps by their folder.
  static func target(_ name: String) -> String {
    ["Apps/Booking": "booking", "Apps/BookingCLI": "booking-cli"][name] ?? name
  }

  /// The arrows a map draws, as (from, to) target names, and what could not be read: a branch
  /// with no `┬` in its column, an arrow with nothing before it.
  ///
  /// A line is read left to right: `A ─> B` is an arrow from A to B, `A ─> B, C` two from A,
  /// `A ─> B ─> C` a chain, `B <─ A` one from A to B. A line that starts with a branch (`├─>`,
  /// `└─>`) draws from the module whose `┬` (or a `├` under it) stands in the same column.
  /// Parentheses are comments.
  static func arrows(in map: [String]) -> (arrows: [(from: String, to: String)], unread: [String]) {
    var arrows: [(String, String)] = []
    var unread: [String] = []
    /// The module each branching column belongs to.
    var branches: [Int: String] = [:]
    for (number, line) in map.enumerated() {
      let characters = Array(line)
      var tokens: [(column: Int, text: String)] = []
      var column = 0
      var depth = 0
      while column < characters.count {
        let character = characters[column]
        if character == "(" { depth += 1 }
        if depth > 0 {
          if character == ")" { depth -= 1 }
          column += 1
          continue
        }
        if character.isLetter || character == "/" {
          var name = ""
          let start = column
          while column < characters.count,
            characters[column].isLetter || characters[column].isNumber
              || characters[column] == "/" || characters[column] == "-"
          {
            name.append(characters[column])
            column += 1
          }
          tokens.append((start, name))
          continue
        }
        if "┬├└<>,".contains(character) { tokens.append((column, String(character))) }
        column += 1
      }
      var source: String?
      var pointsBack = false
      var waiting = false
      for token in tokens {
        switch token.text {
        case "┬":
          if let source { branches[token.column] = source }
        case "├", "└":
          source = branches[token.column]
          if source == nil {
            unread.append("line \(number + 1): no ┬ above column \(token.column)")
          }
        case ">":
          waiting = true
        case "<":
          pointsBack = true
        case ",":
          waiting = true
        default:
          let name = target(token.text)
          if pointsBack, let source {
            // `B <─ A`: the arrow is A's; the chain goes on from A.
            arrows.append((name, source))
            pointsBack = false
          } else if waiting, let source {
            arrows.append((source, name))
          } else if waiting || pointsBack {
            unread.append("line \(number + 1): an arrow to \(name) from nothing")
          }
          waiting = false
          // A comma list keeps its source; a chain moves on to the module just named.
          source = isListed(after: token, in: tokens) ? source ?? name : name
        }
      }
    }
    return (arrows, unread)
  }

  /// Whether `token` is followed by a comma: it is one of a list drawn from the same module.
  static func isListed(
    after token: (column: Int, text: String), in tokens: [(column: Int, text: String)]
  )
    -> Bool
  {
    guard let index = tokens.firstIndex(where: { $0.column == token.column }),
      index + 1 < tokens.count
    else { return false }
    return tokens[index + 1].text == ","
  }

  @Test(
    "every arrow the maps draw is a dependency in Package.swift",
    arguments: [
      "docs/Architecture.md", "README.md",
    ])
  func arrowsAreDependencies(document: String) throws {
    let targets = try Self.targets()
    let (arrows, unread) = Self.arrows(in: try Self.map(in: document))
    #expect(unread.isEmpty, "\(document): \(unread)")
    #expect(arrows.count >= 20, "\(document): \(arrows.count) arrows read")
    for (from, to) in arrows {
      #expect(targets[from] != nil, "\(document): \(from) is not a target")
      #expect(targets[to] != nil, "\(document): \(to) is not a target")
      #expect(
        targets[from]?.contains(to) == true,
        "\(document) draws \(from) ─> \(to); Package.swift's \(from) does not depend on \(to)")
    }
  }

  @Test("the table names targets, and every library has its sentence")
  func tableIsThePackages() throws {
    let targets = try Self.targets()
    let rows = try Self.text("docs/Architecture.md").components(separatedBy: "\n")
      .filter { $0.hasPrefix("| `") }
    var named: Set<String> = []
    for row in rows {
      let cell = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
      for match in cell.matches(of: #/`([A-Za-z]+)`/#) { named.insert(String(match.output.1)) }
    }
    let modules = named.filter { targets[$0] != nil }
    #expect(modules.count >= 15, "\(modules.sorted())")
    for library in try Self.libraries() {
      #expect(modules.contains(library), "the library \(library) has no row in the table")
    }
  }

  @Test("the ledger and the inventory are each a folder of files of at most 250 lines")
  func roomsOfOnePurpose() throws {
    for folder in ["Modules/SimulatedAirline/Ledger", "Modules/SimulatedAirline/Inventory"] {
      let files = try FileManager.default.contentsOfDirectory(
        atPath: Self.root.appendingPathComponent(folder).path
      ).filter { $0.hasSuffix(".swift") }
      #expect(files.count >= 4, "\(folder): \(files)")
      for file in files {
        let lines =
          try Self.text(folder + "/" + file).split(
            separator: "\n", omittingEmptySubsequences: false
          ).count - 1
        #expect(lines <= 250, "\(folder)/\(file) is \(lines) lines")
      }
    }
  }

  @Test("a tool's core (a `…Core` target under Tools) is a dependency of its own tests only")
  func noTestTargetOnAToolsCore() throws {
    let manifest = try Self.text("Package.swift")
    let tests = Set(
      manifest.matches(of: #/\.testTarget\(\s*name:\s*"([^"]+)"/#).map { String($0.output.1) })
    let cores = Set(
      manifest.matches(of: #/\.target\(\s*name:\s*"([^"]+Core)"[^)]*path:\s*"Tools\//#)
        .map { String($0.output.1) })
    #expect(cores.contains("FaultLabCore"), "\(cores.sorted())")
    for (target, dependencies) in try Self.targets() where tests.contains(target) {
      for core in dependencies.intersection(cores) {
        #expect(
          target == core.dropLast("Core".count) + "Tests",
          "the test target \(target) depends on the tool's core \(core)")
      }
    }
  }

  @Test("the modules the debug build optimizes use no assert, which -O would drop from the tests")
  func optimizedModulesAssertNothing() throws {
    let manifest = try Self.text("Package.swift")
    let list = try #require(
      manifest.firstMatch(of: #/where (\[[^\]]*\])\.contains\(\s*target\.name\)/#)?.output.1)
    let names = list.matches(of: #/"([A-Za-z]+)"/#).map { String($0.output.1) }
    #expect(names.contains("SimulatedAirline"), "\(names)")
    for name in names {
      let folder = Self.root.appendingPathComponent("Modules/" + name)
      let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let file as String in files where file.hasSuffix(".swift") {
        let source = try Self.text("Modules/\(name)/\(file)")
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
          && line.contains(#/\b(assert|assertionFailure)\(/#)
        {
          Issue.record("Modules/\(name)/\(file):\(index + 1) asserts: \(line)")
        }
      }
    }
  }
}
