import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The offers for a search: loading, sorting, narrowing (nonstop, airlines, time of day, a
/// highest price), the week's lowest fares under the same filters, an offer's flights and
/// layovers (`d`), and choosing one.
public enum ResultsFeature {
  /// The orders offers can be listed in (`s` cycles through them).
  public enum Sort: Int, Hashable, Sendable, CaseIterable {
    case price, departure, duration

    /// The order as `OfferSort` sorts and the words name it.
    public var order: OfferSort {
      switch self {
      case .price: .price
      case .departure: .departure
      case .duration: .duration
      }
    }
  }

  /// A part of the day a flight leaves in, by its local departure time.
  public typealias DayPart = Words.DayPart

  /// What narrows the list; they live in the results step, so they leave with it. The fare
  /// strip reads the same filters, as the airline's `FareFilter`.
  public struct Filters: Hashable, Sendable {
    /// Only offers whose every slice (out and back) is nonstop.
    public var nonstopOnly = false
    /// The airlines (by code) whose offers are hidden.
    public var hiddenAirlines: Set<String> = []
    /// The part of the day the outbound leaves in.
    public var dayPart: DayPart?
    /// The highest total for the party shown.
    public var highestPrice: Decimal?

    /// No filter.
    public init() {}

    /// The filters of a fare calendar's `filter`; departure hours that are not one part of the
    /// day are left out.
    public init(_ filter: FareFilter) {
      nonstopOnly = filter.nonstopOnly
      hiddenAirlines = filter.hiddenAirlines
      dayPart = DayPart.allCases.first { $0.hours == filter.departureHours }
      highestPrice = filter.highestTotal
    }

    /// The same filters as the airline reads them for a fare calendar.
    public var fareFilter: FareFilter {
      FareFilter(
        nonstopOnly: nonstopOnly, hiddenAirlines: hiddenAirlines, departureHours: dayPart?.hours,
        highestTotal: highestPrice)
    }

    /// Whether `offer` passes every filter.
    public func admits(_ offer: Offer) -> Bool { fareFilter.admits(offer) }
  }

  /// How many days either side of the search's the fare strip shows.
  public static let stripDays = 3

  /// The results panel.
  public struct State: Hashable, Sendable {
    /// The step's input.
    public let criteria: SearchCriteria
    public var load: Loadable<[Offer]> = .loading {
      // Once per load, not per sort or filter: the price column's width follows the offers.
      didSet {
        guard case .loaded(let offers) = load else {
          dearest = nil
          dearestPerAdult = nil
          return
        }
        dearest =
          offers.max { $0.total.amount < $1.total.amount }?
          .total
        dearestPerAdult =
          offers.max { $0.perPerson.adult.amount < $1.perPerson.adult.amount }?
          .perPerson.adult
      }
    }
    public var sort: Sort = .price
    public var filters = Filters()
    /// The lowest total of each day around the search's under `filters`, and the scale of the
    /// whole booking window; kept while the strip loads again for other filters.
    public var fares: Loadable<FareCalendar> = .loading
    /// The checklist's lines, by code: the airlines with offers under the other filters
    /// (nonstop, time of day, price), and those unticked, which stay to be ticked back even
    /// when the other filters leave them none.
    public private(set) var airlines: [Airline] = []
    /// How many offers each airline of `airlines` has under the other filters, by code.
    public private(set) var airlineCounts: [String: Int] = [:]
    /// Whether the airlines checklist is open (`a`), and its highlighted line.
    public var choosingAirlines = false
    public var airlineCursor = 0
    /// The offers as listed: sorted and filtered, kept in step with `load`, `sort` and the filter
    /// so that drawing never sorts.
    public private(set) var listed: [Offer] = []
    /// The highlighted row of `listed`.
    public var selected = 0
    /// The dearest total loaded, so the price column is as wide as its longest amount.
    public private(set) var dearest: Money?
    /// The dearest fare per adult loaded, for the per-adult column's width.
    public private(set) var dearestPerAdult: Money?
    /// Whether the highlighted offer's flights and layovers are open (`d`), and the first of
    /// their lines shown.
    public var showsDetails = false
    public var detailsScroll = 0

    /// The step's input: the offer highlighted once the offers load, if it is listed.
    public let chosen: OfferID?

    /// The panel for `criteria`, loading; `chosen` is highlighted once loaded.
    public init(criteria: SearchCriteria, chosen: OfferID? = nil) {
      self.criteria = criteria
      self.chosen = chosen
    }

    /// Recomputes `listed`, keeping the highlighted offer highlighted where it is still listed
    /// (before anything was listed, the step's `chosen`).
    mutating func relist() {
      let keep = listed.indices.contains(selected) ? listed[selected].id : chosen
      guard case .loaded(let offers) = load else {
        listed = []
        selected = 0
        airlines = []
        airlineCounts = [:]
        return
      }
      // The checklist's cursor stays on its airline while it is listed.
      let cursorCode = airlines.indices.contains(airlineCursor) ? airlines[airlineCursor].code : nil
      var others = filters
      others.hiddenAirlines = []
      var byCode: [String: Airline] = [:]
      var counts: [String: Int] = [:]
      for offer in offers {
        let code = offer.airline.code
        let admitted = others.admits(offer)
        guard admitted || filters.hiddenAirlines.contains(code) else { continue }
        byCode[code] = offer.airline
        counts[code, default: 0] += admitted ? 1 : 0
      }
      airlines = byCode.values.sorted { $0.code < $1.code }
      airlineCounts = counts
      airlineCursor =
        cursorCode.flatMap { code in airlines.firstIndex { $0.code == code } }
        ?? min(airlineCursor, max(0, airlines.count - 1))
      listed = ResultsFeature.arrange(offers, sort: sort, filters: filters)
      selected = keep.flatMap { id in listed.firstIndex { $0.id == id } } ?? 0
    }

    /// The highlighted offer.
    public var highlighted: Offer? { listed.indices.contains(selected) ? listed[selected] : nil }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case offersLoaded(Result<[Offer], ServiceError>)
    /// The fare strip for the filters it was asked with.
    case faresLoaded(FareFilter, Result<FareCalendar, ServiceError>)
    /// A day of the fare strip was chosen (clicked): the same search on that day, when it can be
    /// booked, as `[` and `]` do for the days either side.
    case chooseDay(CalendarDay)
  }

  /// What the step produces.
  public enum Output: Hashable, Sendable {
    case offerSelected(Offer)
    /// The same search on another day (`[`, `]`): a new search, replacing the path.
    case searchDay(CalendarDay)
  }

  /// Loads the offers and the week's fares: the effects to start when the step appears.
  public static func onAppear(_ state: State, environment: AppEnvironment) -> Effect<Action> {
    let criteria = state.criteria
    let calls = BookingCalls(environment.services)
    return .batch([
      .run {
        do throws(ServiceError) {
          return .offersLoaded(.success(try await calls.offers(for: criteria)))
        } catch {
          return .offersLoaded(.failure(error))
        }
      },
      loadFares(state, environment: environment),
    ])
  }

  /// Loads the fare strip under the state's filters.
  static func loadFares(_ state: State, environment: AppEnvironment) -> Effect<Action> {
    let criteria = state.criteria
    let filter = state.filters.fareFilter
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .faresLoaded(
          filter,
          .success(try await calls.lowestFares(for: criteria, days: stripDays, filter: filter)))
      } catch {
        return .faresLoaded(filter, .failure(error))
      }
    }
  }

  /// Sorted by `sort` (ties broken by departure, then ID, so the order is stable), nonstops only
  /// when asked.
  public static func arrange(_ offers: [Offer], sort: Sort, nonstopOnly: Bool) -> [Offer] {
    var filters = Filters()
    filters.nonstopOnly = nonstopOnly
    return arrange(offers, sort: sort, filters: filters)
  }

  /// Those of `offers` that `filters` admit, sorted by `sort` (ties broken by departure, then
  /// ID, so the order is stable).
  public static func arrange(_ offers: [Offer], sort: Sort, filters: Filters) -> [Offer] {
    let filter = filters.fareFilter
    let kept = filters == Filters() ? offers : offers.filter(filter.admits)
    return sort.order.sorted(kept)
  }

  /// Handles a key or a reply.
  public static func reduce(
    _ state: inout State, _ action: Action, now: Date, environment: AppEnvironment
  )
    -> FeatureReply<Action, Output>
  {
    switch action {
    case .offersLoaded(.success(let offers)):
      state.load = .loaded(offers)
      state.relist()
      return .handled
    case .offersLoaded(.failure(let error)):
      state.load = .failed(error.description)
      state.relist()
      return .handled
    case .faresLoaded(let filter, let result):
      // An answer for filters changed since is dropped: the one for these is on its way.
      guard filter == state.filters.fareFilter else { return .handled }
      switch result {
      case .success(let calendar): state.fares = .loaded(calendar)
      case .failure(let error): state.fares = .failed(error.description)
      }
      return .handled
    case .chooseDay(let day):
      guard day != state.criteria.departure, isBookable(day, state, now: now, environment) else {
        return .handled
      }
      return FeatureReply(output: .searchDay(day))
    case .key(let key):
      let before = state.filters
      var reply = handle(key, &state, now: now, environment)
      // The strip follows the filters: asked again whenever a key changed them.
      if state.filters != before {
        reply.effect = .batch([reply.effect, loadFares(state, environment: environment)])
      }
      return reply
    }
  }

  private static func handle(
    _ key: Key, _ state: inout State, now: Date, _ environment: AppEnvironment
  )
    -> FeatureReply<Action, Output>
  {
    if state.choosingAirlines { return checklist(key, &state) }
    if state.showsDetails { return details(key, &state) }
    let page = 10
    switch key {
    case .up, .character("k"):
      state.selected = max(0, state.selected - 1)
    case .down, .character("j"):
      state.selected = max(0, min(state.listed.count - 1, state.selected + 1))
    case .pageUp:
      state.selected = max(0, state.selected - page)
    case .pageDown:
      state.selected = max(0, min(state.listed.count - 1, state.selected + page))
    case .home:
      state.selected = 0
    case .end:
      state.selected = max(0, state.listed.count - 1)
    case .character("s"):
      // A new order is read from its top, as a list sorted anew is: the highlight moves there.
      state.sort = Sort(rawValue: (state.sort.rawValue + 1) % Sort.allCases.count) ?? .price
      state.relist()
      state.selected = 0
    case .character("n"):
      state.filters.nonstopOnly.toggle()
      state.relist()
    case .character("a"):
      guard !state.airlines.isEmpty else { return .handled }
      state.choosingAirlines = true
      state.airlineCursor = min(state.airlineCursor, state.airlines.count - 1)
    case .character("t"):
      // Any time, then night, morning, afternoon, evening, then any time again.
      let next = (state.filters.dayPart?.rawValue ?? -1) + 1
      state.filters.dayPart = DayPart(rawValue: next)
      state.relist()
    case .character("-"), .character("+"):
      stepHighestPrice(&state, lower: key == .character("-"))
    case .character("x"):
      state.filters = Filters()
      state.relist()
    case .character("["), .character("]"):
      let day = state.criteria.departure.adding(days: key == .character("]") ? 1 : -1)
      guard isBookable(day, state, now: now, environment) else { return .handled }
      return FeatureReply(output: .searchDay(day))
    case .character("r"):
      // Reload: after a failure, or when offers may have expired while the list was open.
      guard state.load != .loading else { return .handled }
      state.load = .loading
      state.fares = .loading
      state.relist()
      return FeatureReply(effect: onAppear(state, environment: environment))
    case .character("d"):
      guard state.highlighted != nil else { return .handled }
      state.showsDetails = true
      state.detailsScroll = 0
    case .enter:
      guard let offer = state.highlighted else { return .handled }
      return FeatureReply(output: .offerSelected(offer))
    default:
      return .ignored
    }
    return .handled
  }

  /// Keys while an offer's details are open: scroll, choose the offer, close.
  private static func details(_ key: Key, _ state: inout State) -> FeatureReply<Action, Output> {
    guard let offer = state.highlighted else {
      state.showsDetails = false
      return .ignored
    }
    let last = max(0, OfferDetails.lines(of: offer).count - 1)
    let page = 5
    switch key {
    case .up, .character("k"): state.detailsScroll = max(0, state.detailsScroll - 1)
    case .down, .character("j"): state.detailsScroll = min(last, state.detailsScroll + 1)
    case .pageUp: state.detailsScroll = max(0, state.detailsScroll - page)
    case .pageDown: state.detailsScroll = min(last, state.detailsScroll + page)
    case .home: state.detailsScroll = 0
    case .end: state.detailsScroll = last
    case .escape, .character("d"):
      state.showsDetails = false
      state.detailsScroll = 0
    case .enter:
      return FeatureReply(output: .offerSelected(offer))
    default:
      // Everything else waits until the details are closed; help and quit still reach the root.
      return key == .character("?") || key == .character("q") || key == .control("c")
        ? .ignored : .handled
    }
    return .handled
  }

  /// Keys while the airlines checklist is open: move, tick or untick, close.
  private static func checklist(_ key: Key, _ state: inout State) -> FeatureReply<Action, Output> {
    let count = state.airlines.count
    switch key {
    case .up, .character("k"): state.airlineCursor = max(0, state.airlineCursor - 1)
    case .down, .character("j"): state.airlineCursor = min(count - 1, state.airlineCursor + 1)
    case .character(" "), .enter:
      guard state.airlines.indices.contains(state.airlineCursor) else { break }
      let code = state.airlines[state.airlineCursor].code
      if state.filters.hiddenAirlines.contains(code) {
        state.filters.hiddenAirlines.remove(code)
      } else {
        state.filters.hiddenAirlines.insert(code)
      }
      state.relist()
    case .escape, .character("a"), .tab:
      state.choosingAirlines = false
    default:
      // Everything else waits until the list is closed; help and quit still reach the root.
      return key == .character("?") || key == .character("q") || key == .control("c")
        ? .ignored : .handled
    }
    return .handled
  }

  /// Moves the highest price a tenth of the fares' spread down (or up; past the dearest it goes).
  private static func stepHighestPrice(_ state: inout State, lower: Bool) {
    guard case .loaded(let offers) = state.load,
      let cheapest = offers.map(\.total.amount).min(),
      let dearest = offers.map(\.total.amount).max(), dearest > cheapest
    else { return }
    let step = max(1, ((dearest - cheapest) / 10).roundedHalfUp(scale: 0))
    let current = state.filters.highestPrice ?? dearest
    let moved = lower ? max(cheapest, current - step) : current + step
    state.filters.highestPrice = moved >= dearest ? nil : moved
    state.relist()
  }

  /// Whether a search for `day` could be sold: by the fare strip when it knows the day, else
  /// not before today where the flight leaves.
  private static func isBookable(
    _ day: CalendarDay, _ state: State, now: Date, _ environment: AppEnvironment
  ) -> Bool {
    if case .loaded(let calendar) = state.fares,
      let known = calendar.days.first(where: { $0.day == day })
    {
      return known.bookable
    }
    let zone = environment.airports.airport(state.criteria.origin)?.zone ?? .utc
    return day >= CalendarDay(now, in: zone)
      && SearchCriteria.isWithinBookingWindow(day, at: now)
  }
}

extension ResultsFeature.DayPart {
  /// The local hours of this part of the day (6..<12 for the morning).
  public var hours: Range<Int> { rawValue * 6..<rawValue * 6 + 6 }

  /// The hours as the filter's summary says them, from the first to the one after the last:
  /// "06–12" for the morning.
  public var clock: String {
    let (first, end) = (hours.lowerBound, hours.upperBound)
    return (first < 10 ? "0" : "") + "\(first)–" + (end < 10 ? "0" : "") + "\(end)"
  }

  /// Whether a flight leaving at local `hhmm` leaves in this part of the day.
  public func contains(_ hhmm: String) -> Bool {
    hours.contains(Int(hhmm.prefix(2)) ?? 0)
  }
}
