import Foundation
import TestSupport
import Testing

/// The harnesses signal a pane's process on close only if it is still the process they started:
/// PIDs wrap, and a stale one may name another test's process.
@Suite("Process identity")
struct ProcessIdentityTests {
  @Test("a process is running until it ends; after that its identity signals nothing")
  func identity() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["30"]
    try child.run()
    let identity = try #require(ProcessIdentity(child.processIdentifier))
    #expect(identity.isRunning)
    #expect(ProcessIdentity(child.processIdentifier) == identity)
    identity.kill(SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(!identity.isRunning)
    // Another process with the same PID would have another start time; none is signalled here.
    identity.kill(SIGKILL)
    #expect(ProcessIdentity(getpid())?.isRunning == true)
  }
}
