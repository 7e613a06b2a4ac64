import Airline
import AirlineTesting
import Domain
import FlowOwner
import Foundation
import Synchronization
import TestSupport
import Testing

/// The AirlineTesting product as a package of another's tests uses it: no test framework of its
/// own, a `TestAirline` that reports each unexpected call to whatever the test gives it.
@Suite("AirlineTesting")
struct AirlineTestingTests {
  @Test("an unexpected call is told to the reporter the test gave, by name, and throws")
  func unexpectedCallIsReported() async throws {
    let reported = Mutex<[String]>([])
    let airline = TestAirline(unexpected: { message in reported.withLock { $0.append(message) } })
    await #expect(throws: ServiceError.storage("unexpected call: offer(id:)")) {
      try await BookingCalls(airline.services).offer(id: OfferID("o1"))
    }
    #expect(
      reported.withLock { $0 }
        == ["the test airline was asked offer(id:), which this test did not expect"])
  }

  @Test("a call the test sets answers with the fixtures, and nothing is reported")
  func setCallAnswers() async throws {
    let reported = Mutex<[String]>([])
    var airline = TestAirline(unexpected: { message in reported.withLock { $0.append(message) } })
    let offers = try Fixture.offers()
    airline.offers = { _ in offers }
    #expect(try await BookingCalls(airline.services).offers(for: Fixture.criteria()) == offers)
    #expect(reported.withLock { $0 }.isEmpty)
  }

  @Test("the module imports no test framework, so XCTest and Swift Testing can both use it")
  func noTestFramework() throws {
    let folder = PackageExecutable.root.appendingPathComponent("Modules/AirlineTesting")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
      #expect(!imports.contains { $0.contains("Testing") || $0.contains("XCTest") }, "\(file)")
    }
  }
}
