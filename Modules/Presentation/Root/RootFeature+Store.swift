import Runtime

/// The store of the root feature, which the app runs.
public typealias Store = FeatureStore<RootFeature.State, RootFeature.Action>

extension FeatureStore where State == RootFeature.State, Action == RootFeature.Action {
  /// The root feature at `state` in `environment`, at its clock's time, running its effects'
  /// work on `executor` (the app passes a `SerialTaskExecutor`).
  public convenience init(
    state: RootFeature.State, environment: AppEnvironment, executor: (any TaskExecutor)? = nil
  ) {
    let clock = environment.clock
    self.init(state: state, now: { clock.now() }, executor: executor) { state, action, now in
      RootFeature.reduce(&state, action, at: now, environment: environment)
    }
  }
}
