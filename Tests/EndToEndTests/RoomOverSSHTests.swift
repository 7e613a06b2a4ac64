import Foundation
import TestSupport
import Testing

/// The workshop room as attendees reach it: `Tools/scripts/room up` starts a real sshd of its
/// own on 127.0.0.1 (its config, host key and account), three attendees connect with three keys
/// in a terminal each, and `room down` takes it all away. Needs root and OpenSSH's server and
/// client (`.ci/run` installs them).
@Suite("The room over OpenSSH", .serialized)
struct RoomOverSSHTests {
  /// A room up on a free port, with its account, and keys for its attendees.
  final class Room {
    let script: String
    let user: String
    let port: Int
    let directory: String
    let keys: String
    private(set) var isUp = false

    init() async throws {
      script = Self.repository + "/Tools/scripts/room"
      user = "bkt" + String(UUID().uuidString.lowercased().filter(\.isLetter).prefix(6))
      port = try Self.freePort()
      directory = "/var/lib/booking-room-" + user
      keys = NSTemporaryDirectory() + "booking-room-keys-" + UUID().uuidString
      try FileManager.default.createDirectory(
        atPath: keys, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let binary = try BookingTerminal.binaryPath()
      let up = try await Command.run(
        "/bin/bash",
        [
          script, "up", "--port", String(port), "--listen", "127.0.0.1", "--user", user,
          "--name", "Test room", "--binary", binary,
        ])
      isUp = up.status == 0
      guard isUp else {
        await down()
        throw E2EFailure("room up failed (\(up.status)):\n\(up.output)")
      }
      #expect(up.stdout.contains("ssh -p \(port) \(user)@127.0.0.1"), "\(up.stdout)")
    }

    static var repository: String {
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
      // Closed on exec, so no program spawned meanwhile keeps the port bound.
      let socket = Foundation.socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard socket >= 0 else { throw E2EFailure("socket: errno \(errno)") }
      defer { close(socket) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
        }
      }
      guard bound else { throw E2EFailure("bind: errno \(errno)") }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Makes the key `name` (ed25519, no passphrase); returns its private key's path.
    func key(_ name: String) async throws -> String {
      let path = keys + "/" + name
      let made = try await Command.run(
        "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path])
      guard made.status == 0 else { throw E2EFailure("ssh-keygen: \(made.output)") }
      return path
    }

    /// The data directory the room keeps for the attendee of the key at `path`.
    func attendeeDirectory(of path: String) async throws -> String {
      let fingerprint = try await fingerprint(of: path)
      let folder = fingerprint.dropFirst("SHA256:".count).compactMap { character -> Character? in
        character == "+" ? "-" : character == "/" ? "_" : character == "=" ? nil : character
      }
      return directory + "/attendees/" + String(folder)
    }

    /// The key's fingerprint, as sshd gives it to the room's command ("SHA256:...").
    func fingerprint(of path: String) async throws -> String {
      let listed = try await Command.run(
        "/usr/bin/ssh-keygen", ["-l", "-E", "sha256", "-f", path + ".pub"])
      guard let fingerprint = listed.stdout.split(separator: " ").dropFirst().first,
        fingerprint.hasPrefix("SHA256:")
      else { throw E2EFailure("ssh-keygen -l: \(listed.output)") }
      return String(fingerprint)
    }

    /// The room's app serving the attendee of the key at `path`: the process whose command
    /// line says `--attendee` with the key's fingerprint.
    func app(of path: String) async throws -> ProcessIdentity {
      let fingerprint = try await fingerprint(of: path)
      let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
      for pid in entries.compactMap(Int32.init) {
        guard
          let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
          data.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) })
            .split(separator: "--attendee").dropFirst().first?.first == fingerprint,
          let process = ProcessIdentity(pid)
        else { continue }
        return process
      }
      throw E2EFailure("no app of the room for \(fingerprint)")
    }

    /// ssh to the room with the key at `path`, and `extra` options and command.
    func ssh(_ path: String, terminal: Bool = true, _ extra: [String] = []) -> [String] {
      ["/usr/bin/ssh"] + (terminal ? ["-tt"] : [])
        + [
          "-i", path, "-p", String(port), "-o", "StrictHostKeyChecking=no",
          "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes",
          "-o", "BatchMode=yes", "-o", "SetEnv=LANG=C.UTF-8",
        ] + extra + ["\(user)@127.0.0.1"]
    }

    /// `room down`; its output.
    @discardableResult
    func down() async -> String {
      defer { try? FileManager.default.removeItem(atPath: keys) }
      guard isUp || FileManager.default.fileExists(atPath: "/opt/booking-room/" + user) else {
        return ""
      }
      isUp = false
      return (try? await Command.run("/bin/bash", [script, "down", "--user", user]).output) ?? ""
    }
  }

  /// Types the attendee's name at the room's prompt and waits for the search form.
  static func enter(_ terminal: BookingTerminal, as name: String) async throws {
    try await terminal.waitFor("Name:")
    try await terminal.type(name)
    try await terminal.press("Enter")
    try await terminal.waitFor("┌ Search flights", "From")
  }

  @Test(
    "three attendees reach the app; two want one seat and one is told it was just taken; a dropped attendee resumes at payment; no shell; room down leaves nothing"
  )
  func roomOverSSH() async throws {
    guard getuid() == 0 else {
      Issue.record("the room's test makes an account and starts sshd: run the suite as root")
      return
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh")
    else {
      Issue.record("needs OpenSSH: apt-get install openssh-server openssh-client (.ci/run does)")
      return
    }
    let room = try await Room()
    let terminal = try await BookingTerminal()
    do {
      try await Self.play(room, terminal)
    } catch {
      terminal.close()
      await room.down()
      throw error
    }
    terminal.close()
    let said = await room.down()
    try await Self.expectNothingLeft(room, said: said)
  }

  static func play(_ room: Room, _ terminal: BookingTerminal) async throws {
    let (ayse, bora, cem) = (
      try await room.key("ayse"), try await room.key("bora"), try await room.key("cem")
    )
    // Ayşe and Bora come to the same flight's seat map.
    let paneA = try await terminal.launchCommand(room.ssh(ayse))
    try await enter(terminal, as: "Ayşe")
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    let flights = try await terminal.chooseOffer()
    try await terminal.fillPassengers([.ada])
    let seatA = try await terminal.pickSeats(for: [.ada])

    let paneB = try await terminal.launchCommand(room.ssh(bora))
    try await enter(terminal, as: "Bora")
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    #expect(try await terminal.chooseOffer() == flights)
    try await terminal.fillPassengers([.alan])
    let seatB = try await terminal.pickSeats(for: [.alan])
    #expect(seatA == seatB, "both chose the map's first free seat")

    // Ayşe continues first: her quote holds the seat. Bora's is refused, and his map is drawn
    // again with it taken.
    terminal.use(paneA)
    try await terminal.continueToPayment()
    let quoteA = try await quote(of: room.attendeeDirectory(of: ayse))
    terminal.use(paneB)
    try await terminal.press("c")
    let refused = try await terminal.waitFor("\(seatA[0]) was just taken")
    #expect(refused.contains("┌ Extras · "), "\(refused)")
    #expect(Self.seatOfAlan(in: refused) == nil, "the taken seat is given up:\n\(refused)")

    // A third attendee reaches the app.
    try await terminal.launchCommand(room.ssh(cem))
    try await enter(terminal, as: "Cem")

    // Ayşe's connection drops at payment (her ssh client killed); the room's app for her ends
    // on the hang-up, and the same key brings her back to the same quote.
    let directoryA = try await room.attendeeDirectory(of: ayse)
    let appA = try await room.app(of: ayse)
    kill(paneA.pid, SIGKILL)
    try await FileWatch.waitFor("Ayşe's app to say it ends", at: directoryA + "/log/booking.log") {
      String(decoding: $0 ?? Data(), as: UTF8.self).contains(" exit")
    }
    // Her session is free once the app has ended (its lock goes with its files), a moment
    // after it says so.
    #expect(try await appA.exited(within: TmuxServer.patience))
    try await terminal.launchCommand(room.ssh(ayse))
    try await terminal.waitFor("Resumed at payment", "Card number")
    #expect(try await quote(of: directoryA) == quoteA)

    // A second connection with the same key is told so, and the first carries on.
    let second = try await Command.run(room.ssh(ayse)[0], Array(room.ssh(ayse).dropFirst()))
    #expect(second.output.contains("already in the room with this key"), "\(second.output)")
    #expect(try await terminal.screen().contains("Card number"))

    // No shell, whatever is asked for: without a terminal the app refuses; the command is
    // never run.
    let shell = try await Command.run(
      "/usr/bin/ssh",
      Array(room.ssh(cem, terminal: false).dropFirst()) + ["bash", "-c", "'echo SHELL-$((6*7))'"])
    #expect(!shell.output.contains("SHELL-42"), "\(shell.output)")
    #expect(shell.status != 0)
    // No file transfer: the room's sshd has no sftp subsystem.
    let sftp = try await Command.run(
      "/usr/bin/ssh", Array(room.ssh(cem, terminal: false).dropFirst()) + ["-s", "sftp"])
    #expect(sftp.status != 0, "\(sftp.output)")
  }

  /// The quote the attendee's saved session is at.
  static func quote(of directory: String) async throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/session/snapshot.json"))
    let text = String(decoding: data, as: UTF8.self)
    guard let match = text.firstMatch(of: #/"quoteID"\s*:\s*"([^"]+)"/#) else {
      throw E2EFailure("no quote in the saved session: \(text)")
    }
    return String(match.output.1)
  }

  static func seatOfAlan(in screen: String) -> String? {
    BookingTerminal.seat(of: .alan, in: screen)
  }

  /// After `room down`: no process of the account, no account, no file, the port closed.
  static func expectNothingLeft(_ room: Room, said: String) async throws {
    for thing in [
      "stopped sshd", "removed the account \(room.user)", "removed /opt/booking-room/\(room.user)",
      "removed \(room.directory)",
    ] {
      #expect(said.contains(thing), "room down did not say '\(thing)':\n\(said)")
    }
    let processes = try await Command.run("/usr/bin/pgrep", ["-u", room.user])
    #expect(processes.stdout.isEmpty, "\(processes.stdout)")
    let account = try await Command.run("/usr/bin/id", [room.user])
    #expect(account.status != 0)
    #expect(!FileManager.default.fileExists(atPath: "/opt/booking-room/" + room.user))
    #expect(!FileManager.default.fileExists(atPath: room.directory))
    let connect = try await Command.run(
      "/bin/bash", ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(room.port)"])
    #expect(connect.status != 0, "something still listens on \(room.port)")
  }
}
