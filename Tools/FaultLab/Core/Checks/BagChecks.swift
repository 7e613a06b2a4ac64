import Domain
import FlowFaults
import FlowOwner

extension Check {
  /// After paying from a link and booking again, Back from the new payment reaches the step
  /// whose output the payment is (the extras): no flag set by the link branches it.
  public static func linkBack() -> Check {
    let before = StepKind.payment.declaration.arrival?.from ?? .search
    return Check(
      name: "link-back", turkishName: "bağlantı-sonrası-geri",
      summary:
        "after a paid pay link, Back from the next booking's payment shows the step before it",
      turkishSummary:
        "ödeme bağlantısıyla ödedikten sonra, sonraki rezervasyonun ödemesinden geri dönünce "
        + "bir önceki adım görünür",
      scenario: .linkThenBack, expecting: before.description, read: \.lastScreen)
  }

  /// A relaunch in time shows a payment whose Pay goes through, not a screen reading nil.
  public static func restorePayLive() -> Check {
    Check(
      name: "restore-pay-live", turkishName: "geri-yüklemede-öde-çalışır",
      summary: "after a relaunch in time, Pay on the payment screen goes through",
      turkishSummary: "zamanında yeniden açılıştan sonra ödeme ekranındaki Öde düğmesi çalışır",
      scenario: .restoreInTime, expecting: "live", read: \.payButton)
  }

  /// With travellers saved from an earlier booking, the next booking's Pay goes through.
  public static func payLive() -> Check {
    Check(
      name: "pay-live", turkishName: "öde-düğmesi-çalışır",
      summary: "with travellers saved from a paid booking, the next booking's Pay goes through",
      turkishSummary:
        "ödenmiş bir rezervasyondan yolcular kaydedildiğinde, sonraki rezervasyonda Öde düğmesi "
        + "çalışır",
      scenario: .savedTravellers, expecting: "live", read: \.payButton)
  }

  /// At payment, after the promo code and a price refresh, the price shown is the quote's: the
  /// one the airline charges.
  public static func priceIsQuote() -> Check {
    let total = (try? LabFixtures())?.quoteA.total.description ?? "the quote's total"
    return Check(
      name: "price-is-quote", turkishName: "fiyat-teklifinki",
      summary: "at payment, after a promo code and a price refresh, the price shown is quote-a's",
      turkishSummary:
        "ödemede, promosyon kodu ve fiyat yenilemesinden sonra görünen fiyat quote-a'nınkidir",
      scenario: .priceWriters, expecting: total, read: \.price)
  }

  /// After changing flight, what shows the new flight shows its price, not the old flight's.
  public static func priceFollowsFlight() -> Check {
    let fare = (try? LabFixtures())?.offerB.total.description ?? "offer-b's total"
    return Check(
      name: "price-follows-flight", turkishName: "fiyat-uçuşu-izler",
      summary: "after changing offer, offer-b is shown with its own price",
      turkishSummary: "teklif değiştirilince offer-b kendi fiyatıyla görünür",
      scenario: .offerChange, expecting: "offer-b \(fare)",
      read: { "\($0.flight) \($0.price)" })
  }
}
