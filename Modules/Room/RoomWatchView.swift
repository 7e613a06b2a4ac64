import Canvas
import Domain
import FlowOwner
import SimulatedAirline
import Widgets

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws a room for a projector: a title line, a row per attendee, and below them the cabins
/// of the flights being booked, seat by seat (free, booked before, held, sold), with a legend.
/// Rows that do not fit are counted ("+ 12 more"); cabins that do not fit are left out.
public enum RoomWatchView {
  /// The glyphs of a cabin's seats.
  static let free = "·"
  static let before = "▪"
  static let held = "◆"
  static let sold = "█"

  public static func draw(
    _ picture: RoomPicture, now: Date, on canvas: inout Canvas, theme: Theme
  ) {
    canvas.fill(canvas.bounds)
    let width = canvas.width
    let height = canvas.height
    guard width >= 20, height >= 6 else {
      canvas.put("room: too small", x: 0, y: 0, style: theme.text)
      return
    }
    let paid = picture.attendees.count { $0.booking != nil }
    let connected = picture.attendees.count(where: \.connected)
    let heldSeats = picture.attendees.reduce(0) { $0 + picture.holds(of: $1, at: now).seats.count }
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.header)
    canvas.put(" " + picture.name, x: 0, y: 0, style: theme.header.adding(.bold))
    let stamp = Self.clock(now)
    canvas.put(stamp, x: width - stamp.count - 1, y: 0, style: theme.header)
    func count(_ value: Int, _ one: String, _ many: String) -> String {
      "\(value) " + (value == 1 ? one : many)
    }
    let summary =
      " " + count(picture.attendees.count, "attendee", "attendees") + " · \(connected) connected · "
      + count(heldSeats, "seat held", "seats held") + " · \(paid) paid"
    canvas.put(summary, x: 0, y: 1, style: theme.dim)

    // The cabins take the bottom: a title, a row per seat letter and aisle, a legend.
    let cabinRows = picture.cabins.isEmpty ? 0 : Self.cabinHeight(picture.cabins) + 1
    let footer = height - 1
    let tableBottom = max(3, footer - cabinRows)
    drawTable(picture, now: now, rows: 2..<tableBottom, width: width, canvas: &canvas, theme: theme)
    if cabinRows > 0, tableBottom < footer {
      drawCabins(
        picture.cabins, now: now,
        area: Rect(x: 0, y: tableBottom, width: width, height: footer - tableBottom),
        canvas: &canvas, theme: theme)
    }
    canvas.fill(Rect(x: 0, y: footer, width: width, height: 1), style: theme.footer)
    canvas.put(
      " q quit · read from the room's files: never a passenger's name, email or card",
      x: 0, y: footer, style: theme.footer, clip: Rect(x: 0, y: footer, width: width, height: 1))
  }

  /// "TK1951 12-24 · 3 held 2 sold": the flight, its day (and its cabin, unless economy) from
  /// the record's name, and what the room's travellers hold and bought.
  static func title(_ cabin: CabinFloor, now: Date) -> String {
    let parts = cabin.flight.split(separator: "-")
    let name =
      parts.count == 5
      ? "\(parts[0]) \(parts[2])-\(parts[3])" + (parts[4] == "economy" ? "" : " \(parts[4])")
      : cabin.flight
    let held = cabin.held.values.count { $0.expiresAt > now }
    return name + " · \(held) held \(cabin.sold.count) sold"
  }

  private static func cabinHeight(_ cabins: [CabinFloor]) -> Int {
    (cabins.map { $0.map.columns.count }.max() ?? 0) + 1
  }

  /// `HH:MM:SS` UTC.
  static func clock(_ now: Date) -> String {
    let seconds = ((Int(now.timeIntervalSince1970.rounded(.down)) % 86_400) + 86_400) % 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return two(seconds / 3600) + ":" + two(seconds % 3600 / 60) + ":" + two(seconds % 60) + " UTC"
  }

  /// `m:ss` left until `expiry`.
  static func left(_ expiry: Date, _ now: Date) -> String {
    let seconds = max(0, Int(expiry.timeIntervalSince(now).rounded(.up)))
    return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
  }

  private static func drawTable(
    _ picture: RoomPicture, now: Date, rows: Range<Int>, width: Int, canvas: inout Canvas,
    theme: Theme
  ) {
    guard rows.count >= 2 else { return }
    // Name 16, step 13, seats held 18, paid 9, the rest the last drop.
    let columns = [1, 18, 32, 51, 61]
    let headings = ["NAME", "STEP", "SEATS HELD", "PAID", "LAST DROP"]
    let y0 = rows.lowerBound
    for (x, heading) in zip(columns, headings) where x < width {
      canvas.put(heading, x: x, y: y0, style: theme.strong)
    }
    let space = rows.count - 1
    let attendees = picture.attendees
    let shown = attendees.count <= space ? attendees.count : max(0, space - 1)
    for (index, attendee) in attendees.prefix(shown).enumerated() {
      let y = y0 + 1 + index
      let clip = Rect(x: 0, y: y, width: width, height: 1)
      let nameStyle = attendee.connected ? theme.text : theme.dim
      canvas.put(
        (attendee.connected ? "●" : "○"), x: 0, y: y,
        style: attendee.connected ? theme.success : theme.dim,
        clip: clip)
      canvas.put(
        String((attendee.name ?? "(no name yet)").prefix(16)), x: columns[0], y: y,
        style: attendee.name == nil ? theme.dim : nameStyle, clip: clip)
      canvas.put(
        attendee.step.map { "\($0)" } ?? "—", x: columns[1], y: y, style: theme.text, clip: clip)
      let holds = picture.holds(of: attendee, at: now)
      if holds.seats.isEmpty {
        canvas.put("—", x: columns[2], y: y, style: theme.dim, clip: clip)
      } else {
        let seats = holds.seats.map(\.description).joined(separator: " ")
        let countdown = holds.expiresAt.map { " " + left($0, now) } ?? ""
        let text = String((seats + countdown).prefix(18))
        let remaining = holds.expiresAt.map { $0.timeIntervalSince(now) } ?? 0
        canvas.put(
          text, x: columns[2], y: y,
          style: remaining < Double(CountdownView.criticalSeconds)
            ? theme.critical
            : remaining < Double(CountdownView.warningSeconds) ? theme.warning : theme.text,
          clip: clip)
      }
      if let booking = attendee.booking {
        canvas.put(
          "✓ " + booking.description, x: columns[3], y: y, style: theme.success, clip: clip)
      } else {
        canvas.put("—", x: columns[3], y: y, style: theme.dim, clip: clip)
      }
      if let drop = attendee.lastDrop, columns[4] < width {
        let room = width - columns[4] - 1
        let text = drop.count > room ? String(drop.prefix(max(0, room - 1))) + "…" : drop
        canvas.put(text, x: columns[4], y: y, style: theme.warning, clip: clip)
      }
    }
    if shown < attendees.count {
      canvas.put(
        "+ \(attendees.count - shown) more", x: columns[0], y: y0 + 1 + shown, style: theme.dim)
    }
    if attendees.isEmpty {
      canvas.put(
        "No attendee yet: they connect with the line `room up` printed.", x: columns[0],
        y: y0 + 1, style: theme.dim)
    }
  }

  private static func drawCabins(
    _ cabins: [CabinFloor], now: Date, area: Rect, canvas: inout Canvas, theme: Theme
  ) {
    // A cabin seen from the side: a column per row, a line per seat letter (aisles blank);
    // the legend under them.
    let legend = "\(free) free  \(before) booked before  \(held) held  \(sold) sold"
    let legendRow = area.y + area.height - 1
    if legendRow > area.y { canvas.put(legend, x: 1, y: legendRow, style: theme.dim) }
    var x = 1
    for cabin in cabins {
      let rows = cabin.map.rows
      let title = Self.title(cabin, now: now)
      let needed = max(rows.count + 2, title.count)
      guard x + needed <= area.width else { break }
      canvas.put(title, x: x, y: area.y, style: theme.strong)
      let seats = Dictionary(
        cabin.map.seats.map { ($0.designator, $0) }, uniquingKeysWith: { a, _ in a })
      for (line, column) in cabin.map.columns.enumerated() {
        let y = area.y + 1 + line
        guard y < legendRow else { break }
        guard case .seat(let letter) = column else { continue }
        canvas.put(letter, x: x, y: y, style: theme.dim)
        for (index, row) in rows.enumerated() {
          guard let character = letter.first,
            let designator = try? SeatDesignator(row: row, letter: character),
            let seat = seats[designator]
          else { continue }
          let (glyph, style): (String, Style)
          if cabin.sold[designator] != nil {
            (glyph, style) = (sold, theme.success)
          } else if let hold = cabin.held[designator], hold.expiresAt > now {
            (glyph, style) = (held, theme.warning)
          } else if seat.occupied {
            (glyph, style) = (before, theme.dim)
          } else {
            (glyph, style) = (free, theme.text)
          }
          canvas.put(glyph, x: x + 2 + index, y: y, style: style)
        }
      }
      x += needed + 2
    }
  }
}
