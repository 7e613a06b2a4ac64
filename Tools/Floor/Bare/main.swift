import FloorScreen
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

// `floor`: the least a Swift program can do for the app's job, to measure the app against:
// ncursesw, a boxed panel, "Price held mm:ss" from a deadline, redrawn once a second by a
// Dispatch timer, `q` quits (`FloorScreen`). `Tools/scripts/measure_app.py` runs it beside
// `booking`; `floor-io` is the same screen after the pay link's reads.
//
//   floor [TTL]      the deadline TTL seconds from now (900)

setlocale(LC_ALL, "")
let ttl = CommandLine.arguments.dropFirst().first.flatMap { Double($0) } ?? 900
MainActor.assumeIsolated { FloorScreen.run(until: Date.now.addingTimeInterval(ttl)) }
