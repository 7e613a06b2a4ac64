import FlowOwner
import Foundation
import Testing

/// A kind of step on disk (a journal's header names the step a kept session is at): by name, so
/// a step inserted between two others renumbers nothing; the numbers earlier versions wrote still
/// read as they meant.
@Suite("A kind of step, written and read")
struct StepKindCodingTests {
  @Test("each kind is written by its name and reads back", arguments: StepKind.allCases)
  func byName(_ kind: StepKind) throws {
    let data = try JSONEncoder().encode([kind])
    #expect(String(decoding: data, as: UTF8.self) == "[\"\(kind.description)\"]")
    #expect(try JSONDecoder().decode([StepKind].self, from: data) == [kind])
  }

  @Test("the numbers earlier versions wrote read as the kinds they were then")
  func earlierNumbers() throws {
    let read = try JSONDecoder().decode([StepKind].self, from: Data("[0,1,2,3,4,5]".utf8))
    #expect(read == [.search, .results, .passengers, .extras, .payment, .confirmation])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([StepKind].self, from: Data("[6]".utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([StepKind].self, from: Data("[\"no-such-step\"]".utf8))
    }
  }
}
