import Foundation
import Persistence
import Testing

@Suite("Where a corrupt record's JSON goes wrong")
struct JSONSyntaxTests {
  @Test(
    "the reason names the problem and its line and column",
    arguments: [
      ("{\"data\": 1,,}", "not valid JSON: unexpected ',' at line 1, column 12"),
      ("{\"data\":\n  tru}", "not valid JSON: unexpected '}' at line 2, column 6"),
      ("{\"a\": [1 2]}", "not valid JSON: unexpected '2' at line 1, column 10"),
      ("{\"a\" 1}", "not valid JSON: unexpected '1' at line 1, column 6"),
      ("[1, 2", "not valid JSON: unexpected end of file at line 1, column 6"),
      ("{\"a\": 1} x", "not valid JSON: unexpected 'x' at line 1, column 10"),
      (
        String(repeating: "[", count: 600),
        "not valid JSON: nested deeper than 512 levels at line 1, column 513"
      ),
    ])
  func reasons(text: String, reason: String) throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try scratch.write(text, to: "quotes/bad.json")
      #expect {
        try store.load(Itinerary.self, id: "bad", kind: Kinds.quotes)
      } throws: { error in
        guard case .corrupt(_, let found, _) = error as? StoreError else { return false }
        return found == reason
      }
    }
  }
}
