import FlowFaults

extension FlowVersion: Summarised {
  /// The name in `language`.
  public func name(_ language: Language) -> String {
    language == .tr ? turkishName : name
  }

  /// The fault named `name` in English or in Turkish (in Turkish letters or in the seeds' ASCII
  /// spelling: `ödeme-ekler` or `odeme-ekler`), if there is one.
  public static func fault(named name: String) -> FlowVersion? {
    faults.first {
      $0.name == name || $0.turkishName == name || $0.turkishName.seedSpelling == name
    }
  }
}
