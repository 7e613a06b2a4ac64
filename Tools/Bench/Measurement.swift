import Foundation

/// One figure: the median of repeated runs, with the range and the target it is held to.
struct Measurement: Encodable {
  let name: String
  let median: Double
  let min: Double
  let max: Double
  let unit: String
  let target: String
  let runs: Int

  /// Runs `body` `runs` times (after `warmup` untimed runs) and keeps its durations in `unit`.
  static func time(
    _ name: String, unit: TimeUnit = .milliseconds, target: String, runs: Int, warmup: Int = 3,
    _ body: () throws -> Void
  ) rethrows -> Measurement {
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / unit.nanoseconds)
    }
    return Measurement(name: name, samples: samples, unit: unit.rawValue, target: target)
  }

  init(name: String, samples: [Double], unit: String, target: String) {
    let sorted = samples.sorted()
    self.name = name
    self.median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    self.min = sorted.first ?? 0
    self.max = sorted.last ?? 0
    self.unit = unit
    self.target = target
    self.runs = samples.count
  }

  /// `name: median (min-max) unit  target`.
  var line: String {
    "\(name): \(Self.format(median)) (\(Self.format(min))-\(Self.format(max))) \(unit)  \(target)"
  }

  private static func format(_ value: Double) -> String {
    value >= 100
      ? String(Int(value.rounded())) : String(format: value >= 10 ? "%.1f" : "%.3f", value)
  }
}

/// Units the bench reports in.
enum TimeUnit: String {
  case milliseconds = "ms"
  case microseconds = "us"

  var nanoseconds: Double { self == .milliseconds ? 1e6 : 1e3 }
}

extension Measurement {
  /// `time` for async work.
  static func timeAsync(
    _ name: String, unit: TimeUnit = .milliseconds, target: String, runs: Int, warmup: Int = 2,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
  ) async rethrows -> Measurement {
    for _ in 0..<warmup { try await body() }
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      try await body()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / unit.nanoseconds)
    }
    return Measurement(name: name, samples: samples, unit: unit.rawValue, target: target)
  }
}

/// Stops the bench with a message: a figure that cannot be measured is a failure, not a zero.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
  exit(1)
}
