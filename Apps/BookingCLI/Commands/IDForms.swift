import Domain

/// The form of each ID a command takes, checked before anything is looked up: a word of the
/// wrong form is a usage error (64) naming the form, never "not found" (66). Case is not part of
/// an ID: offer, quote and draft IDs are read in lower case, booking references in upper case,
/// whatever case they are typed in.
enum IDForms {
  /// An ID kind as the airline writes it: its prefix, then `-` and hex digits.
  struct Form {
    let kind: String
    let prefix: String
    let digits: ClosedRange<Int>
    let example: String
    /// The command that prints such IDs.
    let source: String

    /// `text` in lower case when it has this form.
    func normalised(_ text: String) -> String? {
      let lower = text.lowercased()
      guard lower.hasPrefix(prefix + "-") else { return nil }
      let hex = lower.utf8.dropFirst(prefix.utf8.count + 1)
      guard digits.contains(hex.count),
        hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
      else { return nil }
      return lower
    }
  }

  /// An offer's ID: `of-` and up to 16 hex digits (a 64-bit hash without its leading zeros).
  static let offer = Form(
    kind: "an offer ID", prefix: "of", digits: 1...16, example: "of-3f9c2a7be14d6085",
    source: "booking-cli search")
  /// A quote's ID: `qt-` and 16 hex digits.
  static let quote = Form(
    kind: "a quote ID", prefix: "qt", digits: 16...16, example: "qt-0123456789abcdef",
    source: "booking-cli quote")
  /// A draft's ID: `dr-` and 16 hex digits.
  static let draft = Form(
    kind: "a draft ID", prefix: "dr", digits: 16...16, example: "dr-0123456789abcdef",
    source: "booking-cli pay or session")

  /// The command's `name` word (OFFER, QUOTE...) as an ID of `form`: refused with 64 and a line
  /// naming the form, and the kind of ID it is when it has another kind's form.
  static func id<Owner>(_ text: String, _ name: String, _ form: Form) throws(Failure)
    -> Identifier<Owner>
  {
    if let normalised = form.normalised(text), let id = try? Identifier<Owner>(normalised) {
      return id
    }
    var message = "\(name) '\(text)' is not \(form.kind) like \(form.example)"
    if let other = [offer, quote, draft].first(where: { $0.normalised(text) != nil }) {
      message += ": it is \(other.kind)"
    } else if (try? BookingReference(text)) != nil {
      message += ": it is a booking reference"
    }
    throw .usage(message + " (\(form.source) prints them)")
  }

  /// The command's OFFER.
  static func offerID(_ text: String) throws(Failure) -> OfferID { try id(text, "OFFER", offer) }

  /// The command's QUOTE.
  static func quoteID(_ text: String) throws(Failure) -> QuoteID { try id(text, "QUOTE", quote) }

  /// The command's DRAFT.
  static func draftID(_ text: String) throws(Failure) -> DraftID { try id(text, "DRAFT", draft) }

  /// The command's REF: six letters or digits, in any case.
  static func reference(_ text: String) throws(Failure) -> BookingReference {
    do {
      return try BookingReference(text)
    } catch {
      var message = "REF '\(text)' is not a booking reference like K7Q2ZP"
      if let other = [offer, quote, draft].first(where: { $0.normalised(text) != nil }) {
        message += ": it is \(other.kind)"
      }
      throw .usage(message + " (booking-cli trips lists them)")
    }
  }
}
