import Canvas

/// How a feature answered a key or an action: whether it used the key, what to run next, and
/// what its step produced for the flow owner.
public struct FeatureReply<Action: Sendable, Output: Sendable>: Sendable {
  /// Whether the key was used; unused keys go to the root (Esc = back, `q` = quit, `?` = help).
  public var handled: Bool
  /// Work to run.
  public var effect: Effect<Action>
  /// What the step produced, if anything; only the root turns it into a flow transition.
  public var output: Output?
  /// What a recording may keep of the key, when the feature says (a step holding personal data
  /// says for every character it handles); nil leaves it to `StepFeature`'s rule.
  public var keyUse: KeyUse?

  /// A reply.
  public init(
    handled: Bool = true, effect: Effect<Action> = .none, output: Output? = nil,
    keyUse: KeyUse? = nil
  ) {
    self.handled = handled
    self.effect = effect
    self.output = output
    self.keyUse = keyUse
  }

  /// The key was not used.
  public static var ignored: FeatureReply { FeatureReply(handled: false) }
  /// The key or action was used; nothing else happens.
  public static var handled: FeatureReply { FeatureReply() }

  /// For a form holding personal or card data: a character it handled without saying what a
  /// recording may keep is a placeholder of `sensitive` (the focused field's kind) when the
  /// field `took` it, and is left out otherwise (a space choosing a title, a key on a button).
  public mutating func judgeCharacter(_ key: Key, took: Bool, sensitive: SensitiveText?) {
    guard case .character = key, handled, keyUse == nil else { return }
    keyUse = took ? sensitive.map(KeyUse.typed) ?? .ignored : .ignored
  }
}
