import Foundation

/// What a finished process left behind.
public struct CommandResult: Sendable {
  public var status: Int32
  /// Whether the process was ended by a signal (then `status` is the signal number).
  public var killedBySignal: Bool
  public var stdout: String
  public var stderr: String
  /// Standard output, then standard error.
  public var output: String { stdout + stderr }

  public init(status: Int32, killedBySignal: Bool, stdout: String, stderr: String) {
    self.status = status
    self.killedBySignal = killedBySignal
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Runs programs for tests, started with `posix_spawn` with no signal blocked and every signal's
/// action the default: a thread of Swift's cooperative pool or of Dispatch blocks nearly every
/// signal, and a child started from it would keep that mask (as Foundation's `Process` lets it),
/// and so would the tmux server it starts and every program in its panes: `SIGTERM`, `SIGHUP`
/// and `SIGCHLD` would stay pending.
public enum Command {
  /// Runs `executable` with `arguments` to the end, on a thread of its own: the wait for its
  /// exit holds none of the threads Swift's cooperative pool runs the tests on. Standard input
  /// is `input` (small: it is written before the output is read), else `/dev/null`.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String? = nil
  ) async throws -> CommandResult {
    try await offTheGlobalExecutor("command") {
      try runBlocking(executable, arguments, environment: environment, input: input)
    }
  }

  /// `run`, waiting on the calling thread: only for code already off the cooperative pool.
  public static func runBlocking(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String? = nil
  ) throws -> CommandResult {
    // A socket, not a pipe: a child that exits before reading its input must fail the write
    // (`MSG_NOSIGNAL`), not end this process with SIGPIPE.
    let stdin = try input.map { _ in try socketPair() }
    let stdout = try pipe()
    let stderr = try pipe()
    let pid = try spawn(
      executable, arguments, environment: environment,
      descriptors: [0: stdin?.read ?? -1, 1: stdout.write, 2: stderr.write])
    for end in [stdin?.read, stdout.write, stderr.write] { if let end { close(end) } }
    if let stdin, let input {
      sendAll(Array(input.utf8), to: stdin.write)
      close(stdin.write)
    }
    let (out, err) = readToEnd(stdout.read, stderr.read)
    let status = waitFor(pid)
    return CommandResult(
      status: status.code, killedBySignal: status.signalled, stdout: out, stderr: err)
  }

  /// Runs a command that forks a daemon (a tmux client starting its server), on the calling
  /// thread: returns its output once the command has exited, read to the end (the daemon
  /// leaves it: tmux's server puts /dev/null in its place). The daemon runs on.
  public static func startDaemon(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws -> (stdout: String, stderr: String) {
    let result = try runBlocking(executable, arguments, environment: environment)
    return (result.stdout, result.stderr)
  }

  /// The first executable called `name` on `PATH` (plus the usual system folders).
  public static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init) + [
        "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin",
      ]
    for folder in folders where !folder.isEmpty {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not show: found by name.
  private static let addCloseFrom:
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
      guard
        let symbol = dlsym(
          UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
      else { fatalError("this glibc has no posix_spawn_file_actions_addclosefrom_np (2.34+)") }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
          .self)
    }()

  /// Starts `executable` with `descriptors` (the child's descriptor → one of this process's;
  /// -1 or none for 0, 1 and 2: /dev/null) and no other descriptor, no signal blocked and
  /// default signal actions, in this process's environment unless given. Returns its PID; the caller reaps it.
  public static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    descriptors: [Int32: Int32]
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for child: Int32 in 0...2 where (descriptors[child] ?? -1) < 0 {
      posix_spawn_file_actions_addopen(
        &actions, child, "/dev/null", child == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    for (child, parent) in descriptors where parent >= 0 {
      posix_spawn_file_actions_adddup2(&actions, parent, child)
    }
    // Nothing else of this process's reaches the child: a file another test has open (a disk's
    // filler, whose space must come back when it is removed) or a lock it holds would live on in
    // the child until it ends.
    let lowest = max(3, (descriptors.keys.max() ?? 2) + 1)
    guard Self.addCloseFrom(&actions, lowest) == 0 else {
      throw SpawnFailure(description: "cannot close descriptors from \(lowest) in the child")
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard status == 0 else {
      throw SpawnFailure(
        description: "cannot start \(executable): \(String(cString: strerror(status)))")
    }
    return pid
  }

  /// Why a program could not be started.
  public struct SpawnFailure: Error, CustomStringConvertible {
    public let description: String
  }

  /// A connected pair of sockets, both closed on exec: `read` for a child's standard input,
  /// `write` for this process, which writes with `sendAll`.
  static func socketPair() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &ends) == 0 else {
      throw SpawnFailure(description: "cannot make a socket pair: errno \(errno)")
    }
    return (ends[0], ends[1])
  }

  /// Sends all of `bytes` to the socket `descriptor`, or as much as its reader takes before it
  /// goes: a reader that has gone fails the send (`MSG_NOSIGNAL`) instead of raising SIGPIPE.
  static func sendAll(_ bytes: [UInt8], to descriptor: Int32) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let sent = rest.withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return }
      rest = rest.dropFirst(sent)
    }
  }

  /// A pipe whose two ends are closed on exec (so no other child inherits them).
  static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard let pipe2 = pipe2Function, pipe2(&ends, O_CLOEXEC) == 0 else {
      throw SpawnFailure(description: "cannot make a pipe: errno \(errno)")
    }
    return (ends[0], ends[1])
  }

  /// `pipe2(2)` from the C library, which Swift's Glibc module does not show.
  private static let pipe2Function:
    (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "pipe2") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()

  /// Reads two descriptors to their ends at once (neither can fill up while the other is read),
  /// and closes them.
  static func readToEnd(_ first: Int32, _ second: Int32) -> (String, String) {
    var open = [first, second]
    var data: [Int32: [UInt8]] = [first: [], second: []]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !open.isEmpty {
      var entries = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      guard poll(&entries, nfds_t(entries.count), -1) >= 0 || errno == EINTR else { break }
      for entry in entries where entry.revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          data[entry.fd, default: []] += buffer[..<count]
        } else if count == 0 || errno != EINTR {
          close(entry.fd)
          open.removeAll { $0 == entry.fd }
        }
      }
    }
    return (
      String(decoding: data[first] ?? [], as: UTF8.self),
      String(decoding: data[second] ?? [], as: UTF8.self)
    )
  }

  /// Reaps `pid`: its exit code, or the signal that ended it.
  static func waitFor(_ pid: pid_t) -> (code: Int32, signalled: Bool) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return (-1, false) }
    }
    // WIFSIGNALED and WTERMSIG, which Swift does not import (they are macros).
    let signal = status & 0x7F
    if signal != 0 && signal != 0x7F { return (signal, true) }
    return ((status >> 8) & 0xFF, false)
  }
}
