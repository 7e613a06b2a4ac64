/// What a fare allows after it is booked, before the first flight leaves, as airlines publish
/// it with every offer (Duffel's `conditions`): whether the booking can be cancelled for a
/// refund, and whether its flights can be changed, each with the penalty the airline keeps.
public struct FareConditions: Hashable, Sendable, Codable {
  /// One condition: allowed or not, and what it costs the party when it is.
  public struct Rule: Hashable, Sendable, Codable {
    /// Whether the fare allows it before departure.
    public let allowed: Bool
    /// What the airline keeps for it, for the whole party; nil when it costs nothing or is not
    /// allowed.
    public let penalty: Money?

    /// Not allowed.
    public static let notAllowed = Rule(allowed: false, penalty: nil)

    /// Allowed, for `penalty` (nil or zero: free).
    public static func allowed(penalty: Money?) -> Rule {
      Rule(allowed: true, penalty: penalty.flatMap { $0.amount > 0 ? $0 : nil })
    }

    private init(allowed: Bool, penalty: Money?) {
      self.allowed = allowed
      self.penalty = penalty
    }

    private enum CodingKeys: String, CodingKey { case allowed, penalty }

    /// A rule as recorded; a penalty on a rule that does not allow is not kept.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      if try c.decode(Bool.self, forKey: .allowed) {
        let penalty = try c.decodeIfPresent(Money.self, forKey: .penalty)
        self = .allowed(penalty: try penalty?.validatedAsPrice())
      } else {
        self = .notAllowed
      }
    }
  }

  /// Cancelling before departure for a refund of what was paid, less the penalty. A fare that
  /// does not allow it refunds its taxes only.
  public let refundBeforeDeparture: Rule
  /// Changing the flights before departure, for the fare difference plus the penalty.
  public let changeBeforeDeparture: Rule

  /// A fare's conditions.
  public init(refundBeforeDeparture: Rule, changeBeforeDeparture: Rule) {
    self.refundBeforeDeparture = refundBeforeDeparture
    self.changeBeforeDeparture = changeBeforeDeparture
  }

  /// A fare whose conditions were never stated (an offer recorded before fares had any): the
  /// airline promised nothing, so it allows neither.
  public static let unstated = FareConditions(
    refundBeforeDeparture: .notAllowed, changeBeforeDeparture: .notAllowed)
}
