import Airline
import Domain
import FlowOwner

#if canImport(Glibc)
  import Glibc
#endif

/// `trips` and `show REF`: the bookings kept in `bookings/`, read without the app's lock, so
/// they work while the app is open.
enum TripsCommands {
  /// The columns of `trips`, each as wide as its widest content, so each row is printed as soon
  /// as its booking is read and every row lines up; FLIGHTS, whose length has no bound, comes
  /// last. A round trip's FLIGHTS are the outbound's, `/`, the return's (TK1957/TK1958); its
  /// ROUTE comes back (IST-AMS-IST) and its RETURNS is the return's departure; a one-way trip's
  /// RETURNS is `-`. PASSENGERS is the party: `2` for two adults, `2A1C1I` for two adults, a
  /// child and an infant. TOTAL holds up to `TRY 9,999,999.99`, more than nine seats cost.
  /// STATUS is `booked` or `cancelled`.
  static let columns: [(name: String, width: Int)] = [
    ("REF", 6), ("PAID", 20), ("ROUTE", 11), ("DEPARTS", 16), ("RETURNS", 16),
    ("PASSENGERS", 10), ("TOTAL", 16), ("STATUS", 9), ("FLIGHTS", 0),
  ]

  /// `trips`: every booking, newest written first, each read and printed before the next, so
  /// memory stays the same however many there are (`--json` writes the array element by
  /// element). One that cannot be read is named on stderr and the command ends with 65 after
  /// listing the others. No data directory yet: no bookings, and none is made.
  /// `--limit N` lists the newest N only; `--json-lines` writes each booking as one line of
  /// JSON, for a reader that takes them one at a time.
  static func trips(_ invocation: Invocation, json: Bool) async throws(Failure) {
    _ = try invocation.words()
    var limit = Int.max
    if let text = invocation.value("--limit") {
      guard let count = Int(text), count >= 0 else {
        throw .usage("--limit takes a number of bookings, 0 or more, not '\(text)'")
      }
      limit = count
    }
    let lines = invocation.has("--json-lines")
    if lines, json { throw .usage("--json-lines and --json are two forms: give one") }
    let (path, existing) = try DataFolder.openExisting(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"))
    guard let folder = existing else {
      if json {
        Output.line("[]")
      } else if !lines {
        Output.line("No bookings yet in \(path).")
      }
      return
    }
    let calls = folder.calls
    let listed: [BookingListing]
    do throws(ServiceError) {
      listed = try await calls.bookingList()
    } catch {
      throw .airline(error)
    }
    let widths = columns.map(\.width)
    var writer = Output.ArrayWriter()
    var shown = 0
    var firstUnreadable: Failure?
    for entry in listed.prefix(limit) {
      let booking: Booking
      do throws(ServiceError) {
        booking = try await calls.booking(reference: entry.reference)
      } catch {
        if firstUnreadable == nil {
          firstUnreadable = .airline(error)
        } else {
          Output.error("booking-cli: \(Failure.airline(error).message)\n")
        }
        continue
      }
      if json {
        try writer.append(BookingReport(booking))
      } else if lines {
        try Output.jsonLine(BookingReport(booking))
      } else {
        if shown == 0 { Output.row(columns.map(\.name), widths: widths) }
        let offer = booking.offer
        Output.row(
          [
            booking.reference.rawValue, ISOTime.instant(booking.paidAt),
            TripText.trip(offer), OfferReport.local(offer.departure),
            offer.inbound.map { OfferReport.local($0.departure) } ?? "-", offer.party.description,
            booking.totalPaid.formatted(), report(status: booking),
            offer.slices.map(TripText.flights).joined(separator: "/"),
          ], widths: widths)
      }
      shown += 1
    }
    if json {
      writer.finish()
    } else if shown == 0, firstUnreadable == nil, !lines {
      Output.line("No bookings yet in \(folder.path).")
    }
    if var first = firstUnreadable {
      first.outputWritten = json || lines
      throw first
    }
  }

  /// `show REF`: one booking, with what its fare allows, or its cancellation and refund. No data directory yet: no such booking, and none is made.
  static func show(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let reference = try IDForms.reference(invocation.words("REF")[0])
    guard
      let folder = try DataFolder.openExisting(
        explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir")
      ).folder
    else { throw .airline(.bookingNotFound(reference)) }
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
    var fields = [("Booking", report.reference)] + TripText.sliceFields(booking.offer)
    fields.append(("Party", TripText.party(booking.offer.party)))
    for passenger in report.passengers {
      fields.append(("Passenger \(passenger.number)", passenger.line))
    }
    if report.insurance { fields.append(("Insurance", "yes")) }
    fields += [
      ("Contact", "\(booking.contact.email), \(booking.contact.phone)"),
      ("Paid", "\(booking.totalPaid.formatted()) with \(report.card) at \(report.paidAt)"),
    ]
    for (change, line) in zip(booking.changes, report.changes) {
      let total = change.quote.total
      let money =
        total.pays
        ? "\(total.toPay.formatted()) paid" + (line.paidWith.map { " with \($0)" } ?? "")
        : total.refunds
          ? "\(total.toRefund.formatted()) refunded to \(change.quote.refundTo.displayName)"
          : "free"
      fields.append(
        (
          "Changed",
          "version \(line.version) at \(line.changedAt): flight \(line.slice) to "
            + "\(line.flights.joined(separator: "+")), \(money)"
        ))
    }
    if let cancellation = booking.cancellation, let cancelled = report.cancellation {
      fields.append(
        (
          "Cancelled",
          "at \(cancelled.cancelledAt ?? ""), \(cancellation.refund.formatted()) refunded to "
            + cancelled.refundTo
        ))
    } else {
      fields += TripText.conditionFields(booking.offer.conditions)
    }
    Output.fields(fields)
  }

  /// A booking's STATUS: `booked`, or `cancelled`.
  static func report(status booking: Booking) -> String {
    booking.isCancelled ? "cancelled" : "booked"
  }
}
