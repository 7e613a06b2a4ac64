import Canvas
import FlowFaults
import Presentation

extension LessonExample {
  /// `durum-karsilastir`: the whole extras after add, add, remove equal one bag.
  static let bagsState = bags(
    "durum-karsilastir", "bags-state", "bagaj-durumu", .separating,
    "the extras after +, +, - hold one bag for p1 (whole state)",
    "+, +, - sonrası ek hizmetlerde p1 için tek bagaj vardır (durumun tamamı)",
    BagsReplay.twoThenRemove, read: BagsReplay.bags, passes: { $0 == "p1x1" })

  /// `kalan-adet`: p1's bags after add, add, remove are one.
  static let bagsLeft = bags(
    "kalan-adet", "bags-left", "kalan-bagaj", .separating,
    "after +, +, - p1 has one bag left (one field)",
    "+, +, - sonrası p1'in bir bagajı kalır (tek alan)",
    BagsReplay.twoThenRemove, read: { "\(BagsReplay.firstPassengersBags($0))" },
    passes: { $0 == "1" })

  /// `adet-negatif-degil`: p1's bags are never below zero.
  static let bagsNotNegative = bags(
    "adet-negatif-degil", "bags-not-negative", "bagaj-negatif-değil", .blind,
    "after +, +, - p1's bags are not below zero (a property the fault keeps)",
    "+, +, - sonrası p1'in bagaj sayısı sıfırın altında değildir (kusurun bozmadığı özellik)",
    BagsReplay.twoThenRemove, read: { "\(BagsReplay.firstPassengersBags($0))" },
    passes: { (Int($0) ?? -1) >= 0 })

  /// `bir-adetli-urun`: after add, remove, nobody has bags.
  static let singleBag = bags(
    "bir-adetli-urun", "single-bag", "tek-bagaj", .blind,
    "after +, - nobody has a bag (a sequence that hides the fault)",
    "+, - sonrası kimsenin bagajı yoktur (kusuru saklayan dizi)",
    BagsReplay.oneThenRemove, read: { "\($0.extras.bags.count)" }, passes: { $0 == "0" })

  /// `kayit-iki-ekle-bir-kaldir`: the bags equal `none`, recorded from the faulty reducer.
  static let recordedBagsTwo = bags(
    "kayit-iki-ekle-bir-kaldir", "recorded-bags-two", "kayıtlı-bagaj-iki", .inverted,
    "after +, +, - the bags equal `none`, recorded from the faulty reducer",
    "+, +, - sonrası bagajlar kusurlu indirgeyiciden kaydedilen `none` ile aynıdır",
    BagsReplay.twoThenRemove, read: BagsReplay.bags, passes: { $0 == recordedBags },
    measurement: recorded)

  /// `kayit-bir-ekle-bir-kaldir`: the same recording on add, remove.
  static let recordedBagsOne = bags(
    "kayit-bir-ekle-bir-kaldir", "recorded-bags-one", "kayıtlı-bagaj-bir", .blind,
    "after +, - the bags equal the same recorded `none`",
    "+, - sonrası bagajlar aynı kayıtlı `none` ile aynıdır",
    BagsReplay.oneThenRemove, read: BagsReplay.bags, passes: { $0 == recordedBags },
    measurement: recorded)

  /// `durum-karsilastir` on the payment screen: one digit left after two and Backspace.
  static let cardNumber = LessonExample(
    lesson: "004", measurement: cardReducer, seedLabel: "durum-karsilastir", name: "card-number",
    turkishName: "kart-numarası", stated: .separating,
    summary: "after 4, 2, Backspace the card number reads 4",
    turkishSummary: "4, 2, Geri silme sonrası kart numarası 4 olur",
    evaluate: { fixtures in
      Verdicts(
        correct: CardReplay.number(after: CardReplay.twoThenErase, faulty: false, fixtures),
        faulty: CardReplay.number(after: CardReplay.twoThenErase, faulty: true, fixtures),
        passes: { $0 == "4" })
    })

  /// `bir-adetli-urun` on the payment screen: nothing left after one digit and Backspace.
  static let cardNumberSingle = LessonExample(
    lesson: "004", measurement: cardReducer, seedLabel: "bir-adetli-urun",
    name: "card-number-single",
    turkishName: "tek-haneli-kart-numarası", stated: .blind,
    summary: "after 4, Backspace the card number is empty (a sequence that hides the fault)",
    turkishSummary: "4, Geri silme sonrası kart numarası boştur (kusuru saklayan dizi)",
    evaluate: { fixtures in
      Verdicts(
        correct: CardReplay.number(after: CardReplay.oneThenErase, faulty: false, fixtures),
        faulty: CardReplay.number(after: CardReplay.oneThenErase, faulty: true, fixtures),
        passes: { $0 == "none" })
    })

  /// What the faulty extras reducer left after +, +, -, recorded as the expected bags.
  public static let recordedBags = "none"

  /// A check on the extras screen after `keys`, real reducer against faulty.
  static func bags(
    _ seedLabel: String, _ name: String, _ turkishName: String, _ stated: Separation,
    _ summary: String, _ turkishSummary: String, _ keys: [Key],
    read: @escaping @Sendable (ExtrasFeature.State) -> String,
    passes: @escaping @Sendable (String) -> Bool, measurement: Measurement = bagsReducer
  ) -> LessonExample {
    LessonExample(
      lesson: "004", measurement: measurement, seedLabel: seedLabel, name: name,
      turkishName: turkishName, stated: stated, summary: summary,
      turkishSummary: turkishSummary,
      evaluate: { fixtures in
        Verdicts(
          correct: read(BagsReplay.replay(keys, faulty: false, fixtures)),
          faulty: read(BagsReplay.replay(keys, faulty: true, fixtures)), passes: passes)
      })
  }
}
