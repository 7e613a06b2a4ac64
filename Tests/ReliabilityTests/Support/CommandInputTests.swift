import Foundation
import TestSupport
import Testing

/// A child started with input may exit before reading it (a refusal, a usage error): writing
/// the rest must fail quietly, never end the test process with SIGPIPE.
@Suite("A command's input")
struct CommandInputTests {
  @Test("a child that exits without reading its input: the write fails, this process goes on")
  func childExitsBeforeReading() async throws {
    // Far more than a pipe or socket buffer holds, to a child that reads none of it.
    let input = String(repeating: "4242424242424242\n", count: 200_000)
    let result = try await Command.run("/bin/true", [], input: input)
    #expect(result.status == 0)
    #expect(!result.killedBySignal)
    let echoed = try await Command.run("/bin/cat", [], input: "all of it\n")
    #expect(echoed.stdout == "all of it\n")
  }
}
