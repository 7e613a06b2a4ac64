import Foundation
import TestSupport
import Testing

/// The harnesses signal a pane's process on close only if it is still the process they started:
/// PIDs wrap, and a stale one may name another test's process.
@Suite("Process identity")
struct ProcessIdentityTests {
  @Test("a process is running until it ends; after that its identity signals nothing")
  func identity() async throws {
    // A child that follows an empty file until it is killed; started, killed and waited for on
    // a thread of their own.
    let (identity, reason) = try await offTheGlobalExecutor("identity") {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/usr/bin/tail")
      child.arguments = ["-f", "/dev/null"]
      // Not this process's output: a child left running must not hold the runner's pipes.
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      try child.run()
      guard let identity = ProcessIdentity(child.processIdentifier) else {
        throw ReliabilityFailure("no identity for a running child")
      }
      #expect(identity.isRunning)
      #expect(ProcessIdentity(child.processIdentifier) == identity)
      identity.kill(SIGKILL)
      child.waitUntilExit()
      return (identity, child.terminationReason)
    }
    #expect(reason == .uncaughtSignal)
    #expect(!identity.isRunning)
    // Another process with the same PID would have another start time; none is signalled here.
    identity.kill(SIGKILL)
    #expect(ProcessIdentity(getpid())?.isRunning == true)
  }

  @Test("a wait for a process's exit ends when it exits, told by the kernel")
  func exitIsAnEvent() async throws {
    let (identity, child) = try await offTheGlobalExecutor("exit") {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/usr/bin/tail")
      child.arguments = ["-f", "/dev/null"]
      // Not this process's output: a child left running must not hold the runner's pipes.
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      try child.run()
      return (ProcessIdentity(child.processIdentifier), child.processIdentifier)
    }
    let running = try #require(identity)
    #expect(try await running.exited(within: 0.05) == false)
    #expect(kill(child, SIGKILL) == 0)
    #expect(try await running.exited(within: 5))
  }
}
