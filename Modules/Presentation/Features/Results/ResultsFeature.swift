import Domain
import Services

/// The offers for a search: loading, sorting, the nonstop filter, and choosing one.
public enum ResultsFeature {
  /// The orders offers can be listed in (`s` cycles through them).
  public enum Sort: Int, Hashable, Sendable, CaseIterable {
    case price, departure, duration
  }

  /// The results panel.
  public struct State: Hashable, Sendable {
    /// The step's input.
    public let criteria: SearchCriteria
    public var load: Loadable<[Offer]> = .loading {
      // Once per load, not per sort or filter: the price column's width follows the offers.
      didSet {
        guard case .loaded(let offers) = load else {
          dearest = nil
          return
        }
        dearest =
          offers.max { $0.pricePerPassenger.amount < $1.pricePerPassenger.amount }?
          .pricePerPassenger
      }
    }
    public var sort: Sort = .price
    public var nonstopOnly = false
    /// The offers as listed: sorted and filtered, kept in step with `load`, `sort` and the filter
    /// so that drawing never sorts.
    public private(set) var listed: [Offer] = []
    /// The highlighted row of `listed`.
    public var selected = 0
    /// The dearest fare loaded, so the price column is as wide as its longest amount.
    public private(set) var dearest: Money?

    /// The panel for `criteria`, loading.
    public init(criteria: SearchCriteria) { self.criteria = criteria }

    /// Recomputes `listed`, keeping the highlighted offer highlighted where it is still listed.
    mutating func relist() {
      let keep = listed.indices.contains(selected) ? listed[selected].id : nil
      guard case .loaded(let offers) = load else {
        listed = []
        selected = 0
        return
      }
      listed = ResultsFeature.arrange(offers, sort: sort, nonstopOnly: nonstopOnly)
      selected = keep.flatMap { id in listed.firstIndex { $0.id == id } } ?? 0
    }

    /// The highlighted offer.
    public var highlighted: Offer? { listed.indices.contains(selected) ? listed[selected] : nil }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case offersLoaded(Result<[Offer], ServiceError>)
  }

  /// What the step produces.
  public enum Output: Hashable, Sendable {
    case offerSelected(Offer)
  }

  /// Loads the offers: the effect to start when the step appears.
  public static func onAppear(_ state: State, environment: AppEnvironment) -> Effect<Action> {
    let criteria = state.criteria
    let offers = environment.services.offers
    return .run {
      do throws(ServiceError) {
        return .offersLoaded(.success(try await offers.offers(for: criteria)))
      } catch {
        return .offersLoaded(.failure(error))
      }
    }
  }

  /// Sorted by `sort` (ties broken by departure, then ID, so the order is stable), nonstops only
  /// when asked.
  public static func arrange(_ offers: [Offer], sort: Sort, nonstopOnly: Bool) -> [Offer] {
    let kept = nonstopOnly ? offers.filter { $0.stops == 0 } : offers
    switch sort {
    case .price:
      return kept.sorted {
        ($0.pricePerPassenger.amount, $0.departure.instant, $0.id)
          < ($1.pricePerPassenger.amount, $1.departure.instant, $1.id)
      }
    case .departure:
      return kept.sorted { ($0.departure.instant, $0.id) < ($1.departure.instant, $1.id) }
    case .duration:
      return kept.sorted {
        ($0.durationMinutes, $0.departure.instant, $0.id)
          < ($1.durationMinutes, $1.departure.instant, $1.id)
      }
    }
  }

  /// Handles a key or a reply.
  public static func reduce(_ state: inout State, _ action: Action, environment: AppEnvironment)
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
    case .key(let key):
      return handle(key, &state, environment)
    }
  }

  private static func handle(_ key: Key, _ state: inout State, _ environment: AppEnvironment)
    -> FeatureReply<Action, Output>
  {
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
      state.sort = Sort(rawValue: (state.sort.rawValue + 1) % Sort.allCases.count) ?? .price
      state.relist()
    case .character("n"):
      state.nonstopOnly.toggle()
      state.relist()
    case .character("r"):
      // Reload: after a failure, or when offers may have expired while the list was open.
      guard state.load != .loading else { return .handled }
      state.load = .loading
      state.relist()
      return FeatureReply(effect: onAppear(state, environment: environment))
    case .enter:
      guard let offer = state.highlighted else { return .handled }
      return FeatureReply(output: .offerSelected(offer))
    default:
      return .ignored
    }
    return .handled
  }
}
