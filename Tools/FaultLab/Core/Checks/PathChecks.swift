import FlowFaults

extension Check {
  /// Lesson 002's view-model check: after paying, the payment screen's own state says the
  /// payment completed. It reads the screen, not the path, so it cannot see where the flow went.
  public static func paymentCompleted() -> Check {
    Check(
      name: "payment-completed", turkishName: "ödeme-tamamlandı",
      summary: "after paying, the payment screen's state says the payment completed (screen only)",
      turkishSummary: "ödemeden sonra ödeme ekranının durumu ödemenin tamamlandığını söyler "
        + "(yalnız ekran)",
      scenario: .pay, expecting: "true", read: \.paymentCompleted)
  }

  /// Lesson 002's route-start check, on the lesson's own scenario: after paying, the route (the
  /// search form, then the path) still starts at the search form.
  public static func firstStep() -> Check {
    Check(
      name: "first-step", turkishName: "rota-başı",
      summary: "after paying, the route still starts at the search form (first screen only)",
      turkishSummary: "ödemeden sonra rota yine arama formuyla başlar (yalnız ilk ekran)",
      scenario: .pay, expecting: "search", read: \.firstScreen)
  }

  /// The seeds' last-screen check: after paying, the confirmation is shown.
  public static func lastStep() -> Check {
    Check(
      name: "last-step", turkishName: "son-ekran",
      summary: "after paying, the confirmation is shown (last screen only)",
      turkishSummary: "ödemeden sonra onay ekranı gösterilir (yalnız son ekran)",
      scenario: .pay, expecting: "confirmation", read: \.lastScreen)
  }

  /// The seeds' whole-route check: after paying, the path is the confirmation alone.
  public static func wholePath() -> Check {
    Check(
      name: "whole-path", turkishName: "tüm-rota",
      summary: "after paying, the path is the confirmation alone (whole path)",
      turkishSummary: "ödemeden sonra rotada yalnız onay ekranı kalır (tüm rota)",
      scenario: .pay, expecting: "confirmation", read: \.trail)
  }

  /// Lesson 002's MM1 measured: after paying, the screens drawn are the confirmation alone. It
  /// reads the screen the app's table builds for each step (`Observation.screens`), not the
  /// route, so it sees a right route drawn with the wrong screen, which `whole-path` cannot.
  public static func screenType() -> Check {
    Check(
      name: "screen-type", turkishName: "ekran-türü",
      summary: "after paying, the screens drawn are the confirmation alone (screen type)",
      turkishSummary: "ödemeden sonra çizilen ekranlar yalnız onay ekranıdır (ekran türü)",
      scenario: .pay, expecting: "confirmation", read: \.screens)
  }

  /// After paying, no payment screen is left to go back to.
  public static func paymentGone() -> Check {
    Check(
      name: "payment-gone", turkishName: "ödeme-kalmadı",
      summary: "after paying, no payment screen is left on the path",
      turkishSummary: "ödemeden sonra rotada ödeme ekranı kalmaz",
      scenario: .pay, expectation: "no payment on the path",
      turkishExpectation: "rotada ödeme ekranı yok",
      read: \.trail, passes: { !$0.split(separator: ">").contains("payment") })
  }

  /// A double press on an offer shows one passengers screen.
  public static func doubleSubmit() -> Check {
    Check(
      name: "double-submit", turkishName: "çift-dokunuş",
      summary: "choosing an offer twice pushes one passengers screen",
      turkishSummary: "bir teklifi iki kez seçmek rotaya tek bir yolcu ekranı ekler",
      scenario: .doubleSubmit, expecting: "results>passengers", read: \.trail)
  }

  /// A reply whose screen is gone leaves the path where the person went back to.
  public static func lateReply() -> Check {
    Check(
      name: "late-reply", turkishName: "geç-yanıt",
      summary: "a reply from a screen no longer on the path is dropped",
      turkishSummary: "artık rotada olmayan bir ekrandan gelen yanıt yok sayılır",
      scenario: .lateReply, expecting: "results", read: \.trail)
  }
}
