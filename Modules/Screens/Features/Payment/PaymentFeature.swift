import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Paying a price-locked quote: the lines and total, a live countdown, the card form, and what
/// happens when the price expires.
public enum PaymentFeature {
  /// A place the cursor can be, in Tab order.
  public enum Field: Int, Hashable, Sendable, CaseIterable {
    case number, expiry, cvc, pay
  }

  /// One payment attempt: the card details it was made with (as a fingerprint: brand, last four
  /// and expiry) and its idempotency key. Retrying the same details reuses the key, so a retry
  /// after a lost reply cannot charge twice; other details are a new attempt with a new key.
  public struct Attempt: Hashable, Sendable {
    /// Nil for an attempt a crash cut off before any charge (the airline said so at the next
    /// start): its key pays again with whatever card is typed first.
    public let fingerprint: String?
    public let key: IdempotencyKey

    /// An attempt with `key` for the card `fingerprint`.
    public init(fingerprint: String?, key: IdempotencyKey) {
      self.fingerprint = fingerprint
      self.key = key
    }

    /// An attempt with `key` paying with `card`.
    public init(card: PaymentCard, key: IdempotencyKey) {
      self.init(fingerprint: Self.fingerprint(of: card), key: key)
    }

    /// What tells one card's details from another's: brand, last four and expiry.
    static func fingerprint(of card: PaymentCard) -> String {
      "\(card.brand.rawValue)|\(card.lastFour)|\(card.expiryMonth)/\(card.expiryYear)"
    }
  }

  /// The payment panel.
  public struct State: Hashable, Sendable {
    /// The step's input.
    public let quote: Quote
    public var number = TextField("", maxLength: 19, mask: .cardNumber, allowed: .digits)
    public var expiry = TextField("", maxLength: 5, allowed: .cardExpiry)
    public var cvc = TextField("", maxLength: 4, mask: .secret, allowed: .digits)
    public var focus: Field = .number
    public var errors: [Field: String] = [:]
    /// A payment is in flight: money may be moving, so nothing else happens until it answers.
    public var paying = false
    /// Pricing the same draft and extras again after expiry.
    public var repricing = false
    /// The last refusal (declined, insufficient funds...), shown in the panel.
    public var failure: String?
    /// The last attempt, reused when the same card is tried again.
    public var attempt: Attempt?
    /// How many attempts this panel has made keys for: the next key's number is one more.
    public var attemptsMade = 0

    /// The panel for `quote`, its card form empty.
    public init(quote: Quote) { self.quote = quote }

    /// Whether the price has run out at `now`.
    public func isExpired(at now: Date) -> Bool { !quote.isValid(at: now) }

  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case paid(Result<Booking, ServiceError>)
    case repriced(Result<Quote, ServiceError>)
  }

  /// What the step produces.
  public enum Output: Hashable, Sendable {
    /// The booking was paid.
    case paid(Booking)
    /// The expired price was priced again: a new quote for the payment step that takes this
    /// one's place (which takes the number and expiry typed here: `resume(_:from:)`).
    case repriced(Quote)
    /// The airline refused the quote because its draft is booked already (with this quote or
    /// another): that booking is the outcome.
    case alreadyBooked(BookingReference)
  }

  /// Handles a key or a reply; `now` decides whether the price still holds.
  public static func reduce(
    _ state: inout State, _ action: Action, now: Date, today: CalendarDay,
    environment: AppEnvironment, strings: Strings
  ) -> FeatureReply<Action, Output> {
    switch action {
    case .paid(.success(let booking)):
      state.paying = false
      return FeatureReply(output: .paid(booking))
    case .paid(.failure(.quoteAlreadyPaid(let reference))):
      state.paying = false
      return FeatureReply(output: .alreadyBooked(reference))
    case .paid(.failure(let error)):
      state.paying = false
      state.failure = strings.serviceError(error)
      // A card the bank refused is changed where it was typed: the cursor goes to its number
      // (its expiry, for an expired card), ready for another; Ctrl-S pays again from there.
      switch error {
      case .cardDeclined, .insufficientFunds: state.focus = .number
      case .cardExpired: state.focus = .expiry
      default: break
      }
      return .handled
    case .repriced(.success(let quote)):
      state.repricing = false
      return FeatureReply(output: .repriced(quote))
    case .repriced(.failure(let error)):
      state.repricing = false
      state.failure = strings.serviceError(error)
      return .handled
    case .key(let key):
      // Money may already be moving: no key, not even Esc, acts until the airline answers, and
      // a recording keeps none of them (they may be the card typed again).
      if state.paying || state.repricing { return FeatureReply(keyUse: .ignored) }
      if state.isExpired(at: now) { return expiredKey(key, &state, environment) }
      let focus = state.focus
      let before = state[focus]
      var reply = formKey(key, &state, today, environment, strings)
      reply.judgeCharacter(key, took: state[focus] != before, sensitive: sensitiveText(of: focus))
      // A paste may hold what several fields take (a line break moves on): a journal writes it
      // with the placeholders of the field it began in, never as pasted.
      if case .paste = key, reply.handled, reply.keyUse == nil {
        reply.keyUse = sensitiveText(of: focus).map(KeyUse.typed) ?? .ignored
      }
      return reply
    }
  }

  /// The kind of card data `field` holds; nil for the Pay button.
  static func sensitiveText(of field: Field) -> SensitiveText? {
    switch field {
    case .number: .cardNumber
    case .expiry: .cardExpiry
    case .cvc: .securityCode
    case .pay: nil
    }
  }

  private static func expiredKey(_ key: Key, _ state: inout State, _ environment: AppEnvironment)
    -> FeatureReply<Action, Output>
  {
    guard key == .character("r") else { return .ignored }
    state.repricing = true
    // `r` is the command the expired price names, written as it is.
    state.failure = nil
    let quote = state.quote
    let calls = BookingCalls(environment.services)
    return FeatureReply(
      effect: .run {
        do throws(ServiceError) {
          return .repriced(
            .success(try await calls.reprice(quote)))
        } catch {
          return .repriced(.failure(error))
        }
      }, keyUse: .used)
  }

  private static func formKey(
    _ key: Key, _ state: inout State, _ today: CalendarDay, _ environment: AppEnvironment,
    _ strings: Strings
  ) -> FeatureReply<Action, Output> {
    let count = Field.allCases.count
    switch key {
    case .tab, .down:
      state.focus = Field(rawValue: (state.focus.rawValue + 1) % count) ?? .number
      return .handled
    case .backTab, .up:
      state.focus = Field(rawValue: (state.focus.rawValue + count - 1) % count) ?? .number
      return .handled
    case .enter:
      if state.focus == .pay { return pay(&state, today, environment, strings) }
      state.focus = Field(rawValue: state.focus.rawValue + 1) ?? .pay
      return .handled
    case .control("s"):
      // The whole card from any field, as Pay does.
      return pay(&state, today, environment, strings)
    case .paste(let text):
      guard let took = state.spreadPaste(text, from: state.focus) else { break }
      for field in took { state.errors[field] = nil }
      state.focus = took.last ?? state.focus
      return .handled
    default:
      break
    }
    guard var field = state[state.focus] else { return .ignored }
    if state.focus == .expiry, case .character(let typed) = key {
      guard typed.isASCII, typed.isNumber || typed == "/" || typed == " " else { return .handled }
      if typed == "/" || typed == " " { return expirySeparator(&state) }
    }
    let used = field.handle(key)
    if used, field != state[state.focus] {
      // Only typing adds the slash: deleting it must be possible.
      if state.focus == .expiry, case .character = key { field = autoSlash(field) }
      state[state.focus] = field
      state.errors[state.focus] = nil
    }
    return used ? .handled : .ignored
  }

  /// A typed slash (or space) between month and year: "1" becomes "01/", "12" becomes "12/";
  /// where the slash is already (added as the month was typed), nothing changes, so "12/30"
  /// typed as shown reads 12/30.
  private static func expirySeparator(_ state: inout State) -> FeatureReply<Action, Output> {
    var field = state.expiry
    guard !field.text.contains("/"), field.cursor == field.text.count else { return .handled }
    switch field.text.count {
    case 1: field.setText("0" + field.text + "/")
    case 2: field.setText(field.text + "/")
    default: return .handled
    }
    state.expiry = field
    state.errors[.expiry] = nil
    return .handled
  }

  /// "12" becomes "12/" as it is typed, as card forms do.
  static func autoSlash(_ field: TextField) -> TextField {
    guard field.text.count == 2, !field.text.contains("/"), field.cursor == 2 else { return field }
    var field = field
    field.setText(field.text + "/")
    return field
  }

  /// The card typed, checked where it was typed: each problem at its field, and the card when
  /// there is none. A card past its month is said at its expiry, whatever else is wrong, and
  /// refused here (the airline checks again). The payment step's form and a change's card both
  /// check with it.
  static func checkedCard(
    number: String, expiry: String, cvc: String, today: CalendarDay, strings: Strings
  ) -> (errors: [Field: String], card: PaymentCard?) {
    var errors: [Field: String] = [:]
    for problem in PaymentCard.problems(number: number, expiry: expiry, cvc: cvc) {
      switch problem {
      case .invalidCardNumber: errors[.number] = strings.invalidCardNumber
      case .invalidCardExpiry: errors[.expiry] = strings.invalidExpiry
      default: errors[.cvc] = strings.invalidCVC
      }
    }
    if PaymentCard.expiryHasPassed(expiry, on: today) {
      errors[.expiry] = strings.cardExpiredAtField
    }
    guard errors.isEmpty, let card = try? PaymentCard(number: number, expiry: expiry, cvc: cvc)
    else { return (errors, nil) }
    guard card.isValid(on: today) else { return ([.expiry: strings.cardExpiredAtField], nil) }
    return ([:], card)
  }

  /// A new attempt for the card `fingerprint`, its key the panel's next.
  private static func newAttempt(
    _ fingerprint: String, _ state: inout State, _ environment: AppEnvironment
  ) -> Attempt {
    state.attemptsMade += 1
    return Attempt(
      fingerprint: fingerprint,
      key: environment.paymentKeys.key(for: state.quote.id, attempt: state.attemptsMade))
  }

  /// Checks the card locally (each problem at its field), then pays once.
  static func pay(
    _ state: inout State, _ today: CalendarDay, _ environment: AppEnvironment, _ strings: Strings
  )
    -> FeatureReply<Action, Output>
  {
    let checked = checkedCard(
      number: state.number.text, expiry: state.expiry.text, cvc: state.cvc.text, today: today,
      strings: strings)
    state.errors = checked.errors
    guard let card = checked.card else {
      state.focus = Field.allCases.first { state.errors[$0] != nil } ?? state.focus
      return .handled
    }
    state.failure = nil
    let fingerprint = Attempt.fingerprint(of: card)
    let attempt =
      state.attempt.flatMap { earlier in
        earlier.fingerprint == fingerprint || earlier.fingerprint == nil
          ? Attempt(fingerprint: fingerprint, key: earlier.key) : nil
      } ?? newAttempt(fingerprint, &state, environment)
    state.attempt = attempt
    state.paying = true
    let quoteID = state.quote.id
    let calls = BookingCalls(environment.services)
    return FeatureReply(
      effect: .run {
        do throws(ServiceError) {
          return .paid(
            .success(
              try await calls.pay(quoteID: quoteID, card: card, idempotencyKey: attempt.key)))
        } catch {
          return .paid(.failure(error))
        }
      })
  }
}

extension PaymentFeature.State {
  /// The text field at `field` (nil for the Pay button).
  public subscript(field: PaymentFeature.Field) -> TextField? {
    get {
      switch field {
      case .number: number
      case .expiry: expiry
      case .cvc: cvc
      case .pay: nil
      }
    }
    set {
      guard let newValue else { return }
      switch field {
      case .number: number = newValue
      case .expiry: expiry = newValue
      case .cvc: cvc = newValue
      case .pay: break
      }
    }
  }
}
