extension Check {
  /// The seeds' route-start check: a booking's path starts at the results.
  public static func firstStep() -> Check {
    Check(
      name: "first-step", summary: "a booking's path starts at the results (first screen only)",
      turkishSummary: "rezervasyonun rotası sonuç ekranıyla başlar (yalnız ilk ekran)",
      scenario: .booking, expecting: "results", read: \.firstScreen)
  }

  /// The seeds' last-screen check: after paying, the confirmation is shown.
  public static func lastStep() -> Check {
    Check(
      name: "last-step", summary: "after paying, the confirmation is shown (last screen only)",
      turkishSummary: "ödemeden sonra onay ekranı gösterilir (yalnız son ekran)",
      scenario: .pay, expecting: "confirmation", read: \.lastScreen)
  }

  /// The seeds' whole-route check: after paying, the path is the confirmation alone.
  public static func wholePath() -> Check {
    Check(
      name: "whole-path", summary: "after paying, the path is the confirmation alone (whole path)",
      turkishSummary: "ödemeden sonra rotada yalnız onay ekranı kalır (tüm rota)",
      scenario: .pay, expecting: "confirmation", read: \.trail)
  }

  /// After paying, no payment screen is left to go back to.
  public static func paymentGone() -> Check {
    Check(
      name: "payment-gone", summary: "after paying, no payment screen is left on the path",
      turkishSummary: "ödemeden sonra rotada ödeme ekranı kalmaz",
      scenario: .pay, expectation: "no payment on the path",
      turkishExpectation: "rotada ödeme ekranı yok",
      read: \.trail, passes: { !$0.split(separator: ">").contains("payment") })
  }

  /// A double press on an offer shows one passengers screen.
  public static func doubleSubmit() -> Check {
    Check(
      name: "double-submit", summary: "choosing an offer twice pushes one passengers screen",
      turkishSummary: "bir teklifi iki kez seçmek rotaya tek bir yolcu ekranı ekler",
      scenario: .doubleSubmit, expecting: "results>passengers", read: \.trail)
  }

  /// A reply whose screen is gone leaves the path where the person went back to.
  public static func lateReply() -> Check {
    Check(
      name: "late-reply", summary: "a reply from a screen no longer on the path is dropped",
      turkishSummary: "artık rotada olmayan bir ekrandan gelen yanıt yok sayılır",
      scenario: .lateReply, expecting: "results", read: \.trail)
  }
}
