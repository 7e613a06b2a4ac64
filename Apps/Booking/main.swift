import BookingWiring
import Dispatch

// The composition root of `booking`: the options, then the live parts (each refused in one line
// before the terminal is touched), the app made of them (`BookingApp.make`, as the program tests
// make it of theirs), and its start on this terminal. What the app does is in the modules,
// tested there without a terminal.

let options = LiveProcess.options(CommandLine.arguments)
if let path = options.replayJournalPath {
  LiveProcess.replayJournal(path)
}
if let directory = options.watchRoom {
  LiveProcess.watchRoom(directory, options: options)
}
MainActor.assumeIsolated {
  let parts = LiveParts.open(options)
  LiveStart.run(BookingApp.make(options: options, parts: parts.app), parts: parts)
}
dispatchMain()
