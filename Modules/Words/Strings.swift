import Airline
import Domain
import FlowOwner
import Widgets

/// Every user-facing text of the app in one language, in one table per screen. Add a text to
/// its screen's table in both languages; screens never spell words themselves. A text is read
/// through its table (`strings.search.fromLabel`) or directly (`strings.fromLabel`): each name
/// is in one table only.
@dynamicMemberLookup
public struct Strings: Sendable {
  /// The header, the footer, the modals, the steps' names and the key hints.
  public let shell: ShellStrings
  /// The search form.
  public let search: SearchStrings
  /// The results: the list, its filters and the flight details.
  public let results: ResultsStrings
  /// The passengers form.
  public let passengers: PassengersStrings
  /// Extras: seats, bags, insurance and a price change.
  public let extras: ExtrasStrings
  /// Payment.
  public let payment: PaymentStrings
  /// The confirmation.
  public let confirmation: ConfirmationStrings
  /// Service errors, restoring, resuming, the saved booking and the payment ledger.
  public let recovery: RecoveryStrings
  /// The trips screen.
  public let trips: TripsStrings

  /// A text by its name alone, from the table that holds it.
  public subscript<Text>(dynamicMember text: KeyPath<ShellStrings, Text>) -> Text {
    shell[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<SearchStrings, Text>) -> Text {
    search[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<ResultsStrings, Text>) -> Text {
    results[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<PassengersStrings, Text>) -> Text {
    passengers[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<ExtrasStrings, Text>) -> Text {
    extras[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<PaymentStrings, Text>) -> Text {
    payment[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<ConfirmationStrings, Text>) -> Text {
    confirmation[keyPath: text]
  }
  public subscript<Text>(dynamicMember text: KeyPath<RecoveryStrings, Text>) -> Text {
    recovery[keyPath: text]
  }
}

/// The texts of the header, the footer, the modals, the steps' names and the key hints.
public struct ShellStrings: Sendable {
  public let appName: String
  public let priceHeld: String
  public let priceExpired: String
  public let tooSmall:
    @Sendable (_ needWidth: Int, _ needHeight: Int, _ width: Int, _ height: Int) -> String
  /// What a terminal past the largest size the app draws at shows: "Terminal too large: at most
  /// 1000x500 is drawn, …".
  public let tooLarge: @Sendable (_ mostWidth: Int, _ mostHeight: Int) -> String
  public let helpTitle: String
  /// The help's keys that work on every screen.
  public let helpKeys: [String]
  /// The keys of each kind of step (the search form's among them), shown under the ones that work
  /// everywhere, in flow order.
  public let stepHelp: @Sendable (StepKind) -> [String]
  /// The help's last lines: the trips, the inspector, the help itself, the mouse, the saving.
  public let helpEnd: [String]
  public let quitTitle: String
  /// What quitting at a step keeps and what it does not (the search form included).
  public let quitAt: @Sendable (StepKind) -> String
  public let quitChoices: String
  public let inspectorTitle: String
  public let inspectorPath: String
  public let inspectorSnapshot: String
  public let inspectorEvents: String
  /// The inspector's line for the seats a quote on the path holds: "seats held: 14A, 22C
  /// (return) until the price expires, 14:55 left".
  public let inspectorHold: @Sendable (String, String) -> String
  public let cannotSave: @Sendable (String) -> String
  public let replyDropped: @Sendable (String) -> String
  public let replayStopped: String
  public let replaying: String
  public let replayFinished: String
  /// What a deep link opened, when it opened what it asked for.
  public let openedFromLink: @Sendable (StepKind) -> String
  public let stepName: @Sendable (StepKind) -> String
  public let hintQuit: String
  public let hintHelp: String
  public let hintBack: String
  public let hintNext: String
  public let hintSubmit: String
  /// The date field's `+`/`-` (a day) and PageUp/PageDown (a month).
  public let hintDate: String
  public let hintMonth: String
  public let hintSelect: String
  public let hintSort: String
  public let hintNonstop: String
  public let hintRetry: String
  public let hintPick: String
  public let hintMove: String
  public let hintBags: String
  public let hintContinue: String
  public let hintPay: String
  public let hintReprice: String
  public let hintNewBooking: String
  public let hintToggle: String
  public let hintChange: String
}

/// The texts of the search form.
public struct SearchStrings: Sendable {
  public let searchTitle: String
  public let fromLabel: String
  public let toLabel: String
  public let dateLabel: String
  /// The trip type's field: one way or round trip.
  public let tripLabel: String
  public let oneWay: String
  public let roundTrip: String
  /// The return date's field, shown for a round trip.
  public let returnLabel: String
  /// The party's counts, each with a note saying who counts ("2-11", "under 2, on a lap").
  public let adultsLabel: String
  public let childrenLabel: String
  public let infantsLabel: String
  public let adultsNote: String
  public let childrenNote: String
  public let infantsNote: String
  public let searchButton: String
  public let airportPlaceholder: String
  public let airportRequired: String
  public let unknownAirport: @Sendable (String) -> String
  public let ambiguousAirport: @Sendable (String) -> String
  public let sameAirports: String
  public let invalidDate: @Sendable (String) -> String
  public let dateInPast: @Sendable (String) -> String
  /// With the last day that can be booked.
  public let dateTooFar: @Sendable (String) -> String
  /// With the departure day the return may not be before.
  public let returnBeforeDeparture: @Sendable (String) -> String
  /// At the adults (or children) count: adults and children take 1 to 9 seats.
  public let seatRange: String
  /// At the adults count, when it is zero.
  public let adultRequired: String
  /// At the infants count, when infants outnumber the adults whose laps they travel on.
  public let infantsOverAdults: String
  public let paxShort: @Sendable (Int) -> String
  /// A party in a few words: "2 pax" for adults alone, else "2 adults, 1 child, 1 infant".
  public let partyShort: @Sendable (Party) -> String
}

/// The texts of the results: the list, its filters and the flight details.
public struct ResultsStrings: Sendable {
  public let loadingOffers: String
  public let noOffers: String
  public let noNonstops: String
  /// Filters: nothing left, their words in the summary, the airlines checklist, their keys.
  public let noneMatch: String
  public let withoutAirlines: @Sendable (String) -> String
  public let dayPartName: @Sendable (DayPart) -> String
  public let upTo: @Sendable (String) -> String
  public let airlinesTitle: String
  public let hintAirlines: String
  public let hintTime: String
  public let hintPrice: String
  public let hintClear: String
  public let hintDay: String
  public let hintClose: String
  public let sortName: @Sendable (OfferSort) -> String
  public let sortedBy: @Sendable (String) -> String
  public let nonstopOnly: String
  public let nonstop: String
  public let stops: @Sendable (Int) -> String
  public let offerCount: @Sendable (Int, Int) -> String
  public let cabinName: @Sendable (Cabin) -> String
  /// A result's prices, from amounts already written: the party's total ("TRY 16,110 total")
  /// and what one adult, child or infant pays of it, taxes included ("TRY 8,055 /adult").
  public let totalPrice: @Sendable (String) -> String
  public let perAdultPrice: @Sendable (String) -> String
  public let perChildPrice: @Sendable (String) -> String
  public let perInfantPrice: @Sendable (String) -> String
  /// The details' line of those prices, already joined ("Each, taxes included: TRY 8,055
  /// /adult · TRY 6,100 /child").
  public let perPersonLine: @Sendable (String) -> String
  /// The list's column headings: times, flights, airline, duration, stops, cabin, total, per adult.
  public let resultColumns: [String]
  /// The flight details (`d`): their key, title, the two directions, a layover ("Layover in
  /// MUC: 1h 5m", from the airport and the length) and its warnings (overnight; another airport,
  /// from the one landed at to the one to leave from).
  public let hintDetails: String
  public let detailsTitle: String
  public let outboundName: String
  public let returnName: String
  public let layover: @Sendable (String, String) -> String
  public let overnightLayover: String
  public let changeAirports: @Sendable (String, String) -> String
}

/// The texts of the passengers form.
public struct PassengersStrings: Sendable {
  /// A passenger's heading by type, numbered among those of the type when there are several:
  /// "Adult 1", "Child", "Infant (on a lap)".
  public let passengerHeading: @Sendable (PassengerType, Int?) -> String
  public let titleLabel: String
  public let titleName: @Sendable (Title) -> String
  /// Shown for a title not chosen yet.
  public let titleNotChosen: String
  public let chooseTitle: String
  /// "Mr is not a title for a child: choose Miss or Mstr."
  public let titleNotFor: @Sendable (Title, PassengerType, [Title]) -> String
  /// "adult", "child", "infant" in the panel's language.
  public let passengerTypeName: @Sendable (PassengerType) -> String
  /// At a date of birth that is today or later.
  public let birthNotInPast: String
  /// At a date of birth 120 years or more before the flight.
  public let birthTooEarly: String
  /// At a date of birth that makes the traveller another type on the departure day than the
  /// row's: (the row's type, the type born then, the departure day).
  public let birthNotForType: @Sendable (PassengerType, PassengerType, CalendarDay) -> String
  public let givenLabel: String
  public let familyLabel: String
  public let birthLabel: String
  public let contactHeading: String
  public let emailLabel: String
  public let phoneLabel: String
  public let continueButton: String
  public let saving: String
  public let prefilledNote: String
  public let invalidName: @Sendable (String) -> String
  public let invalidEmail: @Sendable (String) -> String
  public let invalidPhone: @Sendable (String) -> String
  public let passengersSummary: @Sendable (Int) -> String
}

/// The texts of extras: seats, bags, insurance and a price change.
public struct ExtrasStrings: Sendable {
  public let seatsHeading: String
  public let bagsHeading: String
  public let insuranceLabel: String
  public let estimateLabel: String
  public let loadingSeatMap: String
  /// The markers of a panel scrolled: lines hidden above, lines hidden below.
  public let moreAbove: String
  public let moreBelow: String
  public let pricing: String
  public let seatFor: @Sendable (String) -> String
  public let noSeat: String
  public let seatTaken: @Sendable (String) -> String
  public let seatChosenFor: @Sendable (String, String) -> String
  public let bagsCount: @Sendable (Int) -> String
  public let legend: SeatLegend
  /// The legend's words for standard seats and for seats with more room, with what they cost
  /// ("TRY 0–405"), and for seats that cost nothing.
  public let availableAt: @Sendable (String) -> String
  public let premiumAt: @Sendable (String) -> String
  public let noCharge: String
  public let infantOnLap: String
  /// For a connection: the flights whose seats are not chosen here ("LX2578: seats at check-in").
  public let seatsAtCheckIn: @Sendable (String) -> String
  /// The airline re-priced the offer: the question's title, old → new, and its answer's keys.
  public let priceChangedTitle: String
  /// The title of the same question when the last seats at the fare were sold.
  public let fareSoldOutTitle: String
  public let priceChanged: @Sendable (String, String) -> String
  public let priceChangeAccept: String
  public let hintAcceptPrice: String
  public let hintKeepChoosing: String
  /// A slice of a trip by its index: "Outbound" (0), "Return" (1).
  public let sliceName: @Sendable (Int) -> String
  /// The key hint to the seats of a slice: "return".
  public let hintSliceSeats: @Sendable (Int) -> String
}

/// The texts of payment.
public struct PaymentStrings: Sendable {
  public let cardNumberLabel: String
  public let expiryLabel: String
  public let cvcLabel: String
  /// At the expiry field, for a card past its month.
  public let cardExpiredAtField: String
  /// A quote's line in this language ("Seat 14A, passenger 1"), from its parts; its stored label
  /// when the parts are missing.
  public let lineItem: @Sendable (LineItem, MoneyStyle) -> String
  /// One line for every charge of a kind, where the quote's own lines do not fit ("Fares, 4
  /// travellers", "Seats, 3"): the kind (`.fare` for every fare) and how many.
  public let chargeKind: @Sendable (LineItemKind, Int) -> String
  public let payButton: @Sendable (String) -> String
  public let priceLockNote: String
  public let paying: String
  public let repricing: String
  public let invalidCardNumber: String
  public let invalidExpiry: String
  public let invalidCVC: String
  public let expiredExplanation: String
  public let totalLabel: String
  /// The total's label naming whom the booking is for: "Total for Ada Lovelace, Grace Hopper".
  public let totalFor: @Sendable (String) -> String
  public let testCardHint: String
}

/// The texts of the confirmation.
public struct ConfirmationStrings: Sendable {
  public let bookedTitle: String
  public let referenceLabel: String
  public let paidWith: @Sendable (String) -> String
  public let loadingBooking: String
  public let totalPaid: String
  /// A passenger's seats on a round trip, outbound then return (one not chosen is given at
  /// check-in):
  /// "14A out, 22C back".
  public let seatsBothWays: @Sendable (String?, String?) -> String
  /// A one-way traveller's seat where none was chosen ("seat at check-in").
  public let seatAtCheckIn: String
}

/// The texts of service errors, restoring, resuming, the saved booking and the payment ledger.
public struct RecoveryStrings: Sendable {
  public let serviceError: @Sendable (ServiceError) -> String
  public let restoreNotice: @Sendable (RestoreOutcome) -> String?
  /// "Resuming your booking at payment…" (or opening `link`, when one is opened) while a saved
  /// flow is restored to `step`.
  public let resuming: @Sendable (_ step: StepKind, _ link: DeepLink?) -> String
  /// Said when a key other than quit, help or the inspector is pressed while resuming.
  public let stillResuming: String
  /// The quit question's body while the saved booking is left as it is on disk.
  public let quitKeepsSaved: String
  /// The quit question's body while a payment is under way.
  public let quitWhilePaying: String
  public let discardTitle: String
  /// "Discard the booking waiting at payment?" (or, later, the confirmation).
  public let discardQuestion: @Sendable (StepKind) -> String
  public let discardChoices: String
  /// `--record` could not write on (the disk filled).
  public let recordingStopped: @Sendable (String) -> String
  /// A quote of a draft booked already opened its booking.
  public let alreadyBooked: @Sendable (BookingReference) -> String
  /// What the airline's payment records needed, in one line.
  public let ledgerNotice: @Sendable (LedgerNotice) -> String
  /// What became of a payment a crash cut off, in one line.
  public let recoveredPayment: @Sendable (RecoveredPayment) -> String
}

extension ShellStrings {
  /// The help box's lines: the keys that work everywhere, each kind of step's in flow order,
  /// then the last lines.
  public var helpLines: [String] {
    helpKeys + StepKind.allCases.flatMap { stepHelp($0) } + helpEnd
  }
}
