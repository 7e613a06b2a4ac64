import Runtime

/// The room's one bag, as an attendee's process reaches it: where it is kept, and the name this
/// attendee's writes are signed with.
///
/// In a workshop room every attendee runs their own `booking --flow bag`, each with their own
/// screens; with a `RoomBag` they share one bag's data, as the article's global object would be
/// shared: attendee A's flight reaches attendee B's payment screen, and the last writer wins.
public struct RoomBag: Sendable {
  /// Where the room's bag is kept (`RoomBagFile`, or a test's own).
  public let file: any RoomBagStore
  /// The attendee's display name, shown beside each field they wrote.
  public let attendee: String
  /// What this process's stamps start with: one per process, so that no two writes in the room
  /// share a stamp.
  let session: String

  /// The bag kept in `file`, written by `attendee` (control characters left out; "?" for a name
  /// left empty). `session`, which starts this process's stamps, is random unless given.
  public init(
    file: any RoomBagStore, attendee: String,
    session: String = String(UInt64.random(in: .min ... .max), radix: 36)
  ) {
    self.file = file
    var name = String.UnicodeScalarView()
    name.append(
      contentsOf: attendee.unicodeScalars.filter { $0.properties.generalCategory != .control })
    self.attendee = name.isEmpty ? "?" : String(name)
    self.session = session
  }
}

extension BagRootFeature {
  /// What a process in a room knows of the room's bag.
  public struct RoomBagSeen: Hashable, Sendable {
    /// Where the room's bag is kept.
    public let location: String
    /// The name this attendee's writes are signed with.
    public let attendee: String
    /// Who wrote each field last, as this process last read or wrote the room's bag.
    public internal(set) var writes: [BookingBag.Field: RoomWrite] = [:]
    /// Why the room's bag could not be read, as the header last said it; nil once it can.
    public internal(set) var readProblem: String?
    /// Why it could not be written, as the header last said it; nil once it can.
    public internal(set) var writeProblem: String?
    /// How many times this process wrote the room's bag: each write's stamps carry the number.
    public internal(set) var saves = 0

    /// Nothing known yet of the bag in `location`, written as `attendee`.
    init(location: String, attendee: String) {
      self.location = location
      self.attendee = attendee
    }
  }

  /// Whether the bag is read or written while `action` is handled (or, for a tick, the screen
  /// drawn again from it): keys, the start's bag, the steps' replies, the price refresh, the
  /// saved travellers' draft, and the clock's ticks, so that a payment screen's countdown shows
  /// another attendee's write within a second.
  static func readsTheBag(_ action: Action) -> Bool {
    switch action {
    case .key, .tick, .opened, .step, .priceRefreshed, .travellersDrafted: true
    case .spin, .screensSaved, .announce: false
    }
  }

  /// Reads the room's bag and takes in each field another process wrote since this one last
  /// read or wrote the file (this process's screens stay); the screens are built again when a
  /// field changed. A file that cannot be read is an empty bag, and said once in the header.
  static func readRoomBag(_ state: inout State, _ room: RoomBag, _ environment: Environment)
    -> Effect<Action>
  {
    var seen = state.room ?? RoomBagSeen(location: room.file.location, attendee: room.attendee)
    defer { state.room = seen }
    let contents: RoomBagContents
    var said: [Command] = []
    switch room.file.load() {
    case .success(let read):
      contents = read
      seen.readProblem = nil
    case .failure(let problem):
      contents = .empty
      said += report(
        state.words.roomUnreadable(problem.description), in: &state, &seen.readProblem)
    }
    var changed = false
    for field in BookingBag.Field.allCases
    where contents.writes[field]?.stamp != seen.writes[field]?.stamp {
      state.bag.copy(field, from: contents.bag)
      seen.writes[field] = contents.writes[field]
      changed = true
      if let write = contents.writes[field] {
        said += state.shell.note(state.words.roomWrote(write, field, state.bag))
      }
    }
    return .batch([.commands(said), changed ? reconcile(&state, environment) : .none])
  }

  /// Writes the room's bag when the action changed a field of `before` (the bag as read before
  /// it): each changed field signed with its writer and this attendee, the others as they were.
  /// Returns the event log's lines of a write that failed.
  static func writeRoomBag(_ state: inout State, _ room: RoomBag, changedFrom before: BookingBag)
    -> [Command]
  {
    let changed = BookingBag.Field.allCases.filter { !state.bag.holdsSame($0, as: before) }
    guard !changed.isEmpty else { return [] }
    var seen = state.room ?? RoomBagSeen(location: room.file.location, attendee: room.attendee)
    defer { state.room = seen }
    seen.saves += 1
    let stamp = "\(room.session)-\(seen.saves)"
    for field in changed {
      seen.writes[field] = state.bag.writers[field].map {
        RoomWrite(writer: $0, attendee: room.attendee, stamp: stamp)
      }
    }
    if let problem = room.file.save(RoomBagContents(bag: state.bag, writes: seen.writes)) {
      return report(state.words.roomNotSaved(problem), in: &state, &seen.writeProblem)
    }
    seen.writeProblem = nil
    return []
  }

  /// Says `problem` in the header and the activity log, unless it is the one `said` holds
  /// (said last, and not solved since); returns the event log's lines.
  private static func report(_ problem: String, in state: inout State, _ said: inout String?)
    -> [Command]
  {
    guard said != problem else { return [] }
    said = problem
    return state.shell.announce(problem) + state.shell.note(problem)
  }

  /// The bag a start opened, in a room: the fields the start wrote (a link's handler writes
  /// them), the others as the room holds them, and the start's screens.
  static func opening(_ opened: BookingBag, over room: BookingBag) -> BookingBag {
    var bag = opened
    for field in BookingBag.Field.allCases where opened.writers[field] == nil {
      bag.copy(field, from: room)
    }
    return bag
  }
}
