import Foundation
import TestSupport
import Testing

/// Whole bookings driven by keys in a real terminal.
@Suite("Booking flows in a real terminal")
struct BookingFlowTests {
  @Test(
    "A whole booking for two, with seats and a bag, ends with a saved booking and no card number on disk"
  )
  func wholeBooking() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    try await terminal.searchIstanbulToAmsterdam(passengers: 2)
    let flights = try await terminal.chooseOffer()
    try await terminal.fillPassengers([.ada, .alan])
    let seats = try await terminal.pickSeats(for: [.ada, .alan])
    #expect(seats.count == 2 && Set(seats).count == 2, "two different seats: \(seats)")

    try await terminal.press("Tab", "+")  // Bags: one for Ada, the highlighted passenger.
    try await terminal.waitFor("one bag for Ada") { $0.contains("Ada Lovelace  − 1 +") }

    let payment = try await terminal.continueToPayment()
    #expect(payment.contains("┌ Payment · \(seats.sorted().joined(separator: " ")), 1 bag"))
    #expect(payment.contains("Seat \(seats[0]), passenger 1"))
    #expect(payment.contains("Seat \(seats[1]), passenger 2"))
    #expect(payment.contains("1 checked bag, passenger 1"))

    try await terminal.pay(card: BookingTerminal.payingCard)
    // The reference shows at once; the travellers once the booking has been read.
    let confirmation = try await terminal.waitFor("the confirmation with the booking read") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
        && !$0.contains("Loading your booking")
    }
    let reference = try #require(BookingTerminal.reference(in: confirmation))
    #expect(reference.count == 6)
    #expect(confirmation.contains("Ada Lovelace · \(seats[0]) · 1 bag"), "\(confirmation)")
    #expect(confirmation.contains("Alan Turing · \(seats[1])"), "\(confirmation)")
    let firstFlight = String(flights.prefix { $0 != "+" })
    #expect(confirmation.contains(firstFlight), "the chosen offer's flight \(firstFlight)")

    let files = DataFiles(root: terminal.dataDirectory)
    let booking = try #require(
      files.text("bookings/\(reference).json"),
      "bookings/\(reference).json is missing; files: \(files.all())")
    for name in ["Ada", "Lovelace", "Alan", "Turing"] {
      #expect(booking.contains("\"\(name)\""), "the booking file names \(name)")
    }
    #expect(try files.snapshotPosition().step == "confirmation")
    #expect(files.containing("4242424242424242") == [], "the full card number is on disk")
    #expect(files.containing("4242 4242 4242 4242") == [], "the full card number is on disk")
    #expect(files.corrupt() == [])

    // The log says what happened, in kinds and IDs: never a name, an email or a card digit.
    let log = try #require(files.text("log/booking.log"), "no log; files: \(files.all())")
    #expect(log.contains("start: booking"), "\(log)")
    #expect(log.contains("flow: accepted searchSubmitted(IST->AMS"), "\(log)")
    #expect(log.contains("flow: accepted paid(\(reference), from: payment) -> [confirmation]"))
    for secret in [
      "Ada", "Lovelace", "Alan", "Turing", "@example.com", "4242424242424242", "4242 4242", "12/30",
    ] {
      #expect(!log.contains(secret), "the log holds \(secret)")
    }

    // The app keeps to FoundationEssentials: after a whole booking (time zones, money, JSON,
    // airport search) it has not loaded Foundation's ICU layer (about 11 MB of memory).
    let maps = try String(contentsOfFile: "/proc/\(try terminal.panePID())/maps", encoding: .utf8)
    for library in ["libFoundation.so", "libFoundationInternationalization.so", "_FoundationICU"] {
      #expect(!maps.contains(library), "the app loaded \(library)")
    }
  }

  @Test(
    "Going back from extras to results and choosing another offer keeps the names but not the seat")
  func backNavigation() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    try await terminal.searchIstanbulToAmsterdam(passengers: 2)
    let firstFlights = try await terminal.chooseOffer()
    try await terminal.fillPassengers([.ada, .alan])
    let seats = try await terminal.pickSeats(for: [.ada])

    try await terminal.press("Escape")
    try await terminal.waitFor("the passengers form again") {
      $0.contains("┌ Passengers · \(firstFlights)") && !$0.contains("┌ Extras · ")
    }
    try await terminal.press("Escape")
    try await terminal.waitForResults()

    let secondFlights = try await terminal.chooseOffer(down: 1)
    #expect(secondFlights != firstFlights, "Down then Enter chose another offer")
    let form = try await terminal.screen()
    for traveller in [Traveller.ada, .alan] {
      #expect(form.contains("Given name          \(traveller.given)"), "\(form)")
      #expect(form.contains("Family name         \(traveller.family)"), "\(form)")
    }

    try await terminal.press("BTab", "Enter")  // Shift-Tab wraps to Continue.
    let extras = try await terminal.waitForExtras()
    #expect(extras.contains("┌ Extras · 2 passengers · \(secondFlights)"), "\(extras)")
    #expect(
      extras.contains("1 Ada Lovelace  no seat"), "the earlier seat \(seats) is gone:\n\(extras)")
    #expect(extras.contains("2 Alan Turing  no seat"), "\(extras)")
    #expect(BookingTerminal.seat(of: .ada, in: extras) == nil)
  }
}
