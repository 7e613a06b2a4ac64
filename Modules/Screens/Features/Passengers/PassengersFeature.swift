import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

/// A form per passenger plus the contact; Continue saves a draft with the airline.
public enum PassengersFeature {
  /// A place the cursor can be, in Tab order.
  public enum Field: Hashable, Sendable {
    case title(Int), given(Int), family(Int), birth(Int)
    case email, phone, proceed
  }

  /// One passenger's fields.
  public struct Form: Hashable, Sendable {
    /// Chosen by the traveller: there is no default.
    public var title: Title?
    public var given = TextField("", maxLength: 50, allowed: .letters)
    public var family = TextField("", maxLength: 50, allowed: .letters)
    public var birth = TextField("", maxLength: 10, allowed: .date)

    /// An empty form.
    public init() {}

    /// A form showing `passenger`.
    public init(_ passenger: TypedPassenger) {
      title = passenger.title
      given.setText(passenger.givenName)
      family.setText(passenger.familyName)
      birth.setText(passenger.dateOfBirth)
    }

    /// The fields as typed.
    var typed: TypedPassenger {
      TypedPassenger(
        title: title, givenName: given.text, familyName: family.text, dateOfBirth: birth.text)
    }
  }

  /// The passengers panel.
  public struct State: Hashable, Sendable {
    /// The step's input: the chosen offer.
    public let offer: Offer
    /// The step's input: what was carried over from an earlier draft or passengers step.
    public let prefill: PassengerPrefill
    public var forms: [Form]
    public var email = TextField("", maxLength: 254, allowed: .email)
    public var phone = TextField("", maxLength: 20, allowed: .phone)
    public var focus: Field = .title(0)
    public var errors: [Field: String] = [:]
    /// A draft is being saved: Continue does nothing until the airline answers.
    public var saving = false
    /// The airline's refusal, shown in the panel.
    public var failure: String?

    /// The form for `offer`: a row per traveller of its party, adults first, then children,
    /// then infants. A saved draft's traveller fills the row of their type on the departure day,
    /// in their order, while there are any; fields typed on another flight of the same search
    /// (the same party) fill the rows in order, as they were, valid or not.
    public init(offer: Offer, prefill: PassengerPrefill) {
      self.offer = offer
      self.prefill = prefill
      email.setText(prefill.contact.email)
      phone.setText(prefill.contact.phone)
      if case .typed(let typed, _, _) = prefill {
        forms = offer.party.types.indices.map {
          typed.indices.contains($0) ? Form(typed[$0]) : Form()
        }
        return
      }
      let departure = offer.departure.day
      var carried = prefill.passengers
      forms = offer.party.types.map { type in
        let match = carried.firstIndex { passenger in
          guard let born = try? CalendarDay(iso: passenger.dateOfBirth) else { return false }
          return PassengerType(bornOn: born, travellingOn: departure) == type
        }
        guard let match else { return Form() }
        return Form(carried.remove(at: match))
      }
    }

    /// Whether anything is typed in any field.
    public var hasTyped: Bool {
      !forms.allSatisfy(\.typed.isBlank) || !email.text.isEmpty || !phone.text.isEmpty
    }

    /// The type of passenger `index`: their row's, as the party chosen at search says.
    public func type(of index: Int) -> PassengerType {
      let types = offer.party.types
      return types.indices.contains(index) ? types[index] : .adult
    }

    /// The number of passenger `index` among those of their type, when there are several of it.
    public func number(of index: Int) -> Int? {
      let type = self.type(of: index)
      guard offer.party.count(of: type) > 1 else { return nil }
      return offer.party.types.prefix(index).filter { $0 == type }.count + 1
    }

    /// Every field in Tab order.
    public var fieldOrder: [Field] {
      forms.indices.flatMap { [Field.title($0), .given($0), .family($0), .birth($0)] }
        + [.email, .phone, .proceed]
    }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case draftSaved(Result<BookingDraft, ServiceError>)
  }

  /// What the step produces.
  public enum Output: Hashable, Sendable {
    case passengersSaved(BookingDraft)
  }

  /// Handles a key or a reply.
  public static func reduce(
    _ state: inout State, _ action: Action, today: CalendarDay, environment: AppEnvironment,
    strings: Strings
  ) -> FeatureReply<Action, Output> {
    switch action {
    case .draftSaved(.success(let draft)):
      state.saving = false
      return FeatureReply(output: .passengersSaved(draft))
    case .draftSaved(.failure(let error)):
      state.saving = false
      state.failure = strings.serviceError(error)
      return .handled
    case .key(let key):
      let focus = state.focus
      let before = state[focus]
      var reply = handle(key, &state, today, environment, strings)
      reply.judgeCharacter(key, took: state[focus] != before, sensitive: sensitiveText(of: focus))
      // A paste may hold what several fields take (a line break moves on): a journal writes it
      // with the placeholders of the field it began in, never as pasted.
      if case .paste = key, reply.handled, reply.keyUse == nil {
        reply.keyUse = sensitiveText(of: focus).map(KeyUse.typed) ?? .ignored
      }
      return reply
    }
  }

  /// The kind of personal data `field` holds; nil for a title and the Continue button.
  static func sensitiveText(of field: Field) -> SensitiveText? {
    switch field {
    case .given, .family: .name
    case .birth: .birthDate
    case .email: .email
    case .phone: .phone
    case .title, .proceed: nil
    }
  }

  private static func handle(
    _ key: Key, _ state: inout State, _ today: CalendarDay, _ environment: AppEnvironment,
    _ strings: Strings
  ) -> FeatureReply<Action, Output> {
    if state.saving {
      // Typing while the airline saves would make the form disagree with the draft; a
      // recording keeps none of these keys (they may be the names typed again).
      return key == .escape ? .ignored : FeatureReply(keyUse: .ignored)
    }
    let order = state.fieldOrder
    let position = order.firstIndex(of: state.focus) ?? 0
    switch key {
    case .tab, .down:
      state.focus = order[(position + 1) % order.count]
      return .handled
    case .backTab, .up:
      state.focus = order[(position + order.count - 1) % order.count]
      return .handled
    case .enter:
      if state.focus == .proceed { return submit(&state, today, environment, strings) }
      state.focus = order[min(position + 1, order.count - 1)]
      return .handled
    case .control("s"):
      // The whole form from any field, as Continue does.
      return submit(&state, today, environment, strings)
    case .paste(let text):
      guard let took = state.spreadPaste(text, from: state.focus) else { break }
      for field in took { state.errors[field] = nil }
      state.focus = took.last ?? state.focus
      state.failure = nil
      return .handled
    default:
      break
    }
    if case .title(let index) = state.focus {
      // The choices fit the row's type.
      let titles = Title.choices(for: state.type(of: index))
      let current = state.forms[index].title.flatMap { titles.firstIndex(of: $0) }
      switch key {
      case .left:
        state.forms[index].title = titles[((current ?? 0) + titles.count - 1) % titles.count]
      case .right, .character(" "):
        state.forms[index].title = titles[current.map { ($0 + 1) % titles.count } ?? 0]
      default: return .ignored
      }
      state.errors[.title(index)] = nil
      return .handled
    }
    guard var field = state[state.focus] else { return .ignored }
    let used = field.handle(key)
    if used, field != state[state.focus] {
      state[state.focus] = field
      state.errors[state.focus] = nil
      state.failure = nil
    }
    return used ? .handled : .ignored
  }

  /// No passenger is this old or older on the departure day (the airline's rule too).
  public static let oldestAge = 120

  /// Validates every field (each problem at its field); when all are fine, saves the draft.
  static func submit(
    _ state: inout State, _ today: CalendarDay, _ environment: AppEnvironment,
    _ strings: Strings
  ) -> FeatureReply<Action, Output> {
    var errors: [Field: String] = [:]
    var passengers: [Passenger] = []
    let departure = state.offer.departure.day
    for (index, form) in state.forms.enumerated() {
      let type = state.type(of: index)
      if form.title == nil {
        errors[.title(index)] = strings.chooseTitle
      } else if let title = form.title, !title.fits(type) {
        errors[.title(index)] = strings.titleNotFor(title, type, Title.choices(for: type))
      }
      if (try? Passenger.validatedName(form.given.text, field: "")) == nil {
        errors[.given(index)] = strings.invalidName(form.given.text)
      }
      if (try? Passenger.validatedName(form.family.text, field: "")) == nil {
        errors[.family(index)] = strings.invalidName(form.family.text)
      }
      guard let birth = try? CalendarDay(iso: form.birth.text) else {
        errors[.birth(index)] =
          form.birth.text.isEmpty
          ? strings.invalidName("") : strings.invalidDate(form.birth.text)
        continue
      }
      // Checked here, at the field; the airline checks again.
      if birth >= today {
        errors[.birth(index)] = strings.birthNotInPast
        continue
      }
      if birth.wholeYears(until: departure) >= oldestAge {
        errors[.birth(index)] = strings.birthTooEarly
        continue
      }
      // The airline takes only the party it priced: each traveller the type of their row.
      let born = PassengerType(bornOn: birth, travellingOn: departure)
      if born != type {
        errors[.birth(index)] = strings.birthNotForType(type, born, departure)
        continue
      }
      if let title = form.title,
        let passenger = try? Passenger(
          id: PassengerID("p\(index + 1)"), title: title, givenName: form.given.text,
          familyName: form.family.text, dateOfBirth: birth)
      {
        passengers.append(passenger)
      }
    }
    if (try? Contact.validatedEmail(state.email.text)) == nil {
      errors[.email] = strings.invalidEmail(state.email.text)
    }
    if (try? Contact.validatedPhone(state.phone.text)) == nil {
      errors[.phone] = strings.invalidPhone(state.phone.text)
    }
    let contact = try? Contact(email: state.email.text, phone: state.phone.text)
    state.errors = errors
    state.failure = nil
    guard errors.isEmpty, let contact, passengers.count == state.forms.count else {
      if let first = state.fieldOrder.first(where: { errors[$0] != nil }) { state.focus = first }
      return .handled
    }
    state.saving = true
    let offer = state.offer
    let travellers = passengers
    let calls = BookingCalls(environment.services)
    return FeatureReply(
      effect: .run {
        do throws(ServiceError) {
          return .draftSaved(
            .success(
              try await calls.createDraft(offer: offer, passengers: travellers, contact: contact)))
        } catch {
          return .draftSaved(.failure(error))
        }
      })
  }
}

extension PassengersFeature.State {
  /// The text field at `field` (nil for the title selector and the Continue button).
  public subscript(field: PassengersFeature.Field) -> TextField? {
    get {
      switch field {
      case .given(let i): forms[i].given
      case .family(let i): forms[i].family
      case .birth(let i): forms[i].birth
      case .email: email
      case .phone: phone
      case .title, .proceed: nil
      }
    }
    set {
      guard let newValue else { return }
      switch field {
      case .given(let i): forms[i].given = newValue
      case .family(let i): forms[i].family = newValue
      case .birth(let i): forms[i].birth = newValue
      case .email: email = newValue
      case .phone: phone = newValue
      case .title, .proceed: break
      }
    }
  }
}
