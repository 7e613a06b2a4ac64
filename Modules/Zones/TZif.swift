/// A parsed TZif file (RFC 8536, versions 1 to 4): transitions, local time types and, from
/// version 2 on, the POSIX rule of the footer.
///
/// Version 2+ files repeat their data with 64-bit times after a 32-bit block; only the second
/// block is read. Every count and index is checked against the bytes there are: a truncated or
/// malformed file gives nil. Leap-second records (the "right/" files) are skipped.
struct TZif: Equatable, Sendable {
  /// A local time type: offset, daylight flag and abbreviation.
  struct LocalTimeType: Equatable, Sendable {
    /// Seconds east of UTC.
    let utoff: Int
    /// Whether the file marks it as daylight-saving time.
    let isDST: Bool
    /// Such as "EEST" or "+03".
    let abbreviation: String
  }

  /// A transition: from `time` (seconds since 1970 UTC) on, `types[typeIndex]` applies.
  struct Transition: Equatable, Sendable {
    let time: Int
    let typeIndex: Int
  }

  /// 0 for version 1, else the ASCII digit ("2", "3", "4").
  let version: UInt8
  /// In strictly increasing order of time.
  let transitions: [Transition]
  /// At least one; the first is in force before the first transition.
  let types: [LocalTimeType]
  /// The POSIX TZ rule for times after the last transition; nil when the file has none.
  let footer: String?

  /// The largest file read: real ones are a few kilobytes.
  static let maxBytes = 1 << 20

  /// Parses `bytes`; nil if they are not a well-formed TZif file.
  init?(_ bytes: [UInt8]) {
    guard bytes.count <= Self.maxBytes else { return nil }
    var reader = Reader(bytes: bytes)
    guard let first = reader.header() else { return nil }
    guard first.version >= UInt8(ascii: "2") else {
      guard let block = reader.block(first, timeSize: 4), reader.atEnd else { return nil }
      self.init(version: first.version, block: block, footer: nil)
      return
    }
    // The version 1 block is checked for size, then skipped for the 64-bit one.
    guard reader.skip(first.blockSize(timeSize: 4)), let second = reader.header(),
      second.version == first.version, let block = reader.block(second, timeSize: 8),
      let footer = reader.footer(), reader.atEnd
    else { return nil }
    self.init(version: first.version, block: block, footer: footer.isEmpty ? nil : footer)
  }

  private init(version: UInt8, block: Block, footer: String?) {
    self.version = version
    self.transitions = block.transitions
    self.types = block.types
    self.footer = footer
  }

  /// The zone named `identifier`: the first type before the first transition (RFC 8536 3.2),
  /// the transitions, then the footer's rule. nil if the footer does not parse.
  func zone(identifier: String) -> Zone? {
    guard let first = types.first else { return nil }
    let daylight = Self.daylightAsFoundation(
      [first] + transitions.map { types[$0.typeIndex] })
    let initial = Zone.LocalTime(secondsFromGMT: first.utoff, isDaylightSavingTime: daylight[0])
    var changes: [Zone.Transition] = []
    changes.reserveCapacity(transitions.count)
    for (index, transition) in transitions.enumerated() {
      let type = types[transition.typeIndex]
      changes.append(
        Zone.Transition(
          time: transition.time,
          localTime: Zone.LocalTime(
            secondsFromGMT: type.utoff, isDaylightSavingTime: daylight[index + 1])))
    }
    return Zone(identifier: identifier, initial: initial, transitions: changes, posixRule: footer)
  }

  /// Daylight flags as Foundation reports them. Compiled tzdata marks the winter half of a
  /// zone with negative daylight saving (Dublin since 1971, Windhoek 1994-2017, Casablanca since
  /// 2018) as daylight time; Foundation (ICU, built from tzdata's "rearguard" form) counts the
  /// half with the larger offset, as `Zone`'s rules do.
  static func daylightAsFoundation(_ sequence: [LocalTimeType]) -> [Bool] {
    var daylight: [Bool] = []
    daylight.reserveCapacity(sequence.count)
    for (index, type) in sequence.enumerated() {
      let previous = index > 0 ? sequence[index - 1] : nil
      let next = index + 1 < sequence.count ? sequence[index + 1] : nil
      if type.isDST {
        // Daylight time below the standard time around it is the winter half.
        let standard =
          sequence[..<index].last(where: { !$0.isDST })
          ?? sequence[(index + 1)...].first(where: { !$0.isDST })
        daylight.append(standard.map { $0.utoff <= type.utoff } ?? true)
      } else if let previous, previous.isDST, previous.utoff < type.utoff {
        // Standard time after daylight time below it is the summer half.
        daylight.append(true)
      } else if let previous, !previous.isDST, previous.utoff == type.utoff {
        // A new name for the same time (Windhoek's SAST became CAT in 1990) is what it was.
        daylight.append(daylight[index - 1])
      } else {
        daylight.append(next.map { $0.isDST && $0.utoff < type.utoff } ?? false)
      }
    }
    return daylight
  }
}

// MARK: - Reading

extension TZif {
  /// The counts of a header.
  fileprivate struct Header {
    let version: UInt8
    let isutcnt: Int
    let isstdcnt: Int
    let leapcnt: Int
    let timecnt: Int
    let typecnt: Int
    let charcnt: Int

    /// The size of the data block that follows, for 4- or 8-byte times.
    func blockSize(timeSize: Int) -> Int {
      timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4)
        + isstdcnt + isutcnt
    }
  }

  /// The contents of a data block.
  fileprivate struct Block {
    let transitions: [Transition]
    let types: [LocalTimeType]
  }

  /// A bounds-checked cursor: every read says nil rather than going past the end.
  fileprivate struct Reader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var remaining: Int { bytes.count - index }

    mutating func skip(_ count: Int) -> Bool {
      guard count >= 0, count <= remaining else { return false }
      index += count
      return true
    }

    mutating func byte() -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }

    /// A big-endian unsigned integer of `size` bytes (at most 8).
    mutating func unsigned(_ size: Int) -> UInt64? {
      guard size <= 8, size <= remaining else { return nil }
      var value: UInt64 = 0
      for offset in 0..<size { value = value << 8 | UInt64(bytes[index + offset]) }
      index += size
      return value
    }

    /// A big-endian two's-complement integer of 4 or 8 bytes.
    mutating func signed(_ size: Int) -> Int? {
      guard let value = unsigned(size) else { return nil }
      if size == 4 { return Int(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) }
      return Int(Int64(bitPattern: value))
    }

    /// "TZif", the version, 15 unused bytes and six counts.
    mutating func header() -> Header? {
      guard remaining >= 44, bytes[index..<(index + 4)].elementsEqual("TZif".utf8) else {
        return nil
      }
      index += 4
      guard let version = byte(), version == 0 || version >= UInt8(ascii: "2"), skip(15) else {
        return nil
      }
      var counts: [Int] = []
      for _ in 0..<6 {
        guard let count = unsigned(4) else { return nil }
        counts.append(Int(count))
      }
      let header = Header(
        version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2],
        timecnt: counts[3], typecnt: counts[4], charcnt: counts[5])
      // RFC 8536 3.1: at least one type and one abbreviation byte; the indicator arrays have
      // one entry per type or none.
      guard header.typecnt >= 1, header.typecnt <= 256, header.charcnt >= 1,
        header.isutcnt == 0 || header.isutcnt == header.typecnt,
        header.isstdcnt == 0 || header.isstdcnt == header.typecnt
      else { return nil }
      return header
    }

    /// A data block with `timeSize`-byte times, all of it checked.
    mutating func block(_ header: Header, timeSize: Int) -> Block? {
      guard header.blockSize(timeSize: timeSize) <= remaining else { return nil }
      var times: [Int] = []
      times.reserveCapacity(header.timecnt)
      for _ in 0..<header.timecnt {
        guard let time = signed(timeSize) else { return nil }
        if let previous = times.last, previous >= time { return nil }
        times.append(time)
      }
      var transitions: [Transition] = []
      transitions.reserveCapacity(header.timecnt)
      for time in times {
        guard let typeIndex = byte(), Int(typeIndex) < header.typecnt else { return nil }
        transitions.append(Transition(time: time, typeIndex: Int(typeIndex)))
      }
      var raw: [(utoff: Int, isDST: Bool, abbreviationIndex: Int)] = []
      for _ in 0..<header.typecnt {
        // RFC 8536 3.2: never -2^31, and within -25 h ... +26 h.
        guard let utoff = signed(4), (-89_999...93_599).contains(utoff), let isDST = byte(),
          isDST <= 1, let abbreviationIndex = byte(), Int(abbreviationIndex) < header.charcnt
        else { return nil }
        raw.append((utoff, isDST == 1, Int(abbreviationIndex)))
      }
      let characters = bytes[index..<(index + header.charcnt)]
      index += header.charcnt
      var types: [LocalTimeType] = []
      for entry in raw {
        let start = characters.startIndex + entry.abbreviationIndex
        guard let end = characters[start...].firstIndex(of: 0) else { return nil }
        types.append(
          LocalTimeType(
            utoff: entry.utoff, isDST: entry.isDST,
            abbreviation: String(decoding: characters[start..<end], as: UTF8.self)))
      }
      guard skip(header.leapcnt * (timeSize + 4)) else { return nil }
      for _ in 0..<(header.isstdcnt + header.isutcnt) {
        guard let indicator = byte(), indicator <= 1 else { return nil }
      }
      return Block(transitions: transitions, types: types)
    }

    /// The footer: a newline, a POSIX TZ rule (maybe empty), a newline.
    mutating func footer() -> String? {
      guard byte() == 0x0A, let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
      let text = String(decoding: bytes[index..<end], as: UTF8.self)
      index = end + 1
      return text
    }
  }
}
