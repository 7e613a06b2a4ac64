// swift-tools-version: 6.2
import PackageDescription

/// Every library module is also a product, so another package can depend on any of them.
let package = Package(
  name: "booking",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "booking", targets: ["booking"]),
    .executable(name: "booking-cli", targets: ["booking-cli"]),
    .executable(name: "faultlab", targets: ["faultlab"]),
    .executable(name: "bench", targets: ["bench"]),
    .executable(name: "floor", targets: ["floor"]),
    .executable(name: "floor-io", targets: ["floor-io"]),
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Zones", targets: ["Zones"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "Airline", targets: ["Airline"]),
    .library(name: "SimulatedAirline", targets: ["SimulatedAirline"]),
    .library(name: "AirlineTesting", targets: ["AirlineTesting"]),
    .library(name: "FlowOwner", targets: ["FlowOwner"]),
    .library(name: "Canvas", targets: ["Canvas"]),
    .library(name: "Runtime", targets: ["Runtime"]),
    .library(name: "Widgets", targets: ["Widgets"]),
    .library(name: "Words", targets: ["Words"]),
    .library(name: "Screens", targets: ["Screens"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "Terminal", targets: ["Terminal"]),
    .library(name: "Program", targets: ["Program"]),
    .library(name: "Launch", targets: ["Launch"]),
    .library(name: "Recording", targets: ["Recording"]),
    .library(name: "Session", targets: ["Session"]),
    .library(name: "Workshop", targets: ["Workshop"]),
    .library(name: "Room", targets: ["Room"]),
  ],
  // On by default: the debug build optimizes the modules whose work the suite repeats most (the
  // loop at the end of this file). A package that reuses them and wants its own debug build
  // quicker to compile turns it off with `.package(path: ..., traits: [])`, as
  // Examples/HeadlessBooking does.
  traits: [
    .trait(
      name: "OptimizedDebug",
      description:
        "Domain, Zones, Persistence, Airline, SimulatedAirline and Canvas built with -O in debug"
    ),
    .default(enabledTraits: ["OptimizedDebug"]),
  ],
  targets: [
    .executableTarget(
      name: "booking",
      dependencies: ["BookingWiring"],
      path: "Apps/Booking",
      exclude: ["Wiring"],
      // A release build lays booking's functions out in the order a pay link's start, a payment
      // and a search first run them (Tools/Order/booking.sections, written by
      // Tools/scripts/order-file). The kernel maps code 64 KiB at a time around each page
      // touched: in the linker's own order that code spreads over nearly all of booking's 3 MB;
      // together it takes about a third (docs/Performance.md). A function the file does not name
      // goes after those it names.
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=gold", "-Xlinker",
            "--section-ordering-file=\(Context.packageDirectory)/Tools/Order/booking.sections",
          ], .when(configuration: .release))
      ]),
    // The saved session: the snapshot's file, its store and the save a restore makes.
    .target(name: "Session", dependencies: ["FlowOwner", "Persistence"], path: "Modules/Session"),
    // Recordings for --record and --replay: what a recording may hold of each key (no personal
    // or card data), the keys' words, and the recording's lines.
    .target(
      name: "Recording", dependencies: ["Canvas", "Domain", "Runtime"], path: "Modules/Recording"),
    // The composition root: the app made once of its parts (`BookingApp.make`), for booking
    // and the program tests alike, and the live parts and start only a process has.
    .target(
      name: "BookingWiring",
      dependencies: [
        "Domain", "Zones", "Persistence", "Airline", "SimulatedAirline", "FlowOwner", "Runtime",
        "Presentation", "Terminal", "Program", "Launch", "Words", "Session", "Recording", "Room",
        "Workshop",
      ],
      path: "Apps/Booking/Wiring"),
    // The same modules without a terminal: no Runtime, Widgets, Words or Presentation, no Terminal.
    .executableTarget(
      name: "booking-cli", dependencies: ["BookingCommands"], path: "Apps/BookingCLI",
      exclude: ["Commands"]),
    // booking-cli's commands as a library: the executable runs them on its standard streams,
    // the tests in process on streams in memory.
    .target(
      name: "BookingCommands",
      dependencies: ["Domain", "Persistence", "Airline", "SimulatedAirline", "FlowOwner"],
      path: "Apps/BookingCLI/Commands"),
    .executableTarget(
      name: "bench",
      dependencies: [
        "Canvas", "Domain", "Persistence", "Airline", "SimulatedAirline", "FlowOwner",
        "Presentation", "Runtime", "Terminal", "Program", "Session",
      ],
      path: "Tools/Bench"),
    // The least a Swift program can do for the app's job, measured beside it (docs/Performance.md):
    // the bare floor, and the pay link's floor (its reads, its write), one screen between them.
    .executableTarget(
      name: "floor", dependencies: ["FloorScreen"], path: "Tools/Floor/Bare"),
    .executableTarget(
      name: "floor-io",
      dependencies: ["FloorScreen", "Domain", "Persistence", "SimulatedAirline"],
      path: "Tools/Floor/IO"),
    .target(name: "FloorScreen", dependencies: ["CNcurses"], path: "Tools/Floor/Screen"),

    // Time zones: their rules and the embedded table of them, read from the system's TZif files
    // first, the table as the injected fallback. Domain's values carry zones, so it re-exports them.
    .target(name: "Zones", path: "Modules/Zones"),
    .testTarget(name: "ZonesTests", dependencies: ["Zones", "Domain"]),

    .target(name: "Domain", dependencies: ["Zones"], path: "Modules/Domain"),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "Zones"]),

    .target(name: "Persistence", path: "Modules/Persistence"),
    .testTarget(name: "PersistenceTests", dependencies: ["Persistence"]),

    // What a backend offers: interfaces only. A real HTTP backend would be one more conformance.
    .target(name: "Airline", dependencies: ["Domain"], path: "Modules/Airline"),
    // The simulated backend: the only module above Persistence that writes airline records.
    .target(
      name: "SimulatedAirline",
      dependencies: ["Domain", "Zones", "Airline", "Persistence", "CCrypto"],
      path: "Modules/SimulatedAirline"),
    // The system's libcrypto (OpenSSL), for the airline's seals on its records (HMAC-SHA256).
    .systemLibrary(
      name: "CCrypto", path: "Modules/CCrypto", providers: [.apt(["libssl-dev"])]),
    // For tests of code that talks to an airline: the failing-by-default `TestAirline` and the
    // fixtures (airports, offers, travellers, quotes...). No test framework: XCTest or Testing.
    .target(
      name: "AirlineTesting", dependencies: ["Domain", "Zones", "Airline"],
      path: "Modules/AirlineTesting"),
    .testTarget(
      name: "SimulatedAirlineTests",
      dependencies: [
        "SimulatedAirline", "Airline", "Domain", "Persistence", "FlowOwner", "TestSupport",
      ],
      // Records as the airline wrote them, read back by the tests of their format.
      exclude: ["Records"]),

    // Domain and Airline only: the session record is stored by whoever holds a RecordStore.
    .target(
      name: "FlowOwner", dependencies: ["Domain", "Airline"], path: "Modules/FlowOwner"),
    .testTarget(
      name: "FlowOwnerTests",
      dependencies: [
        "FlowOwner", "Domain", "Airline", "AirlineTesting", "Persistence", "TestSupport",
      ]),

    // What a screen is made of (cells, styles, rects, keys) and the cells that turn one canvas
    // into the next (CanvasDiff): under Runtime, Widgets and Terminal.
    .target(name: "Canvas", path: "Modules/Canvas"),
    .testTarget(name: "CanvasTests", dependencies: ["Canvas"]),
    // How a feature runs: the store, effects and commands as values, timers from state, and the
    // generic stack of one screen per step. It knows no booking type.
    .target(name: "Runtime", dependencies: ["Canvas"], path: "Modules/Runtime"),
    // Widgets only for the key hints a toy step's view returns.
    .testTarget(name: "RuntimeTests", dependencies: ["Runtime", "Canvas", "Widgets"]),
    // Drawing blocks on a canvas (panels, lists, boxes, fields, the seat map) and the theme.
    .target(name: "Widgets", dependencies: ["Canvas", "Domain"], path: "Modules/Widgets"),
    .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Canvas", "Domain"]),
    // Every text the app shows, in English and Turkish.
    .target(
      name: "Words", dependencies: ["Domain", "Airline", "FlowOwner", "Widgets"],
      path: "Modules/Words"),
    // The booking's screens: one feature and one view per step, the search form and the trips
    // list, and the table of steps that composes them (BookingSteps).
    .target(
      name: "Screens",
      dependencies: ["Canvas", "Domain", "Airline", "FlowOwner", "Runtime", "Widgets", "Words"],
      path: "Modules/Screens"),
    // The root: what a screen produced turned into a transition of the flow, the shell around
    // the screens (header, help, inspector, quitting), the mouse, and the root's view.
    .target(
      name: "Presentation",
      dependencies: [
        "Canvas", "Domain", "Airline", "FlowOwner", "Runtime", "Widgets", "Words", "Screens",
      ],
      path: "Modules/Presentation"),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        "Canvas", "Runtime", "Words", "Screens", "Presentation", "FlowOwner", "Airline",
        "SimulatedAirline", "Domain", "Zones", "Persistence", "TestSupport", "FlowFaults",
        "Recording",
      ],
      exclude: ["Goldens"]),

    .systemLibrary(
      name: "CNcurses", path: "Modules/CNcurses", providers: [.apt(["libncursesw5-dev"])]),
    .target(name: "Terminal", dependencies: ["CNcurses", "Canvas"], path: "Modules/Terminal"),
    // Widgets only for its theme: the whole palette must fit an 8-colour terminal.
    .testTarget(
      name: "TerminalTests", dependencies: ["Terminal", "Canvas", "Widgets", "TestSupport"]),

    // The running app as a library: the event loop over the root feature, its commands done
    // through clients (screen, timers, session, log, recorder) with live and test versions.
    .target(
      name: "Program",
      dependencies: [
        "Canvas", "Domain", "Persistence", "Airline", "FlowOwner", "Runtime", "Widgets", "Words",
        "Presentation", "Terminal", "Recording", "Session",
      ],
      path: "Modules/Program"),
    // How the app starts: its options, what the start restores, and the action journal with its
    // replay.
    .target(
      name: "Launch",
      dependencies: [
        "Domain", "Airline", "FlowOwner", "Runtime", "Widgets", "Words", "Presentation",
        "Program", "Recording", "Session", "Persistence", "Zones", "Canvas", "Terminal",
      ],
      path: "Modules/Launch"),
    .testTarget(
      name: "ProgramTests",
      dependencies: [
        "Program", "Launch", "Canvas", "Domain", "Persistence", "Airline", "SimulatedAirline",
        "FlowOwner", "Runtime", "Widgets", "Presentation", "TestSupport", "Workshop",
        "BookingWiring", "BookingCommands", "Recording", "Session",
      ]),

    // The workshop's tooling: the deliberately broken flow owner (a shared bag of optionals) and
    // the root that runs the app's screens on it, for `booking --flow bag` and faultlab alike.
    // Nothing in the real flow depends on it.
    .target(
      name: "Workshop",
      dependencies: [
        "Canvas", "Domain", "Airline", "FlowOwner", "Persistence", "Runtime", "Widgets", "Words",
        "Presentation",
      ],
      path: "Tools/Workshop",
      // A package of its own, built apart (Tools/scripts/migration).
      exclude: ["Migration"]),
    // The workshop room: the folders one machine keeps for its attendees, their display names,
    // and the presenter's view, which reads the attendees' files and the airline's inventory.
    .target(
      name: "Room",
      dependencies: [
        "Canvas", "Domain", "Airline", "FlowOwner", "Persistence", "SimulatedAirline", "Runtime",
        "Widgets", "Words", "Presentation", "Program", "Session",
      ],
      path: "Modules/Room"),
    .testTarget(
      name: "RoomTests",
      dependencies: [
        "Room", "Canvas", "Domain", "Airline", "FlowOwner", "Persistence", "SimulatedAirline",
        "Program", "Launch", "Presentation", "Runtime", "Widgets", "TestSupport", "Session",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "WorkshopTests",
      dependencies: [
        "Workshop", "FlowOwner", "Domain", "Persistence", "TestSupport", "Words", "Airline",
        "Canvas", "Presentation", "Runtime", "Widgets",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "booking", "booking-cli", "BookingCommands", "paycrash", "TestSupport", "Program",
        "Launch", "SimulatedAirline", "Persistence", "FlowOwner",
      ],
      path: "Tests/EndToEndTests"),

    // What several test targets share: finding built executables, driving the root feature.
    .target(
      name: "TestSupport",
      dependencies: [
        "AirlineTesting", "Canvas", "Domain", "Zones", "Airline", "FlowOwner", "Runtime",
        "Presentation",
      ],
      path: "Tests/TestSupport"),

    // The booking flow and its known faults, each driven by the same events: what faultlab's
    // checks and the goldens' contrast kernel both run.
    .target(
      name: "FlowFaults",
      dependencies: [
        "Canvas", "Domain", "Zones", "Airline", "FlowOwner", "Runtime", "Presentation",
        "Workshop",
      ],
      path: "Tools/FaultLab/Flows"),
    .target(
      name: "FaultLabCore",
      dependencies: [
        "FlowFaults", "Canvas", "Domain", "Zones", "Airline", "FlowOwner", "Runtime",
        "Presentation", "Workshop",
      ],
      path: "Tools/FaultLab/Core"),
    .executableTarget(
      name: "faultlab", dependencies: ["FaultLabCore", "FlowFaults"], path: "Tools/FaultLab/CLI"),
    .testTarget(
      name: "FaultLabTests",
      dependencies: ["FaultLabCore", "FlowFaults", "Canvas", "FlowOwner", "Domain"],
      path: "Tests/FaultLabTests"),

    // A child process for the crash-consistency test: writes records until it is killed.
    .executableTarget(
      name: "recordwriter", dependencies: ["Persistence"], path: "Tools/RecordWriter"),
    // A child process for the crash-point test of the pay path: stops itself at a durable step.
    .executableTarget(
      name: "paycrash", dependencies: ["Domain", "Persistence", "Airline", "SimulatedAirline"],
      path: "Tools/PayCrash"),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "booking", "booking-cli", "recordwriter", "paycrash", "Canvas", "Domain", "Zones",
        "Persistence",
        "Airline",
        "SimulatedAirline",
        "FlowOwner", "Runtime", "Widgets", "Presentation", "TestSupport", "Recording", "Session",
      ],
      path: "Tests/ReliabilityTests"),
  ],
  swiftLanguageModes: [.v6]
)

// Concrete generic types (a record's `KeyedDecodingContainer<CodingKeys>`, a `[String: Cell]`)
// are reached through their metadata accessors, not built from mangled names at first use: a
// mangled name's generic requirements are looked up by scanning every conformance record of
// every loaded library, which a start pays once per type: about 1 ms of a pay link's first
// frame, whose restore decodes records (measured by `bench`). Tools version 6.2:
// a package with this flag can still be a versioned dependency.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
      // Each function in a section of its own, for booking's code layout (its target says why).
      .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
    ]
}

// The debug build (the tests', and `swift run`'s) optimizes the modules whose work the suite
// repeats most: the airline's offers and fare calendars, the records' coding, the zones and the
// canvas's frames. Unoptimized, most of that time went to the Swift runtime's generic metadata
// and reference counting; optimized, the suite needs about 40% less CPU, for about 94 s of CPU
// more in a clean debug build (docs/Performance.md). A package that only reuses them turns the
// `OptimizedDebug` trait off, as the reuse example does. None of them uses `assert`, which `-O`
// would drop.
for target in package.targets
where ["Domain", "Zones", "Persistence", "Airline", "SimulatedAirline", "Canvas"].contains(
  target.name)
{
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-O"], .when(configuration: .debug, traits: ["OptimizedDebug"]))
    ]
}
