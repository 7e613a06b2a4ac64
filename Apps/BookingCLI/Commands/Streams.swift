import Synchronization

/// Where a run of booking-cli reads and writes: the process's standard input, output and error,
/// or, for a run in a test's process, bytes in memory (`BookingCLI.run(_:streams:)`).
public final class CLIStreams: Sendable {
  /// What standard input holds.
  let input: [UInt8]
  private let written = Mutex<(output: [UInt8], error: [UInt8])>(([], []))

  /// Streams whose standard input holds `input`.
  public init(input: String = "") {
    self.input = Array(input.utf8)
  }

  /// What was written to standard output.
  public var standardOutput: String {
    String(decoding: written.withLock { $0.output }, as: UTF8.self)
  }

  /// What was written to standard error.
  public var standardError: String {
    String(decoding: written.withLock { $0.error }, as: UTF8.self)
  }

  func write(_ bytes: [UInt8], error: Bool) {
    written.withLock {
      error ? $0.error.append(contentsOf: bytes) : $0.output.append(contentsOf: bytes)
    }
  }

  /// The streams of the run this task belongs to; nil: the process's own.
  @TaskLocal static var current: CLIStreams?
}
