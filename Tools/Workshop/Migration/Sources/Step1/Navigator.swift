/// The screens of the flow.
public enum Route: Equatable, Sendable {
  case search, results, passengers, extras, payment, confirmation
}

/// The navigation stack: screens push the next one themselves.
@MainActor
public final class Navigator {
  public private(set) var path: [Route] = [.search]

  public init() {}

  public var current: Route { path.last ?? .search }

  public func push(_ route: Route) { path.append(route) }

  /// Back: one screen off the stack.
  public func pop() {
    if path.count > 1 { path.removeLast() }
  }

  /// A new stack, as a link opens one.
  public func replace(with path: [Route]) { self.path = path }
}
