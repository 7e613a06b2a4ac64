/// A version of the flow under test: the correct one or a fault, each made fresh per scenario.
public struct FlowVersion: Sendable {
  /// The short name used on the command line and as a matrix column.
  public let name: String
  /// The same name in Turkish, shown under `--lang tr` (the command line takes either).
  public let turkishName: String
  /// What the version does differently, in one line.
  public let summary: String
  /// The same line in Turkish.
  public let turkishSummary: String
  /// A fresh flow at the search form.
  public let make: @Sendable () -> any FlowUnderTest

  /// A version named `name`.
  public init(
    name: String, turkishName: String, summary: String, turkishSummary: String,
    make: @escaping @Sendable () -> any FlowUnderTest
  ) {
    self.name = name
    self.turkishName = turkishName
    self.summary = summary
    self.turkishSummary = turkishSummary
    self.make = make
  }

  /// The real `BookingFlow` with its real snapshot and restore.
  public static let correct = FlowVersion(
    name: "correct", turkishName: "doğru", summary: "the real BookingFlow, snapshot and restore",
    turkishSummary: "gerçek BookingFlow, kendi anlık kaydı ve geri yüklemesiyle",
    make: { RealFlow() })

  /// Every fault, in matrix column order.
  public static let faults: [FlowVersion] = [
    FlowVersion(
      name: "bag", turkishName: "çanta",
      summary:
        "the workshop's bag: optionals every screen writes, last writer wins, only its screens "
        + "survive a relaunch",
      turkishSummary:
        "atölyenin çantası: her ekranın yazdığı optional alanlar, en son yazan kazanır, yeniden "
        + "açılışta yalnızca ekranları geri gelir",
      make: { WorkshopBag() }),
    FlowVersion(
      name: "late-advance", turkishName: "geç-ilerleme",
      summary: "a late reply still advances: it pushes its step anyway",
      turkishSummary: "geç dönen yanıt akışı yine de ilerletir: adımını rotaya ekler",
      make: { LateReplyAdvances() }),
    FlowVersion(
      name: "double-push", turkishName: "çift-ekleme",
      summary: "a double submit pushes the same step twice",
      turkishSummary: "çift dokunuş aynı adımı rotaya iki kez ekler",
      make: { DoubleSubmitPushesTwice() }),
    FlowVersion(
      name: "pay-appends", turkishName: "ödeme-ekler",
      summary: "paying appends the confirmation instead of replacing the path",
      turkishSummary: "ödeme yapılınca onay ekranı rotanın yerine geçmez, sonuna eklenir",
      make: { PayAppends() }),
    FlowVersion(
      name: "extra-notice", turkishName: "fazla-bildirim",
      summary: "an extra notice step is inserted before the confirmation",
      turkishSummary: "onay ekranından önce fazladan bir bildirim adımı eklenir",
      make: { ExtraNoticeStep() }),
    FlowVersion(
      name: "pay-to-search", turkishName: "ödemeden-aramaya",
      summary: "paying returns to the search form",
      turkishSummary: "ödeme yapılınca arama formuna geri dönülür",
      make: { PayReturnsToSearch() }),
    FlowVersion(
      name: "pay-unreported", turkishName: "ödeme-bildirilmedi",
      summary: "the payment screen never reports that the payment completed",
      turkishSummary: "ödeme ekranı ödemenin tamamlandığını hiç bildirmez",
      make: { PayUnreported() }),
    FlowVersion(
      name: "stale-quote", turkishName: "bayat-teklif",
      summary: "restore opens payment on an expired quote",
      turkishSummary: "geri yükleme, süresi dolmuş fiyat teklifiyle ödeme ekranını açar",
      make: { RestoreIgnoresExpiry() }),
    FlowVersion(
      name: "names-saved", turkishName: "adlar-kayıtta",
      summary: "the snapshot carries the passengers' names",
      turkishSummary: "anlık kayıt yolcuların adlarını taşır",
      make: { SnapshotCarriesNames() }),
    FlowVersion(
      name: "wrong-screen", turkishName: "yanlış-ekran",
      summary:
        "the route is right, but the confirmation is drawn with the screen of the payment it "
        + "replaced",
      turkishSummary:
        "rota doğru, ama onay adımı, yerini aldığı ödemenin ekranıyla çizilir",
      make: { ConfirmationDrawnAsPayment() }),
    FlowVersion(
      name: "child-unreported", turkishName: "alt-akış-bildirmedi",
      summary:
        "the trips screen's child flow never reports that the cancellation finished: its own "
        + "end screen shows, the list is never told",
      turkishSummary:
        "seyahatler ekranının alt akışı iptalin bittiğini hiç bildirmez: kendi son ekranı "
        + "görünür, listeye hiç söylenmez",
      make: { ChildUnreported() }),
  ]
}
