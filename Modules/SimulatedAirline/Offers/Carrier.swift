import Airline
import Domain

/// An airline the simulation sells, with the hubs it flies from.
struct Carrier: Sendable {
  let code: String
  let name: String
  let hubs: [String]
  /// Whether it flies only short routes (a low-cost carrier).
  let shortHaulOnly: Bool

  var airline: Airline? { try? Airline(code: code, name: name) }

  static let all: [Carrier] = [
    Carrier(code: "TK", name: "Turkish Airlines", hubs: ["IST"], shortHaulOnly: false),
    Carrier(
      code: "PC", name: "Pegasus Airlines", hubs: ["SAW", "ADB", "AYT"], shortHaulOnly: true),
    Carrier(code: "VF", name: "AJet", hubs: ["ESB", "SAW"], shortHaulOnly: true),
    Carrier(code: "KL", name: "KLM", hubs: ["AMS"], shortHaulOnly: false),
    Carrier(code: "LH", name: "Lufthansa", hubs: ["FRA", "MUC"], shortHaulOnly: false),
    Carrier(code: "AF", name: "Air France", hubs: ["CDG"], shortHaulOnly: false),
    Carrier(code: "BA", name: "British Airways", hubs: ["LHR"], shortHaulOnly: false),
    Carrier(code: "IB", name: "Iberia", hubs: ["MAD"], shortHaulOnly: false),
    Carrier(code: "AZ", name: "ITA Airways", hubs: ["FCO"], shortHaulOnly: false),
    Carrier(code: "LX", name: "Swiss", hubs: ["ZRH"], shortHaulOnly: false),
    Carrier(code: "OS", name: "Austrian Airlines", hubs: ["VIE"], shortHaulOnly: false),
    Carrier(code: "SK", name: "SAS", hubs: ["CPH", "ARN", "OSL"], shortHaulOnly: false),
    Carrier(code: "AY", name: "Finnair", hubs: ["HEL"], shortHaulOnly: false),
    Carrier(code: "LO", name: "LOT Polish Airlines", hubs: ["WAW"], shortHaulOnly: false),
    Carrier(code: "EI", name: "Aer Lingus", hubs: ["DUB"], shortHaulOnly: false),
    Carrier(code: "TP", name: "TAP Air Portugal", hubs: ["LIS"], shortHaulOnly: false),
    Carrier(code: "U2", name: "easyJet", hubs: ["LGW", "BER", "GVA"], shortHaulOnly: true),
    Carrier(code: "EK", name: "Emirates", hubs: ["DXB"], shortHaulOnly: false),
    Carrier(code: "QR", name: "Qatar Airways", hubs: ["DOH"], shortHaulOnly: false),
    Carrier(code: "EY", name: "Etihad Airways", hubs: ["AUH"], shortHaulOnly: false),
    Carrier(
      code: "DL", name: "Delta Air Lines", hubs: ["ATL", "JFK", "SEA"], shortHaulOnly: false),
    Carrier(
      code: "UA", name: "United Airlines", hubs: ["ORD", "SFO", "EWR", "IAH", "DEN"],
      shortHaulOnly: false),
    Carrier(
      code: "AA", name: "American Airlines", hubs: ["DFW", "MIA", "ORD"], shortHaulOnly: false),
    Carrier(code: "AC", name: "Air Canada", hubs: ["YYZ", "YUL", "YVR"], shortHaulOnly: false),
    Carrier(code: "SQ", name: "Singapore Airlines", hubs: ["SIN"], shortHaulOnly: false),
    Carrier(code: "CX", name: "Cathay Pacific", hubs: ["HKG"], shortHaulOnly: false),
    Carrier(code: "NH", name: "ANA", hubs: ["HND", "NRT"], shortHaulOnly: false),
    Carrier(code: "KE", name: "Korean Air", hubs: ["ICN"], shortHaulOnly: false),
    Carrier(code: "CA", name: "Air China", hubs: ["PEK"], shortHaulOnly: false),
    Carrier(code: "MU", name: "China Eastern", hubs: ["PVG"], shortHaulOnly: false),
    Carrier(code: "QF", name: "Qantas", hubs: ["SYD", "MEL"], shortHaulOnly: false),
    Carrier(code: "LA", name: "LATAM", hubs: ["GRU", "SCL", "LIM"], shortHaulOnly: false),
    Carrier(code: "ET", name: "Ethiopian Airlines", hubs: ["ADD"], shortHaulOnly: false),
    Carrier(code: "MS", name: "EgyptAir", hubs: ["CAI"], shortHaulOnly: false),
    Carrier(code: "AI", name: "Air India", hubs: ["DEL", "BOM"], shortHaulOnly: false),
    Carrier(code: "TG", name: "Thai Airways", hubs: ["BKK"], shortHaulOnly: false),
  ]
}
