import Foundation
import TestSupport
import Testing

/// The pay path's durable writes, traced by strace: what one payment costs in a ledger that
/// already exists, and no more than the ledger needs (docs/Architecture.md, "The pay path's
/// syncs"): each of its seven records written atomically (the file synced, renamed, its folder
/// synced), the intent removed with no sync, and no folder synced twice.
@Suite(
  "The pay path's syncs",
  .enabled(if: Command.find("strace") != nil, "needs strace (.ci/run installs it)"))
struct PayPathSyncTests {
  @Test(
    "a second payment: seven renames, fourteen fsyncs for its records, the intent unlinked unsynced"
  )
  func secondPayment() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let strace = try #require(Command.find("strace"))
    let card = "4242 4242 4242 4242 12/30 123\n"
    // The first payment makes the ledger's folders.
    let first = try #require(try await cli.quoteForAda()["id"] as? String)
    _ = try await cli.json(["pay", first, "--card-from-stdin"], input: card)
    let second = try #require(try await cli.quoteForAda()["id"] as? String)
    let trace = cli.dataDirectory.appendingPathComponent("trace.txt").path
    let root = cli.dataDirectory.path

    let result = try await Command.run(
      strace,
      [
        "-f", "-y", "-o", trace, "-e",
        "trace=fsync,fdatasync,rename,renameat,renameat2,"
          + "unlink,unlinkat", cli.binary, "--data-dir", root, "pay", second,
        "--card-from-stdin",
      ], input: card)
    #expect(result.status == 0, "\(result.stderr)")

    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains(root) && !$0.contains("resumed") }
    let renames = lines.filter { $0.contains("rename") }
    let unlinks = lines.filter { $0.contains("unlink") }
    let syncs = lines.filter { $0.contains("fsync(") || $0.contains("fdatasync(") }
    let folders = ["intents", "orders", "inventory", "payments", "charges", "bookings", "claims"]
    #expect(
      renames.count == 7 && folders.allSatisfy { f in renames.contains { $0.contains("/\(f)/") } },
      "renames: \(renames.joined(separator: "\n"))")
    #expect(
      unlinks.count == 1 && unlinks.allSatisfy { $0.contains("/intents/") },
      "unlinks: \(unlinks.joined(separator: "\n"))")
    // Each record's file, then its folder, once.
    let recordSyncs = syncs.filter { $0.contains(".json.tmp") }
    let folderSyncs = folders.map { folder in syncs.filter { $0.contains("\(root)/\(folder)>") } }
    #expect(recordSyncs.count == 7, "record syncs: \(recordSyncs.joined(separator: "\n"))")
    #expect(
      folderSyncs.allSatisfy { $0.count == 1 },
      "folder syncs: \(syncs.joined(separator: "\n"))")
    // Nothing after the intent's removal, and no folder synced twice.
    if let removal = lines.firstIndex(where: { $0.contains("unlink") }) {
      #expect(
        !lines[(removal + 1)...].contains { $0.contains("fsync(") },
        "a sync after the intent's removal: \(lines[removal...].joined(separator: "\n"))")
    }
    let synced = syncs.compactMap { line -> String? in
      guard let open = line.firstIndex(of: "<"), let close = line.lastIndex(of: ">") else {
        return nil
      }
      return String(line[line.index(after: open)..<close])
    }
    let twice = Dictionary(grouping: synced, by: { $0 }).filter { $0.value.count > 1 }.keys
    #expect(twice.isEmpty, "synced twice: \(twice.sorted())")
  }
}
