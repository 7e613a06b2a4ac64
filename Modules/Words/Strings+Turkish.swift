import Airline
import Domain
import FlowOwner
import Widgets

extension Strings {
  /// Türkçe.
  /// The titles' names, for the form and its messages.
  static func turkishTitle(_ title: Title) -> String {
    switch title {
    case .mr: "Bay"
    case .mrs: "Bayan (Mrs)"
    case .ms: "Bayan (Ms)"
    case .miss: "Küçük hanım"
    case .mstr: "Küçük bey"
    case .mx: "Mx"
    case .dr: "Dr"
    }
  }
  static func turkishType(_ type: PassengerType) -> String {
    switch type {
    case .adult: "yetişkin"
    case .child: "çocuk"
    case .infant: "bebek"
    }
  }

  public static let turkish = Strings(
    shell: ShellStrings(
      appName: "booking",
      priceHeld: "Fiyat garantisi",
      priceExpired: "Fiyatın süresi doldu",
      tooSmall: { needW, needH, w, h in
        "Terminal çok küçük: en az \(needW)x\(needH) gerekli, şu an \(w)x\(h)."
      },
      tooLarge: { mostW, mostH in
        "Terminal çok büyük: en fazla \(mostW)x\(mostH) çizilir, şu an daha büyük. Pencereyi "
          + "küçültün ya da yazıyı büyütün."
      },
      helpTitle: "Tuşlar",
      helpKeys: [
        "Tab / Shift-Tab   sonraki / önceki alan",
        "Oklar             listede, koltuk planında, önerilerde gezin",
        "Enter             seç; sonraki alan; devam et, gönder",
        "Ctrl-S            formu herhangi bir alandan gönder",
        "Esc               bir adım geri (sonraki adımlar düşer)",
        "Alt+Backspace     bir kelimeyi sil (alanlara yapıştırılabilir)",
        "Ctrl-U / Ctrl-K   alanı imleçten önce / sonra temizle",
        "+ / -             tarih, en yüksek fiyat, yolcu, bagaj",
        "r                 yeniden dene; süresi dolan fiyatı yenile",
      ],
      stepHelp: { step in
        switch step {
        case .search:
          [
            "PgUp / PgDn       tarih: bir ay (yazınca yerine geçer)"
          ]
        case .results:
          [
            "s / n             sonuçlar: sırala, yalnız aktarmasız",
            "a / t             sonuçlar: havayolları, kalkış saati",
            "x                 sonuçlar: süzgeçleri temizle",
            "d                 sonuçlar: uçuş ayrıntıları ve aktarmalar",
            "[ / ]             sonuçlar: önceki / sonraki günü ara",
          ]
        case .passengers:
          [
            "← / →             yolcular: hitabı değiştir"
          ]
        case .extras:
          [
            "Boşluk / Enter    ek hizmetler: koltuk seç, sigorta aç/kapat",
            "1 - 9             ek hizmetler: kimin koltuğu seçilecek",
            "c                 ek hizmetler: fiyatla, ödemeye geç",
          ]
        case .payment:
          []
        case .confirmation:
          [
            "n                 onay: yeni rezervasyon"
          ]
        }
      },
      helpEnd: [
        "Ctrl-T            seyahatleriniz (onayda t)",
        "F2 veya i         akış denetçisi (yol, anlık kayıt, olaylar)",
        "F1 veya ?         bu yardım      Ctrl-C veya q   çık",
        "Fare              tıkla: seç veya bas; tekerlek kaydırır",
        "Shift+sürükle     metin seç (ya da --no-mouse ile başlatın)",
        "",
        "İlerlemeniz her adımda kaydedilir; yeniden açınca kaldığınız yerden sürer.",
      ],
      quitTitle: "Çıkılsın mı?",
      quitAt: { step in
        switch step {
        case .search: "Henüz kaydedilecek bir şey yok."
        case .results: "Aramanız saklanır: bu sonuçlardan devam edecek."
        case .passengers:
          "Aramanız ve uçuşunuz saklanır, buradan devam edecek; burada yazılan yolcu bilgileri "
            + "Devam'a basana dek saklanmaz."
        case .extras:
          "Uçuşunuz ve yolcularınız saklanır, buradan devam edecek; burada seçilen koltuk, "
            + "bagaj ve sigorta saklanmaz."
        case .payment:
          "Rezervasyonunuz ödemeden devam edecek (fiyat yeniden alınır); kart bilgileri hiç "
            + "saklanmaz."
        case .confirmation: "Rezervasyonunuz yapıldı: geçerli kalır."
        }
      },
      quitChoices: "e / Enter: çık    h / Esc: kal",
      inspectorTitle: "Akış denetçisi",
      inspectorPath: "yol",
      inspectorSnapshot: "anlık kayıt (diskteki hali)",
      inspectorEvents: "olaylar",
      inspectorHold: { seats, left in
        "tutulan koltuklar: \(seats), fiyatın süresi dolana dek (\(left) kaldı)"
      },
      cannotSave: { "İlerleme kaydedilemiyor: \($0)" },
      replyDropped: { "\($0) adımının yanıtı düşürüldü: o adım artık yolda değil" },
      replayStopped: "Oynatma durdu: kontrol sizde",
      replaying: "Kayıt oynatılıyor - devralmak için bir tuşa basın",
      replayFinished: "Kayıt bitti: kontrol sizde",
      openedFromLink: { "Bağlantıdan açıldı: \(Strings.turkishStepName($0))" },
      stepName: turkishStepName,
      hintQuit: "çık", hintHelp: "yardım", hintBack: "geri", hintNext: "sonraki alan",
      hintSubmit: "ara", hintDate: "gün", hintMonth: "ay", hintSelect: "seç", hintSort: "sırala",
      hintNonstop: "aktarmasız",
      hintRetry: "yeniden dene", hintPick: "koltuk seç", hintMove: "gezin", hintBags: "bagaj",
      hintContinue: "devam", hintPay: "öde", hintReprice: "yeniden fiyatla",
      hintNewBooking: "yeni rezervasyon", hintToggle: "aç/kapat", hintChange: "değiştir",
    ),
    search: SearchStrings(
      searchTitle: "Uçuş ara",
      fromLabel: "Nereden", toLabel: "Nereye", dateLabel: "Tarih",
      tripLabel: "Yolculuk", oneWay: "Tek yön", roundTrip: "Gidiş-dönüş", returnLabel: "Dönüş",
      adultsLabel: "Yetişkin", childrenLabel: "Çocuk", infantsLabel: "Bebek",
      adultsNote: "12+", childrenNote: "2-11 yaş", infantsNote: "2 yaş altı, kucakta",
      searchButton: "[ Ara ]",
      airportPlaceholder: "şehir, havalimanı ya da kod",
      airportRequired: "Bir havalimanı, şehir ya da kod yazın.",
      unknownAirport: { "'\($0)' ile eşleşen havalimanı yok." },
      ambiguousAirport: { "'\($0)' birden çok havalimanıyla eşleşiyor: listeden birini seçin." },
      sameAirports: "Nereden ve Nereye aynı havalimanı.",
      invalidDate: { "'\($0)' bir tarih değil: YYYY-AA-GG kullanın." },
      dateInPast: { "O gün geçti: \($0) ya da sonrasını seçin." },
      dateTooFar: {
        "Uçuşlar en fazla \(SearchCriteria.bookingWindowDays) gün öncesinden alınabilir: \($0) "
          + "tarihine kadar."
      },
      returnBeforeDeparture: { "Gidişten önce: \($0) ya da sonrasını seçin." },
      seatRange: "Yetişkin ve çocuk birlikte 1 ile 9 koltuk.",
      adultRequired: "En az bir yetişkin (12 yaş ya da üstü) olmalı.",
      infantsOverAdults: "Bebekler yetişkinlerden çok olamaz: her bebek bir kucakta uçar.",
      paxShort: { "\($0) yolcu" },
      partyShort: { party in
        guard party.children > 0 || party.infants > 0 else { return "\(party.adults) yolcu" }
        return [(party.adults, "yetişkin"), (party.children, "çocuk"), (party.infants, "bebek")]
          .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
      },
    ),
    results: ResultsStrings(
      loadingOffers: "Uçuşlar aranıyor…",
      noOffers: "Bu arama için uçuş bulunamadı.",
      noNonstops: "Aktarmasız uçuş yok: hepsini görmek için n'ye basın.",
      noneMatch: "Süzgeçlere uyan teklif yok: temizlemek için x.",
      withoutAirlines: { "\($0) hariç" },
      dayPartName: { part in
        switch part {
        case .night: "gece kalkışlar"
        case .morning: "sabah kalkışlar"
        case .afternoon: "öğleden sonra kalkışlar"
        case .evening: "akşam kalkışlar"
        }
      },
      upTo: { "en çok \($0)" },
      airlinesTitle: "Gösterilen havayolları (Boşluk işaretler ya da kaldırır, Esc kapatır)",
      hintAirlines: "havayolu", hintTime: "saat", hintPrice: "fiyat", hintClear: "temizle",
      hintDay: "gün", hintClose: "kapat",
      sortName: { sort in
        switch sort {
        case .price: "fiyat"
        case .departure: "kalkış"
        case .duration: "süre"
        }
      },
      sortedBy: { "sıralama: \($0)" },
      nonstopOnly: "yalnız aktarmasız",
      nonstop: "aktarmasız",
      stops: { "\($0) aktarma" },
      offerCount: { shown, all in shown == all ? "\(all) teklif" : "\(all) tekliften \(shown)" },
      cabinName: { cabin in
        switch cabin {
        case .economy: "Ekonomi"
        case .premiumEconomy: "Premium"
        case .business: "Business"
        case .first: "First"
        }
      },
      totalPrice: { "\($0) toplam" },
      perAdultPrice: { "\($0) /yetişkin" },
      perChildPrice: { "\($0) /çocuk" },
      perInfantPrice: { "\($0) /bebek" },
      perPersonLine: { "Kişi başı, vergiler dahil: \($0)" },
      resultColumns: [
        "Saatler", "Uçuşlar", "Havayolu", "Süre", "Aktarma", "Kabin", "Toplam", "yetişkin başı",
      ],
      hintDetails: "ayrıntılar",
      detailsTitle: "Uçuş ayrıntıları",
      outboundName: "Gidiş",
      returnName: "Dönüş",
      layover: { airport, length in "Aktarma \(airport): \(length)" },
      overnightLayover: "! Gece aktarması",
      changeAirports: { landed, leaves in "! Havalimanı değişikliği: \(landed) → \(leaves)" },
    ),
    passengers: PassengersStrings(
      passengerHeading: { type, number in
        let name =
          switch type {
          case .adult: "yetişkin"
          case .child: "çocuk"
          case .infant: "bebek"
          }
        let heading =
          number.map { "\($0). \(name)" } ?? name.prefix(1).uppercased() + name.dropFirst()
        return heading + (type == .infant ? " (kucakta)" : "")
      },
      titleLabel: "Hitap",
      titleName: turkishTitle,
      titleNotChosen: "seçin",
      chooseTitle: "Bir hitap seçin.",
      titleNotFor: { title, type, choices in
        let names = choices.map(turkishTitle)
        return "\(turkishTitle(title)) \(turkishType(type)) için bir hitap "
          + "değil: \(names.joined(separator: ", ")) seçin."
      },
      passengerTypeName: turkishType,
      birthNotInPast: "Doğum tarihi geçmişte olmalı.",
      birthTooEarly: "Uçuştan 120 yıl ya da daha önce: yılı kontrol edin.",
      birthNotForType: { row, born, day in
        let ages =
          switch row {
          case .adult: "12+"
          case .child: "2-11 yaş"
          case .infant: "2 yaş altı"
          }
        return "\(Language.turkish.weekdayDate(day)) günü \(turkishType(born)), "
          + "\(turkishType(row)) değil (\(ages))."
      },
      givenLabel: "Ad", familyLabel: "Soyad", birthLabel: "Doğum (YYYY-AA-GG)",
      contactHeading: "İletişim", emailLabel: "E-posta", phoneLabel: "Telefon",
      continueButton: "[ Devam ]",
      saving: "Yolcular kaydediliyor…",
      prefilledNote: "Önceki bilgilerinizden dolduruldu: bu uçuş için kontrol edin.",
      invalidName: { $0.isEmpty ? "Zorunlu." : "Yalnız harf, boşluk, - ' . (en çok 50)." },
      invalidEmail: { $0.isEmpty ? "Zorunlu." : "ad@ornek.com biçiminde yazın." },
      invalidPhone: { $0.isEmpty ? "Zorunlu." : "7-15 rakam, isterseniz + ile başlayan." },
      passengersSummary: { "\($0) yolcu" },
    ),
    extras: ExtrasStrings(
      seatsHeading: "Koltuklar", bagsHeading: "Bagaj", insuranceLabel: "Seyahat sigortası",
      estimateLabel: "Tahmini tutar",
      loadingSeatMap: "Koltuk planı yükleniyor…",
      moreAbove: "▲ daha fazla",
      moreBelow: "▼ daha fazla",
      pricing: "Fiyatlanıyor…",
      seatFor: { "\($0) için koltuk" },
      noSeat: "koltuk yok",
      seatTaken: { "\($0) koltuğu dolu - başka birini seçin." },
      seatChosenFor: { seat, name in "\(seat) koltuğu zaten \(name) için seçildi." },
      bagsCount: { "\($0) bagaj" },
      legend: SeatLegend(
        free: "boş", premium: "ekstra alan", taken: "dolu", chosen: "seçili",
        exitRow: "acil çıkış", rows: "sıra"),
      availableAt: { "boş, \($0)" },
      premiumAt: { "ekstra alan, \($0)" },
      noCharge: "ücretsiz",
      infantOnLap: "kucakta",
      seatsAtCheckIn: { "\($0): koltuklar check-in'de" },
      priceChangedTitle: "Havayolu fiyatı değiştirdi",
      fareSoldOutTitle: "Bu fiyattaki son koltuklar satıldı",
      priceChanged: { "Ücret ve vergiler: \($0) → \($1)" },
      priceChangeAccept: "[ Yeni fiyatı kabul et ]  Esc: seçmeye devam",
      hintAcceptPrice: "yeni fiyatı kabul et",
      hintKeepChoosing: "seçmeye devam",
      sliceName: { $0 == 0 ? "Gidiş" : "Dönüş" },
      hintSliceSeats: { $0 == 0 ? "gidiş" : "dönüş" },
    ),
    payment: PaymentStrings(
      cardNumberLabel: "Kart numarası", expiryLabel: "Son kullanma (AA/YY)", cvcLabel: "CVC",
      cardExpiredAtField: "Bu kartın süresi dolmuş.",
      lineItem: { item, style in
        switch (item.kind, item.quantity, item.unitPrice, item.seat, item.passenger) {
        case (.fare, let count?, let unit?, _, _):
          "Bilet ücreti, \(count) × \(unit.formatted(style))"
        case (.childFare, let count?, let unit?, _, _):
          "Çocuk ücreti, \(count) × \(unit.formatted(style))"
        case (.seat, _, _, let seat?, let number?) where item.slice == 1:
          "Koltuk \(seat) (dönüş), \(number). yolcu"
        case (.seat, _, _, let seat?, let number?): "Koltuk \(seat), \(number). yolcu"
        case (.infant, _, _, _, let number?): "Kucakta bebek, \(number). yolcu"
        case (.bag, let count?, _, _, let number?): "\(count) bagaj, \(number). yolcu"
        case (.insurance, _, _, _, _): "Seyahat sigortası"
        case (.tax, _, _, _, _): "Vergiler ve havalimanı ücretleri"
        default: item.label
        }
      },
      chargeKind: { kind, count in
        switch kind {
        case .fare, .childFare, .infant: "Bilet ücretleri, \(count) yolcu"
        case .seat: "Koltuklar, \(count)"
        case .bag: "Bagajlar, \(count)"
        case .insurance: "Seyahat sigortası"
        case .tax: "Vergiler ve havalimanı ücretleri"
        }
      },
      payButton: { "[ \($0) öde ]" },
      priceLockNote: "Fiyat sabit: yukarıdaki sayaç 00:00 olmadan ödeyin.",
      paying: "Ödeniyor… uygulamayı kapatmayın.",
      repricing: "Yeniden fiyatlanıyor…",
      invalidCardNumber: "Kart numarası geçersiz: rakamları kontrol edin.",
      invalidExpiry: "AA/YY kullanın, örneğin 12/29.",
      invalidCVC: "3 ya da 4 rakam.",
      expiredExplanation:
        "Fiyat garantisi bitti. Aynı koltuk ve bagajları yeniden fiyatlamak için r.",
      totalLabel: "Toplam",
      totalFor: { "Toplam · \($0)" },
      testCardHint:
        "Test kartları: 4242\u{A0}4242\u{A0}4242\u{A0}4242 öder; "
        + "4000\u{A0}0000\u{A0}0000\u{A0}0002 reddedilir; "
        + "4000\u{A0}0000\u{A0}0000\u{A0}9995 yetersiz bakiye.",
    ),
    confirmation: ConfirmationStrings(
      bookedTitle: "Rezervasyon tamam!",
      referenceLabel: "Rezervasyon kodu",
      paidWith: { "Ödeme: \($0)" },
      loadingBooking: "Rezervasyon yükleniyor…",
      totalPaid: "Ödenen toplam",
      seatsBothWays: { outbound, back in
        switch (outbound, back) {
        case (nil, nil): "koltuklar check-in'de"
        case (let outbound?, nil): "gidiş \(outbound), dönüş check-in'de"
        case (nil, let back?): "gidiş check-in'de, dönüş \(back)"
        case (let outbound?, let back?): "gidiş \(outbound), dönüş \(back)"
        }
      },
      seatAtCheckIn: "koltuk check-in'de",
    ),
    recovery: RecoveryStrings(
      serviceError: { error in
        switch error {
        case .offerNoLongerAvailable: "Bu teklif artık geçerli değil - başka birini seçin."
        case .unknownAirport(let code): "\(code) kodlu bir havalimanı yok - yeniden arayın."
        case .dayPassed(let day): "\(day) geçti - daha ileri bir gün için arayın."
        case .beyondBookingWindow(let day):
          "Uçuşlar en fazla \(SearchCriteria.bookingWindowDays) gün öncesinden alınabilir: \(day) "
            + "çok ileride - daha yakın bir gün için arayın."
        case .draftNotFound: "Yolcu bilgileri bulunamadı."
        case .quoteNotFound: "Fiyat teklifi bulunamadı."
        case .bookingNotFound: "Rezervasyon bulunamadı."
        case .quoteExpired: "Fiyatın süresi doldu - yeniden fiyatlayın."
        case .fareSoldOut:
          "Bu fiyattaki son koltuklar satıldı - bir sonraki fiyat için yeniden fiyatlayın."
        case .seatTaken(let seat, _): "\(seat) az önce alındı - başka birini seçin."
        case .invalid(let problem): problem.description
        case .invalidPassengers(let reason): reason
        case .invalidExtras(let reason): reason
        case .cardDeclined: "Kart reddedildi. Başka bir kart deneyin."
        case .insufficientFunds: "Kartta yeterli bakiye yok. Başka bir kart deneyin."
        case .cardExpired: "Kartın süresi dolmuş. Başka bir kart deneyin."
        case .quoteAlreadyPaid(let reference): "Zaten rezerve edildi: \(reference)."
        case .paymentUnresolved(let reason):
          "Bunun ödenip ödenmediği bilinemiyor, bu yüzden şimdi ödenemez: \(reason)"
        case .chargedButNotSaved(let reason):
          "Ödeme alındı ama rezervasyonu kaydedilemedi (\(reason)). Tamamlamak için yeniden "
            + "Öde'ye basın: iki kez ödemezsiniz."
        case .idempotencyKeyReused:
          "Bu ödeme denemesi farklı bilgilerle kullanıldı. Yeniden başlayın."
        case .quoteNotHonoured(_, let reason):
          "Bu fiyat teklifi ödenemez: \(reason) Ek hizmetlerinizi yeniden fiyatlayın."
        case .invalidPayment(let reason): "Karar verilecek bir şey yok: \(reason)."
        case .ledgerBusy:
          "Havayolu şu anda başka rezervasyonlarla meşgul. Birazdan yeniden deneyin."
        case .paymentsUnavailable(let reason): "Ödeme kapalı: \(reason)"
        case .bookingCancelled(let reference): "\(reference) rezervasyonu iptal edildi."
        case .departed(let reference):
          "\(reference) rezervasyonunun uçuşu kalktı: artık iptal edilemez ve değiştirilemez."
        case .cancellationQuoteNotFound: "İptal teklifi bulunamadı."
        case .cancellationQuoteExpired: "İptal teklifinin süresi doldu - yenisini isteyin."
        case .cancellationQuoteSuperseded:
          "Bu rezervasyon için daha yeni bir iptal teklifi verildi - onu onaylayın."
        case .notChangeable(let reference):
          "\(reference) rezervasyonunun ücreti değişikliğe izin vermiyor - iptal edilebilir."
        case .noSuchSlice(let reference, let slice):
          "\(reference) rezervasyonunda değiştirilecek \(slice + 1). uçuş yok."
        case .changeOfferNotFound: "Değişiklik teklifi bulunamadı - teklifleri yeniden isteyin."
        case .changeQuoteNotFound: "Değişiklik teklifi bulunamadı."
        case .changeQuoteExpired:
          "Değişiklik teklifinin süresi doldu - teklifleri yeniden isteyin."
        case .changeQuoteSuperseded:
          "Rezervasyon değişti ya da daha yeni bir teklif verildi - en yenisini onaylayın."
        case .changeNeedsPayment(let amount):
          "Bu değişiklik \(amount.formatted(.turkish)) tutuyor - bir kartla ödeyin."
        case .storage(let reason): "Kayıtlar kullanılamadı: \(reason)"
        case .cannotWrite(let reason): "Kayıtlar yazılamadı: \(reason)"
        }
      },
      restoreNotice: { outcome in
        switch outcome {
        case .fresh: nil
        case .resumed(let step): "\(Strings.turkishStepName(step)) adımından devam ediliyor"
        case .opened(let step): "Bağlantıdan açıldı: \(Strings.turkishStepName(step))"
        case .fellBack(_, .quoteExpired): "Fiyatın süresi doldu - ek hizmetlerinizi gözden geçirin"
        case .fellBack(_, .alreadyPaid(let reference)): "Zaten rezerve edildi: \(reference)"
        case .fellBack(_, .paymentUnresolved(let reason)):
          "Bu fiyatın ödenip ödenmediği bilinemiyor, ödenemez: \(reason)"
        case .fellBack(_, .offerUnavailable): "Bu teklif artık geçerli değil - başka birini seçin"
        case .fellBack(.passengers, .draftUnavailable), .fellBack(.passengers, .quoteUnavailable):
          "Yolcu bilgileri bulunamadı - yeniden girin"
        case .fellBack(_, .draftUnavailable):
          "Yolcu bilgileri bulunamadı - yeniden bir teklif seçin"
        case .fellBack(.extras, .quoteUnavailable):
          "Fiyat bulunamadı - yeniden fiyatlamak için ek hizmetlerinizi gözden geçirin"
        case .fellBack(.search, .quoteUnavailable): "Fiyat bulunamadı - yeniden arayın"
        case .fellBack(_, .quoteUnavailable): "Fiyat bulunamadı - sonuçlardan yeniden başlayın"
        case .fellBack(_, .searchUnavailable): "Rezervasyon yeniden açılamadı - yeniden arayın"
        case .fellBack(_, .lookupFailed(let reason)): "Rezervasyon yeniden açılamadı: \(reason)"
        case .fellBack(_, .beyondBookingWindow(let day)):
          "\(day) \(SearchCriteria.bookingWindowDays) günden daha ileride: uçuşlar o kadar önceden "
            + "alınamaz - yeniden arayın"
        }
      },
      resuming: { step, link in
        let name = Strings.turkishStepName(step)
        return link != nil
          ? "Bağlantıdan açılıyor: \(name)…" : "Rezervasyonunuza devam ediliyor: \(name)…"
      },
      stillResuming: "Rezervasyonunuz hâlâ açılıyor: tuşlar açılınca çalışır (q çıkar).",
      quitKeepsSaved: "Kayıtlı rezervasyonunuz olduğu gibi kalır.",
      quitWhilePaying:
        "Bir ödeme sürüyor. Şimdi çıkarsanız, bir sonraki açılışta gerçekleşip gerçekleşmediği "
        + "söylenir; iki kez ödemezsiniz.",
      discardTitle: "Yeni arama?",
      discardQuestion: { step in
        step == .confirmation
          ? "Son rezervasyonunuzun onayından ayrılınsın mı? Rezervasyon geçerli kalır."
          : "Ödemede bekleyen rezervasyon silinsin mi?"
      },
      discardChoices: "e: sil ve ara    h / Esc / Enter: kalsın",
      recordingStopped: { "Kayıt durdu (\($0)); rezervasyon sürüyor" },
      alreadyBooked: { "Zaten rezerve edildi: \($0)" },
      ledgerNotice: { notice in
        switch notice {
        case .unreadableGuard(let path, let copiedTo?):
          "\(path) okunamadı (kopyası: \(copiedTo)); yerine rezervasyonlara bakıldı"
        case .unreadableGuard(let path, nil):
          "\(path) okunamadı; yerine rezervasyonlara bakıldı"
        case .bookkeepingDeferred(let reference, _):
          "\(reference) rezerve edildi; kayıtları bir sonraki açılışta tamamlanacak"
        }
      },
      recoveredPayment: { recovered in
        switch recovered.outcome {
        case .booked(let reference):
          "Çökme yüzünden yarım kalan ödeme gerçekleşmiş: rezervasyon \(reference)"
        case .notCharged:
          "Çökme yüzünden yarım kalan ödeme alınmadı: yeniden ödeyebilirsiniz"
        case .unresolved(let reason):
          "Çökme yüzünden yarım kalan ödeme henüz sonuçlanamadı: \(reason)"
        }
      },
    ), trips: .turkish
  )

  static func turkishStepName(_ step: StepKind) -> String {
    switch step {
    case .search: "Arama"
    case .results: "Sonuçlar"
    case .passengers: "Yolcular"
    case .extras: "Ek hizmetler"
    case .payment: "Ödeme"
    case .confirmation: "Onay"
    }
  }
}
