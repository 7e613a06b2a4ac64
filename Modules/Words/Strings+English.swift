import Airline
import Domain
import FlowOwner
import Widgets

extension Strings {
  /// English.
  /// The titles' names, for the form and its messages.
  static func englishTitle(_ title: Title) -> String {
    switch title {
    case .mr: "Mr"
    case .mrs: "Mrs"
    case .ms: "Ms"
    case .miss: "Miss"
    case .mstr: "Mstr"
    case .mx: "Mx"
    case .dr: "Dr"
    }
  }

  public static let english = Strings(
    shell: ShellStrings(
      appName: "booking",
      priceHeld: "Price held",
      priceExpired: "Price expired",
      tooSmall: { needW, needH, w, h in
        "Terminal too small: need at least \(needW)x\(needH), now \(w)x\(h)."
      },
      tooLarge: { mostW, mostH in
        "Terminal too large: at most \(mostW)x\(mostH) is drawn, now larger. Make the window "
          + "smaller or the font larger."
      },
      helpTitle: "Keys",
      helpKeys: [
        "Tab / Shift-Tab   next / previous field",
        "Arrows            move in lists, seat map, suggestions",
        "Enter             choose; next field; continue, submit",
        "Ctrl-S            send the form from any field",
        "Esc               back one step (later steps are dropped)",
        "Alt+Backspace     delete a word (pasting works in fields)",
        "Ctrl-U / Ctrl-K   clear a field before / after the cursor",
        "+ / -             date, highest price, passengers, bags",
        "r                 retry; price an expired quote again",
      ],
      stepHelp: { step in
        switch step {
        case .search:
          [
            "PgUp / PgDn       date: a month (typing replaces it)"
          ]
        case .results:
          [
            "s / n             results: sort, nonstop only",
            "a / t             results: airlines, time of day",
            "x                 results: clear the filters",
            "d                 results: flight details and layovers",
            "[ / ]             results: search the day before / after",
          ]
        case .passengers:
          [
            "← / →             passengers: change the title"
          ]
        case .extras:
          [
            "Space / Enter     extras: pick seat, toggle insurance",
            "1 - 9             extras: whose seat to pick",
            "c                 extras: price them, go to payment",
          ]
        case .payment:
          []
        case .confirmation:
          [
            "n                 confirmation: a new booking"
          ]
        }
      },
      helpEnd: [
        "Ctrl-T            your trips (t on a confirmation)",
        "F2 or i           flow inspector (path, snapshot, events)",
        "F1 or ?           this help      Ctrl-C or q   quit",
        "Mouse             click picks or presses; wheel scrolls",
        "Shift+drag        select text (or start with --no-mouse)",
        "",
        "Your progress is saved on every step; relaunch to resume.",
      ],
      quitTitle: "Quit?",
      quitAt: { step in
        switch step {
        case .search: "Nothing to save yet."
        case .results: "Your search is kept: it will resume at these results."
        case .passengers:
          "Your search and flight are kept and will resume here; passenger details typed here "
            + "are not kept until you press Continue."
        case .extras:
          "Your flight and passengers are kept and will resume here; seats, bags and insurance "
            + "chosen here are not."
        case .payment:
          "Your booking will resume at payment (the price is fetched again); card details are "
            + "never kept."
        case .confirmation: "Your booking is made: it stays booked."
        }
      },
      quitChoices: "y / Enter: quit    n / Esc: stay",
      inspectorTitle: "Flow inspector",
      inspectorPath: "path",
      inspectorSnapshot: "snapshot (as saved)",
      inspectorEvents: "events",
      inspectorHold: { seats, left in "seats held: \(seats), until the price expires (\(left) left)"
      },
      cannotSave: { "Progress cannot be saved: \($0)" },
      replyDropped: { "dropped a reply for step \($0): that step has left the path" },
      replayStopped: "Replay stopped: you have control",
      replaying: "Replaying a recording - press any key to take over",
      replayFinished: "The recording has ended: you have control",
      openedFromLink: { "Opened \($0) from the link" },
      stepName: { step in
        switch step {
        case .search: "Search"
        case .results: "Results"
        case .passengers: "Passengers"
        case .extras: "Extras"
        case .payment: "Payment"
        case .confirmation: "Confirmation"
        }
      },
      hintQuit: "quit", hintHelp: "help", hintBack: "back", hintNext: "next field",
      hintSubmit: "search", hintDate: "day", hintMonth: "month", hintSelect: "choose",
      hintSort: "sort", hintNonstop: "nonstop",
      hintRetry: "retry", hintPick: "pick seat", hintMove: "move", hintBags: "bags",
      hintContinue: "continue", hintPay: "pay", hintReprice: "price again",
      hintNewBooking: "new booking", hintToggle: "toggle", hintChange: "change",
    ),
    search: SearchStrings(
      searchTitle: "Search flights",
      fromLabel: "From", toLabel: "To", dateLabel: "Date",
      tripLabel: "Trip", oneWay: "One way", roundTrip: "Round trip", returnLabel: "Return",
      adultsLabel: "Adults", childrenLabel: "Children", infantsLabel: "Infants",
      adultsNote: "12+", childrenNote: "2-11", infantsNote: "under 2, on a lap",
      searchButton: "[ Search ]",
      airportPlaceholder: "city, airport or code",
      airportRequired: "Type an airport, a city or a code.",
      unknownAirport: { "No airport matches '\($0)'." },
      ambiguousAirport: { "'\($0)' matches several airports: pick one from the list." },
      sameAirports: "From and To are the same airport.",
      invalidDate: { "'\($0)' is not a date: use YYYY-MM-DD." },
      dateInPast: { "That day has passed: pick \($0) or later." },
      dateTooFar: {
        "Flights can be booked up to \(SearchCriteria.bookingWindowDays) days ahead: until \($0)."
      },
      returnBeforeDeparture: { "Before the departure: pick \($0) or later." },
      seatRange: "1 to 9 seats: adults and children together.",
      adultRequired: "At least one adult (12 or older) travels.",
      infantsOverAdults: "No more infants than adults: each sits on an adult's lap.",
      paxShort: { "\($0) pax" },
      partyShort: { party in
        guard party.children > 0 || party.infants > 0 else { return "\(party.adults) pax" }
        return [
          (party.adults, "adult", "adults"), (party.children, "child", "children"),
          (party.infants, "infant", "infants"),
        ]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        .joined(separator: ", ")
      },
    ),
    results: ResultsStrings(
      loadingOffers: "Finding flights…",
      noOffers: "No flights found for this search.",
      noNonstops: "No nonstop flights: press n to show all.",
      noneMatch: "No offers match the filters: press x to clear them.",
      withoutAirlines: { "without \($0)" },
      dayPartName: { part in
        switch part {
        case .night: "night departures"
        case .morning: "morning departures"
        case .afternoon: "afternoon departures"
        case .evening: "evening departures"
        }
      },
      upTo: { "up to \($0)" },
      airlinesTitle: "Airlines shown (Space ticks or unticks, Esc closes)",
      hintAirlines: "airlines", hintTime: "time", hintPrice: "price", hintClear: "clear",
      hintDay: "day", hintClose: "close",
      sortName: { sort in
        switch sort {
        case .price: "price"
        case .departure: "departure"
        case .duration: "duration"
        }
      },
      sortedBy: { "sorted by \($0)" },
      nonstopOnly: "nonstop only",
      nonstop: "nonstop",
      stops: { $0 == 1 ? "1 stop" : "\($0) stops" },
      offerCount: { shown, all in shown == all ? "\(all) offers" : "\(shown) of \(all) offers" },
      cabinName: { cabin in
        switch cabin {
        case .economy: "Economy"
        case .premiumEconomy: "Premium"
        case .business: "Business"
        case .first: "First"
        }
      },
      totalPrice: { "\($0) total" },
      perAdultPrice: { "\($0) /adult" },
      perChildPrice: { "\($0) /child" },
      perInfantPrice: { "\($0) /infant" },
      perPersonLine: { "Each, taxes included: \($0)" },
      resultColumns: [
        "Times", "Flights", "Airline", "Duration", "Stops", "Cabin", "Total", "per adult",
      ],
      hintDetails: "details",
      detailsTitle: "Flight details",
      outboundName: "Outbound",
      returnName: "Return",
      layover: { airport, length in "Layover in \(airport): \(length)" },
      overnightLayover: "! Overnight layover",
      changeAirports: { landed, leaves in "! Change airports: \(landed) → \(leaves)" },
    ),
    passengers: PassengersStrings(
      passengerHeading: { type, number in
        let name =
          switch type {
          case .adult: "Adult"
          case .child: "Child"
          case .infant: "Infant"
          }
        return name + (number.map { " \($0)" } ?? "") + (type == .infant ? " (on a lap)" : "")
      },
      titleLabel: "Title",
      titleName: englishTitle,
      titleNotChosen: "choose",
      chooseTitle: "Choose a title.",
      titleNotFor: { title, type, choices in
        let names = choices.map(englishTitle)
        let list =
          names.count > 1
          ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
          : names.joined()
        return "\(englishTitle(title)) is not a title for "
          + "\(type == .adult ? "an adult" : "a \(type.rawValue)"): choose \(list)."
      },
      passengerTypeName: { type in
        switch type {
        case .adult: "adult"
        case .child: "child"
        case .infant: "infant"
        }
      },
      birthNotInPast: "A date of birth must be in the past.",
      birthTooEarly: "120 years or more before the flight: check the year.",
      birthNotForType: { row, born, day in
        let named: (PassengerType) -> String = { $0 == .child ? "a child" : "an \($0.rawValue)" }
        let ages =
          switch row {
          case .adult: "12+"
          case .child: "2-11"
          case .infant: "under 2"
          }
        let was = named(born)
        return was.prefix(1).uppercased() + was.dropFirst()
          + " on \(Language.english.weekdayDate(day)), not \(named(row)) (\(ages))."
      },
      givenLabel: "Given name", familyLabel: "Family name", birthLabel: "Born (YYYY-MM-DD)",
      contactHeading: "Contact", emailLabel: "Email", phoneLabel: "Phone",
      continueButton: "[ Continue ]",
      saving: "Saving passengers…",
      prefilledNote: "Filled in from your earlier details: check them for this flight.",
      invalidName: { $0.isEmpty ? "Required." : "Letters, spaces, - ' . only (up to 50)." },
      invalidEmail: { $0.isEmpty ? "Required." : "Use a form like name@example.com." },
      invalidPhone: { $0.isEmpty ? "Required." : "7 to 15 digits, optionally starting with +." },
      passengersSummary: { $0 == 1 ? "1 passenger" : "\($0) passengers" },
    ),
    extras: ExtrasStrings(
      seatsHeading: "Seats", bagsHeading: "Checked bags", insuranceLabel: "Travel insurance",
      estimateLabel: "Estimate",
      loadingSeatMap: "Loading seat map…",
      moreAbove: "▲ more",
      moreBelow: "▼ more",
      pricing: "Pricing…",
      seatFor: { "Seat for \($0)" },
      noSeat: "no seat",
      seatTaken: { "Seat \($0) is taken - pick another." },
      seatChosenFor: { seat, name in "Seat \(seat) is already chosen for \(name)." },
      bagsCount: { $0 == 1 ? "1 bag" : "\($0) bags" },
      legend: SeatLegend(
        free: "available", premium: "extra legroom", taken: "taken", chosen: "chosen",
        exitRow: "exit row", rows: "rows"),
      availableAt: { "available, \($0)" },
      premiumAt: { "legroom, \($0)" },
      noCharge: "no charge",
      infantOnLap: "on a lap",
      seatsAtCheckIn: { "\($0): seats at check-in" },
      priceChangedTitle: "The airline changed the price",
      fareSoldOutTitle: "The last seats at this fare were sold",
      priceChanged: { "Fare and taxes: \($0) → \($1)" },
      priceChangeAccept: "[ Accept the new price ]  Esc: keep choosing",
      hintAcceptPrice: "accept the new price",
      hintKeepChoosing: "keep choosing",
      sliceName: { $0 == 0 ? "Outbound" : "Return" },
      hintSliceSeats: { $0 == 0 ? "outbound" : "return" },
    ),
    payment: PaymentStrings(
      cardNumberLabel: "Card number", expiryLabel: "Expiry (MM/YY)", cvcLabel: "CVC",
      cardExpiredAtField: "This card has expired.",
      lineItem: { item, style in
        switch (item.kind, item.quantity, item.unitPrice, item.seat, item.passenger) {
        case (.fare, let count?, let unit?, _, _): "Fare, \(count) × \(unit.formatted(style))"
        case (.childFare, let count?, let unit?, _, _):
          "Child fare, \(count) × \(unit.formatted(style))"
        case (.seat, _, _, let seat?, let number?) where item.slice == 1:
          "Seat \(seat) (return), passenger \(number)"
        case (.seat, _, _, let seat?, let number?): "Seat \(seat), passenger \(number)"
        case (.infant, _, _, _, let number?): "Infant on a lap, passenger \(number)"
        case (.bag, let count?, _, _, let number?):
          "\(count) checked bag\(count == 1 ? "" : "s"), passenger \(number)"
        case (.insurance, _, _, _, _): "Travel insurance"
        case (.tax, _, _, _, _): "Taxes and airport fees"
        default: item.label
        }
      },
      chargeKind: { kind, count in
        switch kind {
        case .fare, .childFare, .infant: "Fares, \(count) traveller\(count == 1 ? "" : "s")"
        case .seat: "Seats, \(count)"
        case .bag: "Checked bags, \(count)"
        case .insurance: "Travel insurance"
        case .tax: "Taxes and airport fees"
        }
      },
      payButton: { "[ Pay \($0) ]" },
      priceLockNote: "Price locked: pay before the countdown at the top reaches 00:00.",
      paying: "Paying… do not close the app.",
      repricing: "Pricing again…",
      invalidCardNumber: "That card number is not valid: check the digits.",
      invalidExpiry: "Use MM/YY, like 12/29.",
      invalidCVC: "3 or 4 digits.",
      expiredExplanation: "The price lock ran out. Press r to price the same seats and bags again.",
      totalLabel: "Total",
      totalFor: { "Total for \($0)" },
      testCardHint:
        "Test cards: 4242\u{A0}4242\u{A0}4242\u{A0}4242 pays; "
        + "4000\u{A0}0000\u{A0}0000\u{A0}0002 is declined; "
        + "4000\u{A0}0000\u{A0}0000\u{A0}9995 has insufficient funds.",
    ),
    confirmation: ConfirmationStrings(
      bookedTitle: "Booked!",
      referenceLabel: "Booking reference",
      paidWith: { "Paid with \($0)" },
      loadingBooking: "Loading your booking…",
      totalPaid: "Total paid",
      seatsBothWays: { outbound, back in
        switch (outbound, back) {
        case (nil, nil): "seats at check-in"
        case (let outbound?, nil): "\(outbound) out, back at check-in"
        case (nil, let back?): "out at check-in, \(back) back"
        case (let outbound?, let back?): "\(outbound) out, \(back) back"
        }
      },
      seatAtCheckIn: "seat at check-in",
    ),
    recovery: RecoveryStrings(
      serviceError: { $0.description },
      restoreNotice: { outcome in
        switch outcome {
        case .fresh: nil
        case .resumed(let step): "Resumed at \(step)"
        case .opened(let step): "Opened \(step) from the link"
        case .fellBack(_, .quoteExpired): "Your price expired - review your extras"
        case .fellBack(_, .alreadyPaid(let reference)): "Already booked: \(reference)"
        case .fellBack(_, .paymentUnresolved(let reason)):
          "Whether this price was paid cannot be told, so it cannot be paid: \(reason)"
        case .fellBack(_, .offerUnavailable): "That offer is no longer available - pick another"
        case .fellBack(.passengers, .draftUnavailable), .fellBack(.passengers, .quoteUnavailable):
          "Your passenger details were not found - enter them again"
        case .fellBack(_, .draftUnavailable):
          "Your passenger details were not found - pick an offer again"
        case .fellBack(.extras, .quoteUnavailable):
          "That price was not found - review your extras to price them again"
        case .fellBack(.search, .quoteUnavailable): "That price was not found - search again"
        case .fellBack(_, .quoteUnavailable):
          "That price was not found - start again from the results"
        case .fellBack(_, .searchUnavailable): "That booking could not be reopened - search again"
        case .fellBack(_, .lookupFailed(let reason)): "Could not reopen your booking: \(reason)"
        case .fellBack(_, .beyondBookingWindow(let day)):
          "\(day) is more than \(SearchCriteria.bookingWindowDays) days ahead: flights cannot be "
            + "booked that far yet - search again"
        }
      },
      resuming: { step, link in
        link != nil ? "Opening \(step) from the link…" : "Resuming your booking at \(step)…"
      },
      stillResuming: "Still resuming your booking: keys act once it is open (q quits).",
      quitKeepsSaved: "Your saved booking is kept as it was.",
      quitWhilePaying:
        "A payment is under way. If you quit now, the next start tells you whether it went "
        + "through; you are never charged twice.",
      discardTitle: "New search?",
      discardQuestion: { step in
        step == .confirmation
          ? "Leave the confirmation of your last booking? It stays booked."
          : "Discard the booking waiting at payment?"
      },
      discardChoices: "y: discard and search    n / Esc / Enter: keep it",
      recordingStopped: { "Recording stopped (\($0)); the booking goes on" },
      alreadyBooked: { "Already booked: \($0)" },
      ledgerNotice: { notice in
        switch notice {
        case .unreadableGuard(let path, let copiedTo?):
          "\(path) could not be read (copy kept as \(copiedTo)); the bookings were checked instead"
        case .unreadableGuard(let path, nil):
          "\(path) could not be read; the bookings were checked instead"
        case .bookkeepingDeferred(let reference, _):
          "Booked \(reference); its records are finished at the next start"
        }
      },
      recoveredPayment: { recovered in
        switch recovered.outcome {
        case .booked(let reference):
          "A payment cut off by a crash went through: booking \(reference)"
        case .notCharged:
          "A payment cut off by a crash was not charged: you can pay again"
        case .unresolved(let reason):
          "A payment cut off by a crash cannot be settled yet: \(reason)"
        }
      },
    ), trips: .english
  )
}
