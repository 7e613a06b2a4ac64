import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

/// The bookings made before, newest first (`t` from the search form or a confirmation): a list,
/// and one booking opened with Enter.
///
/// Lazy by construction: opening asks the airline only for the list of references (no booking is
/// read), and a row's booking is read when its page is on screen. Only the rows of the page on
/// screen and the pages either side are held, so ten thousand bookings cost a listing, one page
/// of reads and the memory of three pages.
public enum TripsFeature {
  /// The list and what is open.
  public struct State: Hashable, Sendable {
    /// The bookings, newest first, once listed.
    public var listing: Loadable<[BookingListing]> = .loading
    /// The chosen row.
    public var selected = 0
    /// The bookings read so far, for the rows near the page on screen.
    public var rows: [BookingReference: Loadable<Booking>] = [:]
    /// The booking shown whole (Enter), if any.
    public var opened: BookingReference?
    /// What is being done with the opened booking, once it is read: its own flow
    /// (`TripFlow`), which the booking flow never sees.
    public var trip: TripFlow?

    /// A booking being opened again where its flow was (a resume, a trip link), until it is
    /// read.
    public var resuming: TripPosition?

    /// The card a change that costs money is paid with, while its quote is on screen.
    public var card = ChangeCard()

    /// Nothing listed yet.
    public init() {}

    /// Opening again at `position`: the list, and the booking opened as it was.
    public init(resuming position: TripPosition) {
      resuming = position
      opened = position.reference
      rows[position.reference] = .loading
    }

    /// Where the opened booking's flow is, as a snapshot keeps it: the booking, and the
    /// cancellation quote on screen.
    public var position: TripPosition? {
      if let resuming { return resuming }
      guard let opened else { return nil }
      var change: ChangeCriteria?
      var step: TripPosition.ChangeStep?
      for entry in trip?.path ?? [] {
        switch entry {
        case .changeSearch(let criteria): (change, step) = (criteria, .search)
        case .changeOffers(let criteria, _, _): (change, step) = (criteria, .offers)
        case .changeQuote: step = .quote
        default: break
        }
      }
      return TripPosition(
        reference: opened, cancellation: trip?.heldQuote?.id, change: change, changeStep: step,
        changeQuote: trip?.heldChange?.id)
    }

    /// The references listed, empty until they are.
    public var references: [BookingListing] {
      if case .loaded(let listing) = listing { return listing }
      return []
    }

    /// Whether anything is being read.
    public var isLoading: Bool {
      if case .loading = listing { return true }
      return rows.values.contains { if case .loading = $0 { true } else { false } }
    }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case listed(Result<[BookingListing], ServiceError>)
    case loaded(BookingReference, Result<Booking, ServiceError>)
    /// The screen changed size: the page on screen may hold rows not read yet.
    case resized
    /// The airline's answer to the trip's question for a cancellation quote.
    case cancellationQuoted(TripFlow.Asked, Result<CancellationQuote, ServiceError>)
    /// The airline's answer to the trip's confirmation of a cancellation.
    case cancellationConfirmed(TripFlow.Asked, Result<Booking, ServiceError>)
    /// The airline's change offers for the day searched.
    case changeOffered(TripFlow.Asked, Result<[ChangeOffer], ServiceError>)
    /// The airline's change quote for the offer chosen.
    case changeQuoted(TripFlow.Asked, Result<ChangeQuote, ServiceError>)
    /// The airline's answer to the trip's confirmation of a change.
    case changeConfirmed(TripFlow.Asked, Result<Booking, ServiceError>)
    /// The booking of a trip opened again, and its cancellation quote when it was at one, or
    /// its change when it was in one.
    case resumed(
      TripPosition, Result<Booking, ServiceError>, quote: Result<CancellationQuote, ServiceError>?,
      change: ResumedChange? = nil)
  }

  /// A change fetched again for a resume: its offers (when the flow was at them or beyond) and
  /// its quote (when it was at one).
  public struct ResumedChange: Hashable, Sendable {
    public let offers: Result<[ChangeOffer], ServiceError>?
    public let quote: Result<ChangeQuote, ServiceError>?

    public init(
      offers: Result<[ChangeOffer], ServiceError>?, quote: Result<ChangeQuote, ServiceError>?
    ) {
      self.offers = offers
      self.quote = quote
    }
  }

  /// What the screen asks of the root.
  public enum Output: Hashable, Sendable {
    /// Esc from the list: back to where trips were opened.
    case close
  }

  /// Lists the bookings: the effect to start when the trips open.
  public static func onOpen(environment: AppEnvironment) -> Effect<Action> {
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .listed(.success(try await calls.bookingList()))
      } catch {
        return .listed(.failure(error))
      }
    }
  }

  /// Opens the trips again at `position`: the list, the booking, and its cancellation quote when
  /// the flow was at one (each fetched again).
  public static func onResume(_ position: TripPosition, environment: AppEnvironment)
    -> Effect<Action>
  {
    let calls = BookingCalls(environment.services)
    let read: Effect<Action> = .run {
      let booking: Result<Booking, ServiceError>
      do throws(ServiceError) {
        booking = .success(try await calls.booking(reference: position.reference))
      } catch {
        booking = .failure(error)
      }
      if let criteria = position.change {
        return .resumed(
          position, booking, quote: nil,
          change: await fetchChange(criteria, position, calls))
      }
      guard let id = position.cancellation else { return .resumed(position, booking, quote: nil) }
      do throws(ServiceError) {
        let quote = try await calls.cancellationQuote(id, of: position.reference)
        return .resumed(position, booking, quote: .success(quote))
      } catch {
        return .resumed(position, booking, quote: .failure(error))
      }
    }
    return .batch([onOpen(environment: environment), read])
  }

  /// The change of a resume fetched again: its offers, then its quote, as far as the position
  /// went.
  private static func fetchChange(
    _ criteria: ChangeCriteria, _ position: TripPosition, _ calls: BookingCalls
  ) async -> ResumedChange {
    guard position.changeStep != .search else { return ResumedChange(offers: nil, quote: nil) }
    let offers: Result<[ChangeOffer], ServiceError>
    do throws(ServiceError) {
      offers = .success(try await calls.changeOffers(for: criteria))
    } catch {
      offers = .failure(error)
    }
    guard let id = position.changeQuote else { return ResumedChange(offers: offers, quote: nil) }
    do throws(ServiceError) {
      return ResumedChange(
        offers: offers, quote: .success(try await calls.changeQuote(id, of: position.reference)))
    } catch {
      return ResumedChange(offers: offers, quote: .failure(error))
    }
  }

  /// Handles a key or a reply; `pageHeight` is how many rows the list shows at once.
  public static func reduce(
    _ state: inout State, _ action: Action, pageHeight: Int, environment: AppEnvironment,
    strings: Strings
  ) -> FeatureReply<Action, Output> {
    switch action {
    case .listed(.success(let listing)):
      state.listing = .loaded(listing)
      // A booking opened again is the chosen row, so its row stays among those held.
      if let opened = state.opened, let row = listing.firstIndex(where: { $0.reference == opened })
      {
        state.selected = row
      }
      state.selected = min(state.selected, max(0, listing.count - 1))
      return FeatureReply(effect: loadNearby(&state, pageHeight, environment))
    case .listed(.failure(let error)):
      state.listing = .failed(strings.serviceError(error))
      return .handled
    case .loaded(let reference, let result):
      // A reply for a row that has scrolled away is not kept, nor one for the booking being
      // opened again (its own read answers it).
      guard state.rows[reference] != nil, state.resuming?.reference != reference else {
        return .handled
      }
      switch result {
      case .success(let booking):
        state.rows[reference] = .loaded(booking)
        if state.opened == reference, state.trip == nil { state.trip = TripFlow(booking) }
      case .failure(let error): state.rows[reference] = .failed(strings.serviceError(error))
      }
      return .handled
    case .resized:
      return FeatureReply(effect: loadNearby(&state, pageHeight, environment))
    case .resumed(let position, let booking, let quote, let change):
      // A trip closed or opened elsewhere since is not opened again.
      guard state.resuming == position, state.opened == position.reference else {
        return .handled
      }
      state.resuming = nil
      switch booking {
      case .success(let booking):
        state.rows[booking.reference] = .loaded(booking)
        var trip = TripFlow(booking)
        // A quote still held is shown again; an expired or replaced one falls back to the
        // booking, saying so.
        if case .success(let held)? = quote {
          trip.resume(
            at: held, now: environment.clock.now(), expired: strings.trips.resumedExpired)
        } else if case .failure(let error)? = quote {
          trip.resume(refused: strings.serviceError(error))
        } else if let criteria = position.change {
          trip.resume(
            change: criteria, at: position.changeQuote, offers: change?.offers,
            quote: change?.quote,
            now: environment.clock.now(), expired: strings.trips.resumedChangeExpired,
            describe: strings.serviceError)
        }
        state.trip = trip
      case .failure(let error):
        state.rows[position.reference] = .failed(strings.serviceError(error))
      }
      return .handled
    case .cancellationQuoted(let asked, let result):
      // An answer for a trip closed since, or to a question no longer asked, is dropped.
      guard var trip = state.trip else { return .handled }
      _ = trip.quoted(asked, result, describe: strings.serviceError)
      state.trip = trip
      return .handled
    case .cancellationConfirmed(let asked, let result), .changeConfirmed(let asked, let result):
      guard var trip = state.trip else { return .handled }
      let answer = trip.confirmed(asked, result, describe: strings.serviceError)
      state.trip = trip
      if let output = answer.output {
        state.card = ChangeCard()
        finish(output, &state)
      } else if !answer.dropped, case .failure(let error) = result {
        // A card the bank refused is changed where it was typed.
        switch error {
        case .cardDeclined, .insufficientFunds: state.card.focus = .number
        case .cardExpired: state.card.focus = .expiry
        default: break
        }
      }
      return .handled
    case .changeOffered(let asked, let result):
      guard var trip = state.trip else { return .handled }
      _ = trip.offered(
        asked, result, none: strings.trips.noChangeOffers, describe: strings.serviceError)
      state.trip = trip
      return .handled
    case .changeQuoted(let asked, let result):
      guard var trip = state.trip else { return .handled }
      if trip.changeQuoted(asked, result, describe: strings.serviceError), case .success = result {
        state.card = ChangeCard()
      }
      state.trip = trip
      return .handled
    case .key(let key):
      return handle(key, &state, pageHeight, environment, strings)
    }
  }

  /// The trip's end, as the list takes it: left, the list again; finished, its row is the
  /// booking as it ended.
  private static func finish(_ output: TripFlow.Output, _ state: inout State) {
    switch output {
    case .left:
      state.opened = nil
      state.trip = nil
      state.resuming = nil
    case .finished(let booking):
      state.rows[booking.reference] = .loaded(booking)
    }
  }

  /// A key for the opened booking's flow.
  private static func tripKey(
    _ key: Key, _ state: inout State, _ environment: AppEnvironment, _ strings: Strings
  ) -> FeatureReply<Action, Output> {
    guard var trip = state.trip else { return .ignored }
    // While the cancellation or the change is being confirmed, money moves: no key acts, as at
    // the payment step, so its answer cannot be dropped by going back (nor is one recorded).
    if trip.asked?.question == .confirmation || trip.asked?.question == .changeConfirmation {
      return FeatureReply(keyUse: .ignored)
    }
    if case .changeQuote(let quote) = trip.current, quote.total.pays, trip.asked == nil,
      !trip.quoteExpired, !trip.quoteHasExpired(at: environment.clock.now()),
      let reply = cardKey(key, quote, &trip, &state, environment, strings)
    {
      state.trip = trip
      return reply
    }
    var reply = FeatureReply<Action, Output>.handled
    var output: TripFlow.Output?
    switch (trip.current, key) {
    case (_, .escape), (_, .backspace):
      output = trip.back()
      if trip.heldChange == nil { state.card = ChangeCard() }
    case _ where trip.asked != nil:
      // While a quote is asked for, only back acts here; the root's keys (quit, help) still do.
      reply = .ignored
    case (.booking, .character("c")), (.changed, .character("c")):
      reply = FeatureReply(effect: askQuote(&trip, environment))
    case (.booking, .character("m")), (.changed, .character("m")):
      if trip.beginChange() == nil { trip.note(strings.trips.notChangeable) }
    case (.booking, .enter), (.cancelled, .enter), (.changed, .enter):
      output = .left
    case (.changeSearch, .left): trip.editChange(days: -1)
    case (.changeSearch, .right): trip.editChange(days: 1)
    case (.changeSearch, .pageUp): trip.editChange(days: -7)
    case (.changeSearch, .pageDown): trip.editChange(days: 7)
    case (.changeSearch, .tab): trip.editChange(switchSlice: true)
    case (.changeSearch(let criteria), .enter):
      guard let asked = trip.ask(.changeOffers) else { break }
      let calls = BookingCalls(environment.services)
      reply = FeatureReply(
        effect: .run {
          do throws(ServiceError) {
            return .changeOffered(asked, .success(try await calls.changeOffers(for: criteria)))
          } catch {
            return .changeOffered(asked, .failure(error))
          }
        })
    case (.changeOffers, .up): trip.moveSelection(-1)
    case (.changeOffers, .down): trip.moveSelection(1)
    case (.changeOffers, .pageUp): trip.moveSelection(-5)
    case (.changeOffers, .pageDown): trip.moveSelection(5)
    case (.changeOffers, .enter):
      guard let offer = trip.chosenOffer else { break }
      reply = FeatureReply(effect: askChangeQuote(offer.id, &trip, environment))
    case (.changeQuote(let quote), .character("r")):
      reply = FeatureReply(effect: askChangeQuote(quote.offerID, &trip, environment))
    case (.changeQuote(let quote), .enter), (.changeQuote(let quote), .character("y")):
      reply = confirmChange(quote, card: nil, &trip, environment)
    case (.cancellation, .character("r")):
      reply = FeatureReply(effect: askQuote(&trip, environment))
    case (.cancellation(let quote), .enter), (.cancellation(let quote), .character("y")):
      guard !trip.quoteHasExpired(at: environment.clock.now()), !trip.quoteExpired,
        let asked = trip.ask(.confirmation)
      else { break }
      let calls = BookingCalls(environment.services)
      reply = FeatureReply(
        effect: .run {
          do throws(ServiceError) {
            let booking = try await calls.confirmCancellation(quote.id, of: quote.reference)
            return .cancellationConfirmed(asked, .success(booking))
          } catch {
            return .cancellationConfirmed(asked, .failure(error))
          }
        })
    default:
      reply = .ignored
    }
    state.trip = trip
    if let output { finish(output, &state) }
    return reply
  }

  /// A key for the card of a change that costs money: typing, moving between the fields, and
  /// confirming from the button (Enter) or any field (Ctrl-S). Nil for Esc, which goes back
  /// (Backspace only deletes here, as in any form).
  private static func cardKey(
    _ key: Key, _ quote: ChangeQuote, _ trip: inout TripFlow, _ state: inout State,
    _ environment: AppEnvironment, _ strings: Strings
  ) -> FeatureReply<Action, Output>? {
    switch key {
    case .escape:
      return nil
    case .tab, .down:
      state.card.move(1)
    case .backTab, .up:
      state.card.move(-1)
    case .enter where state.card.focus != .pay:
      state.card.move(1)
    case .enter, .control("s"):
      let today = CalendarDay(environment.clock.now(), in: .utc)
      guard let card = state.card.card(today: today, strings: strings) else { return .handled }
      return confirmChange(quote, card: card, &trip, environment)
    default:
      let took = state.card.type(key)
      var reply = FeatureReply<Action, Output>.handled
      // Typed card data is never recorded as typed.
      reply.judgeCharacter(
        key, took: took, sensitive: PaymentFeature.sensitiveText(of: state.card.focus))
      if case .paste = key { reply.keyUse = .ignored }
      return reply
    }
    return .handled
  }

  /// Confirms the change quote on screen, paying with `card` when it costs money.
  private static func confirmChange(
    _ quote: ChangeQuote, card: PaymentCard?, _ trip: inout TripFlow,
    _ environment: AppEnvironment
  ) -> FeatureReply<Action, Output> {
    guard !trip.quoteHasExpired(at: environment.clock.now()), !trip.quoteExpired,
      let asked = trip.ask(.changeConfirmation)
    else { return .handled }
    let calls = BookingCalls(environment.services)
    return FeatureReply(
      effect: .run {
        do throws(ServiceError) {
          let booking = try await calls.confirmChange(quote.id, of: quote.reference, card: card)
          return .changeConfirmed(asked, .success(booking))
        } catch {
          return .changeConfirmed(asked, .failure(error))
        }
      }, keyUse: .used)
  }

  /// Asks the airline to lock change offer `id`.
  private static func askChangeQuote(
    _ id: ChangeOfferID, _ trip: inout TripFlow, _ environment: AppEnvironment
  ) -> Effect<Action> {
    guard let asked = trip.ask(.changeQuote) else { return .none }
    let reference = trip.booking.reference
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .changeQuoted(asked, .success(try await calls.quoteChange(id, of: reference)))
      } catch {
        return .changeQuoted(asked, .failure(error))
      }
    }
  }

  /// Asks the airline for a quote for cancelling the trip's booking.
  private static func askQuote(_ trip: inout TripFlow, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    guard let asked = trip.ask(.cancellationQuote) else { return .none }
    let reference = trip.booking.reference
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .cancellationQuoted(
          asked, .success(try await calls.quoteCancellation(of: reference)))
      } catch {
        return .cancellationQuoted(asked, .failure(error))
      }
    }
  }

  private static func handle(
    _ key: Key, _ state: inout State, _ pageHeight: Int, _ environment: AppEnvironment,
    _ strings: Strings
  ) -> FeatureReply<Action, Output> {
    if state.opened != nil {
      if state.trip != nil { return tripKey(key, &state, environment, strings) }
      switch key {
      case .escape, .enter, .backspace:
        state.opened = nil
        state.resuming = nil
        return .handled
      case .character("r"):
        return FeatureReply(effect: retry(&state, environment))
      default:
        return .ignored
      }
    }
    let count = state.references.count
    let page = max(1, pageHeight)
    switch key {
    case .escape:
      return FeatureReply(output: .close)
    case .character("r"):
      if case .failed = state.listing {
        state.listing = .loading
        return FeatureReply(effect: onOpen(environment: environment))
      }
      return FeatureReply(effect: retry(&state, environment))
    case .enter:
      guard count > 0 else { return .handled }
      let reference = state.references[state.selected].reference
      state.opened = reference
      if case .loaded(let booking)? = state.rows[reference] {
        state.trip = TripFlow(booking)
      } else {
        state.trip = nil
      }
      return .handled
    case .up: state.selected -= 1
    case .down: state.selected += 1
    case .pageUp: state.selected -= page
    case .pageDown: state.selected += page
    case .home: state.selected = 0
    case .end: state.selected = count - 1
    default: return .ignored
    }
    state.selected = min(max(0, state.selected), max(0, count - 1))
    return FeatureReply(effect: loadNearby(&state, pageHeight, environment))
  }

  /// The rows whose bookings are held: the page on screen and one page either side.
  static func window(count: Int, selected: Int, pageHeight: Int) -> Range<Int> {
    let page = ListView.visibleRange(count: count, selected: selected, height: max(1, pageHeight))
    let height = max(1, pageHeight)
    return max(0, page.lowerBound - height)..<min(count, page.upperBound + height)
  }

  /// Forgets bookings outside the window and reads the page on screen's that are not held.
  private static func loadNearby(
    _ state: inout State, _ pageHeight: Int, _ environment: AppEnvironment
  ) -> Effect<Action> {
    let listing = state.references
    let window = window(count: listing.count, selected: state.selected, pageHeight: pageHeight)
    let kept = Set(listing[window].map(\.reference))
    state.rows = state.rows.filter { kept.contains($0.key) }
    let page = ListView.visibleRange(
      count: listing.count, selected: state.selected, height: max(1, pageHeight))
    var effects: [Effect<Action>] = []
    for item in listing[page] where state.rows[item.reference] == nil {
      state.rows[item.reference] = .loading
      effects.append(read(item.reference, environment))
    }
    return .batch(effects)
  }

  /// Reads again the held rows that could not be read.
  private static func retry(_ state: inout State, _ environment: AppEnvironment) -> Effect<
    Action
  > {
    var effects: [Effect<Action>] = []
    for (reference, row) in state.rows {
      guard case .failed = row else { continue }
      state.rows[reference] = .loading
      effects.append(read(reference, environment))
    }
    return .batch(effects)
  }

  private static func read(_ reference: BookingReference, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .loaded(reference, .success(try await calls.booking(reference: reference)))
      } catch {
        return .loaded(reference, .failure(error))
      }
    }
  }
}
