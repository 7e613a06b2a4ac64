import Airline
import Canvas
import Foundation
import Persistence
import Program
import SimulatedAirline

/// A screen that does what a terminal's screen does with each frame short of writing it: the
/// cells that changed since the last frame, counted.
@MainActor
final class DiffingScreen: Screen {
  let columns = 100
  let rows = 30
  let usesColor = true
  private var last: Canvas?
  private(set) var changedCells = 0
  private(set) var frames = 0

  func draw(_ canvas: Canvas, rows: Range<Int>?) {
    changedCells += CanvasDiff.changes(from: last, to: canvas, rows: rows).count
    frames += 1
    last = canvas
  }

  func stop() {}
}

/// One sample of the process between two virtual hours.
struct SoakSample {
  let hour: Int
  let residentKiB: Int
  let cpuMilliseconds: Double
  let descriptors: Int
  let frames: Int
  let changedCells: Int
  let armedTimers: Int
}

/// The program at payment for 24 virtual hours, the countdown ticking each second on virtual
/// timers and each frame diffed as the terminal would: the process's resident memory, CPU per
/// virtual minute and open descriptors, sampled each virtual hour. Flat when the loop keeps
/// nothing per tick.
@MainActor
func soakFigures(scratch: String, clock: ManualClock) async throws -> (
  [Measurement], [SoakSample]
) {
  let airline = SimulatedAirline(
    store: RecordStore(root: scratch + "/soak"), clock: clock.wallClock,
    configuration: .init(
      offerLifetime: SimulatedAirline.Configuration.longestPriceHold,
      quoteLifetime: SimulatedAirline.Configuration.longestPriceHold, latency: .none))
  let screen = DiffingScreen()
  let running = BenchProgram(airline: airline, clock: clock, screen: screen)
  for keys in keysToPayment { await running.send(keys) }
  guard running.program.store.state.current == .payment else {
    throw BenchFailure("the soak starts at \(running.program.store.state.current), not payment")
  }
  var samples: [SoakSample] = []
  var cpuBefore = processCPUMilliseconds()
  var framesBefore = screen.frames
  var cellsBefore = screen.changedCells
  // 24 hours less the last second, at which the day-long price hold ends.
  for hour in 1...24 {
    let seconds = hour == 24 ? 3599 : 3600
    for _ in 0..<seconds {
      running.timers.advance(by: 1)
      await running.settle()
    }
    let cpu = processCPUMilliseconds()
    samples.append(
      SoakSample(
        hour: hour, residentKiB: residentKiB(), cpuMilliseconds: cpu - cpuBefore,
        descriptors: openDescriptors(), frames: screen.frames - framesBefore,
        changedCells: screen.changedCells - cellsBefore, armedTimers: running.timers.armed))
    cpuBefore = cpu
    framesBefore = screen.frames
    cellsBefore = screen.changedCells
  }
  guard running.program.store.state.current == .payment else {
    throw BenchFailure("the soak ended at \(running.program.store.state.current)")
  }
  let first = samples[0]
  let rest = samples.dropFirst()
  func figure(_ name: String, _ unit: String, _ value: (SoakSample) -> Double) -> Measurement {
    Measurement(
      name: "soak, 24 virtual hours at payment: \(name), hours 2-24 (hour 1: "
        + "\(String(format: "%.2f", value(first))))",
      samples: rest.map(value), unit: unit, target: "flat")
  }
  return (
    [
      figure("resident memory", "KiB") { Double($0.residentKiB) },
      figure("CPU per virtual minute", "ms") { $0.cpuMilliseconds / 60 },
      figure("open descriptors", "fds") { Double($0.descriptors) },
      figure("frames per virtual hour", "frames") { Double($0.frames) },
      figure("cells changed per virtual hour", "cells") { Double($0.changedCells) },
      figure("timers armed", "timers") { Double($0.armedTimers) },
    ], samples
  )
}

/// VmRSS of this process, in KiB.
func residentKiB() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return 0
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
  return 0
}

/// The CPU time this process has used, user and system, in milliseconds.
func processCPUMilliseconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
  let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
  return user + system
}

/// How many descriptors this process has open.
func openDescriptors() -> Int {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}
