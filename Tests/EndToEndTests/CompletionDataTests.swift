import Foundation
import TestSupport
import Testing

/// The shell completions offer the built-in airports' codes and the data directory's IDs, which
/// the hidden `booking-cli __complete KIND PREFIX` prints, reading the data directory and
/// writing nothing: each shell runs its completion for real against a data directory with a
/// booking in it.
@Suite("Completions offer airports and the data directory's IDs")
struct CompletionDataTests {
  /// A data directory with Ada's booking, a second quote of hers that is not paid, and the
  /// offers of their searches.
  struct Booked {
    let cli: BookingCLI
    /// The booking's reference.
    let reference: String
    /// The quote the booking paid: no longer offered.
    let paidQuote: String
    /// The quote made after it, for the same offer: live and not paid.
    let openQuote: String
    /// The offer both quotes are for.
    let offer: String

    /// Books for Ada, then quotes her again.
    static func make() async throws -> Booked {
      let cli = try BookingCLI()
      do {
        let (paid, reference) = try await cli.bookForAda()
        let open = try await cli.quoteForAda()
        let paidQuote = try #require(paid["id"] as? String)
        let openQuote = try #require(open["id"] as? String)
        let offer = try #require((open["offer"] as? [String: Any])?["id"] as? String)
        return Booked(
          cli: cli, reference: reference, paidQuote: paidQuote, openQuote: openQuote,
          offer: offer)
      } catch {
        cli.close()
        throw error
      }
    }

    /// This process's environment with `booking-cli` first on PATH (as an install puts it) and
    /// BOOKING_DATA_DIR set to `dataDirectory`, by default the booking's; no BOOKING_AIRLINE_DIR.
    func environment(dataDirectory: String? = nil) -> [String: String] {
      var environment = ProcessInfo.processInfo.environment
      let folder = URL(fileURLWithPath: cli.binary).deletingLastPathComponent().path
      environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["BOOKING_DATA_DIR"] = dataDirectory ?? cli.dataDirectory.path
      environment["BOOKING_AIRLINE_DIR"] = nil
      return environment
    }

    /// A data directory that does not exist: typed `--data-dir` must be what is read.
    var elsewhere: String { cli.dataDirectory.path + "-elsewhere" }
  }

  /// What each completion must offer, as (command line up to the Tab, expected among the
  /// candidates, refused among them), once with the data directory from BOOKING_DATA_DIR, and
  /// with it typed as `--data-dir PATH` while BOOKING_DATA_DIR names a folder that does not
  /// exist.
  static func cases(_ booked: Booked) -> [(
    line: [String], typed: Bool, offered: String, not: String?
  )] {
    let path = booked.cli.dataDirectory.path
    return [
      (["booking-cli", "show", ""], false, booked.reference, nil),
      (["booking-cli", "pay", ""], false, booked.openQuote, booked.paidQuote),
      (["booking-cli", "seats", ""], false, booked.offer, nil),
      (["booking-cli", "quote", ""], false, booked.offer, nil),
      (["booking-cli", "search", "IS"], false, "IST", nil),
      (["booking-cli", "search", "IST", "AM"], false, "AMS", "IST"),
      (["booking-cli", "airports", "AM"], false, "AMS", nil),
      (["booking-cli", "--data-dir", path, "show", ""], true, booked.reference, nil),
      (["booking-cli", "--data-dir", path, "--json", "pay", ""], true, booked.openQuote, nil),
      (["booking-cli", "seats", "--data-dir", path, ""], true, booked.offer, nil),
    ]
  }

  @Test("__complete prints the airports, offers, live quotes and bookings, hidden and silent")
  func hiddenCommandPrintsCandidates() async throws {
    let booked = try await Booked.make()
    defer { booked.cli.close() }
    let before = try BookingCLIReadOnlyTests.tree(booked.cli.dataDirectory)
    func complete(_ kind: String, _ prefix: String = "") async throws -> [String] {
      let result = try await booked.cli.run(["__complete", kind, prefix])
      #expect(result.status == 0, "\(kind): \(result.status)")
      #expect(result.stderr.isEmpty, "\(kind): \(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    let airports = try await complete("airports", "is")
    #expect(airports == ["IST\tİstanbul"], "\(airports)")
    let bookings = try await complete("bookings")
    #expect(bookings.map { $0.prefix(6) } == [Substring(booked.reference)], "\(bookings)")
    #expect(bookings.first?.contains("IST-AMS") == true, "\(bookings)")
    let quotes = try await complete("quotes")
    #expect(quotes.map { String($0.prefix { $0 != "\t" }) } == [booked.openQuote], "\(quotes)")
    let offers = try await complete("offers", String(booked.offer.prefix(5)))
    #expect(offers.contains { $0.hasPrefix(booked.offer + "\t") }, "\(offers)")
    #expect(try await complete("drafts").isEmpty)
    #expect(try await complete("bookings", "zz").isEmpty)
    #expect(try await complete("passengers").isEmpty)
    let changed = try BookingCLIReadOnlyTests.changes(since: before, in: booked.cli.dataDirectory)
    #expect(changed.isEmpty, "__complete wrote \(changed)")
    // A data directory that does not exist: nothing printed, nothing made, exit 0.
    let missing = try await booked.cli.run(
      ["--data-dir", booked.elsewhere, "__complete", "bookings"], environment: [:])
    #expect(missing.status == 0 && missing.output.isEmpty, "\(missing.output)")
    #expect(!FileManager.default.fileExists(atPath: booked.elsewhere))
    // Hidden: neither --help nor the error for an unknown command names it.
    let help = try await booked.cli.run(["--help"])
    #expect(!help.stdout.contains("__complete"))
    let unknown = try await booked.cli.run(["__compleet"])
    #expect(unknown.status == 64 && !unknown.stderr.contains("did you mean"), "\(unknown.stderr)")
  }

  /// Checks what `complete` offers for each of `cases`, then that the data directory is as it
  /// was.
  static func check(
    _ shell: String, _ booked: Booked,
    _ complete: ([String], [String: String]) async throws -> [String]
  ) async throws {
    let before = try BookingCLIReadOnlyTests.tree(booked.cli.dataDirectory)
    for (line, typed, offered, refused) in cases(booked) {
      let environment = booked.environment(dataDirectory: typed ? booked.elsewhere : nil)
      let candidates = try await complete(line, environment)
      #expect(candidates.contains(offered), "\(shell): \(line) offered \(candidates)")
      if let refused {
        #expect(!candidates.contains(refused), "\(shell): \(line) offered \(candidates)")
      }
    }
    let changed = try BookingCLIReadOnlyTests.changes(since: before, in: booked.cli.dataDirectory)
    #expect(changed.isEmpty, "\(shell)'s completions wrote \(changed)")
  }

  @Test("bash offers the booking after show, the live quote after pay, offers and airport codes")
  func bashOffersIDs() async throws {
    let booked = try await Booked.make()
    defer { booked.cli.close() }
    let file = ManPageTests.root.appendingPathComponent("Tools/completions/booking-cli.bash").path
    let script = """
      source "$1"; shift
      COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
      _booking_cli
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    try await Self.check("bash", booked) { words, environment in
      let result = try await Command.run(
        "/bin/bash", ["--norc", "--noprofile", "-c", script, "bash", file] + words,
        environment: environment)
      #expect(result.status == 0 && result.stderr.isEmpty, "bash: \(result.output)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
  }

  @Test(
    "fish offers the booking after show, the live quote after pay, offers and airport codes",
    .enabled(if: Command.find("fish") != nil, "needs fish (.ci/run installs it)"))
  func fishOffersIDs() async throws {
    let booked = try await Booked.make()
    defer { booked.cli.close() }
    let fish = try #require(Command.find("fish"))
    let file = ManPageTests.root.appendingPathComponent("Tools/completions/booking-cli.fish").path
    try await Self.check("fish", booked) { words, environment in
      let result = try await Command.run(
        fish,
        [
          "--no-config", "-c", "source $argv[1]; complete -C$argv[2]", file,
          words.joined(separator: " "),
        ], environment: environment)
      #expect(result.status == 0 && result.stderr.isEmpty, "fish: \(result.output)")
      return result.stdout.split(separator: "\n").map {
        String($0.prefix { $0 != "\t" })
      }
    }
  }

  /// Sourced by an interactive zsh in a pseudo-terminal (zpty): loads the completions of
  /// `$ZT_FPATH`, writes each match `compadd` is given to `$ZT_OUT`, then `<done>`, and exits
  /// once a completion has run.
  static let zshHarness = #"""
    fpath=($ZT_FPATH $fpath)
    autoload -Uz compinit
    compinit -u -d $ZT_DUMP
    compadd() {
      local -a found
      builtin compadd -O found "$@"
      (( $#found )) && print -rl -- $found >> $ZT_OUT
      builtin compadd "$@"
    }
    _zt_done() { print -r -- '<done>' >> $ZT_OUT; print -r -- done > $ZT_DONE; exit }
    comppostfuncs=(_zt_done)
    bindkey '^I' complete-word
    """#

  /// Types `$4` and Tab into an interactive zsh (`zshHarness`, at `$1`) and prints what it
  /// offered once the completion has ended: the harness says so on a FIFO, which the driver
  /// reads (60 seconds at most, the bound of a failure only).
  static let zshDriver = #"""
    zmodload zsh/zpty || exit 3
    export ZT_OUT=$2 ZT_FPATH=$3 ZT_DUMP=${2:h}/zcompdump ZT_DONE=$2.done
    mkfifo $ZT_DONE
    exec {done}<>$ZT_DONE
    zpty completing zsh -f -i
    zpty -w completing "source ${(q)1}"
    zpty -w -n completing "$4"$'\t'
    read -t 60 -u $done line || { print -u2 "the completion did not end in 60 s"; exit 4 }
    zpty -d completing
    cat $ZT_OUT
    """#

  @Test(
    "zsh offers the booking after show, the live quote after pay, offers and airport codes",
    .enabled(if: Command.find("zsh") != nil, "needs zsh (.ci/run installs it)"))
  func zshOffersIDs() async throws {
    let booked = try await Booked.make()
    defer { booked.cli.close() }
    let zsh = try #require(Command.find("zsh"))
    let folder = try ManPageTests.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.zshHarness.write(toFile: folder + "/harness.zsh", atomically: true, encoding: .utf8)
    try Self.zshDriver.write(toFile: folder + "/driver.zsh", atomically: true, encoding: .utf8)
    let completions = ManPageTests.root.appendingPathComponent("Tools/completions").path
    var count = 0
    try await Self.check("zsh", booked) { words, environment in
      count += 1
      let result = try await Command.run(
        zsh,
        [
          "-f", folder + "/driver.zsh", folder + "/harness.zsh", folder + "/offered-\(count)",
          completions, words.joined(separator: " "),
        ], environment: environment)
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(result.status == 0 && lines.last == "<done>", "zsh: \(result.output)")
      return lines.filter { $0 != "<done>" }
    }
  }
}
