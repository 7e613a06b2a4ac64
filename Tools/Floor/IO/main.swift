import FloorScreen
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

// `floor-io`: the pay link's floor, `floor`'s screen after the pay link's own work
// (`FloorIO.payLink`): the quote and its draft read as the airline reads them, one durable
// write, then the first frame, its deadline the quote's. A program of its own, so that the bare
// floor links none of the modules this one reads with.
//
//   floor-io DATA_DIR QUOTE_ID

setlocale(LC_ALL, "")
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
  FloorIO.complain("usage: floor-io DATA_DIR QUOTE_ID\n")
  exit(64)
}
let deadline: Date
do {
  deadline = try FloorIO.payLink(dataDirectory: arguments[0], quoteID: arguments[1])
} catch {
  FloorIO.complain("floor-io: \(error)\n")
  exit(66)
}
MainActor.assumeIsolated { FloorScreen.run(until: deadline) }
