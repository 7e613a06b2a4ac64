import Airline
import Domain
import FlowOwner

/// `trips` and `show REF`: the bookings kept in `bookings/`, read without the app's lock, so
/// they work while the app is open.
enum TripsCommands {
  /// `trips`: every booking, newest first. One that cannot be read is named on stderr and the
  /// command ends with 65 after listing the others.
  static func trips(_ invocation: Invocation, json: Bool) async throws(Failure) {
    _ = try invocation.words()
    let folder = try DataFolder.open(explicit: invocation.value("--data-dir"), locking: .none)
    let calls = folder.calls
    var bookings: [Booking] = []
    var unreadable: [Failure] = []
    do throws(ServiceError) {
      for listed in try await calls.bookingList() {
        do throws(ServiceError) {
          bookings.append(try await calls.booking(reference: listed.reference))
        } catch {
          unreadable.append(.airline(error))
        }
      }
    } catch {
      throw .airline(error)
    }
    bookings.sort { ($0.paidAt, $0.reference.rawValue) > ($1.paidAt, $1.reference.rawValue) }
    if json {
      try Output.json(bookings.map(BookingReport.init))
    } else if bookings.isEmpty {
      if unreadable.isEmpty { print("No bookings yet in \(folder.path).") }
    } else {
      Output.table(
        ["REF", "PAID", "FLIGHT", "ROUTE", "DEPARTS", "PASSENGERS", "TOTAL"],
        bookings.map { booking in
          [
            booking.reference.rawValue, Output.instant(booking.paidAt),
            booking.offer.flightNumbers.map(\.description).joined(separator: "+"),
            "\(booking.offer.origin.code)-\(booking.offer.destination.code)",
            OfferReport.local(booking.offer.departure), String(booking.passengers.count),
            booking.totalPaid.formatted(),
          ]
        })
    }
    if let first = unreadable.first {
      for failure in unreadable.dropFirst() { Output.error("booking-cli: \(failure.message)\n") }
      throw first
    }
  }

  /// `show REF`: one booking.
  static func show(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let text = try invocation.words("REF")[0]
    let reference: BookingReference
    do {
      reference = try BookingReference(text)
    } catch {
      throw .usage("REF '\(text)' is not a booking reference like K7Q2ZP")
    }
    let folder = try DataFolder.open(explicit: invocation.value("--data-dir"), locking: .none)
    let booking: Booking
    do throws(ServiceError) {
      booking = try await folder.calls.booking(reference: reference)
    } catch {
      throw .airline(error)
    }
    try report(booking, json: json)
  }

  /// A booking, as JSON or as labelled lines.
  static func report(_ booking: Booking, json: Bool) throws(Failure) {
    let report = BookingReport(booking)
    if json {
      try Output.json(report)
      return
    }
    var fields: [(String, String)] = [
      ("Booking", report.reference),
      ("Flight", QuoteCommand.flightLine(report.offer)),
      ("Arrives", report.offer.arrival),
    ]
    for passenger in report.passengers {
      fields.append(("Passenger \(passenger.number)", passenger.line))
    }
    if report.insurance { fields.append(("Insurance", "yes")) }
    fields += [
      ("Contact", "\(booking.contact.email), \(booking.contact.phone)"),
      ("Paid", "\(booking.totalPaid.formatted()) with \(report.card) at \(report.paidAt)"),
    ]
    Output.fields(fields)
  }
}
