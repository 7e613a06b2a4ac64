// swift-tools-version: 6.0
import PackageDescription

/// Every library module is also a product, so another package can depend on any of them.
let package = Package(
  name: "booking",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "booking", targets: ["booking"]),
    .executable(name: "faultlab", targets: ["faultlab"]),
    .executable(name: "bench", targets: ["bench"]),
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "Services", targets: ["Services"]),
    .library(name: "FlowOwner", targets: ["FlowOwner"]),
    .library(name: "Canvas", targets: ["Canvas"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "Terminal", targets: ["Terminal"]),
  ],
  targets: [
    .executableTarget(
      name: "booking",
      dependencies: [
        "Canvas", "Domain", "Persistence", "Services", "FlowOwner", "Presentation", "Terminal",
      ],
      path: "Apps/Booking"),
    .executableTarget(
      name: "bench",
      dependencies: [
        "Canvas", "Domain", "Persistence", "Services", "FlowOwner", "Presentation", "Terminal",
      ],
      path: "Tools/Bench"),

    .target(name: "Domain", path: "Modules/Domain"),
    .testTarget(name: "DomainTests", dependencies: ["Domain"]),

    .target(name: "Persistence", path: "Modules/Persistence"),
    .testTarget(name: "PersistenceTests", dependencies: ["Persistence"]),

    .target(name: "Services", dependencies: ["Domain", "Persistence"], path: "Modules/Services"),
    .testTarget(
      name: "ServicesTests", dependencies: ["Services", "Domain", "Persistence", "FlowOwner"]),

    .target(name: "FlowOwner", dependencies: ["Domain", "Services"], path: "Modules/FlowOwner"),
    .testTarget(name: "FlowOwnerTests", dependencies: ["FlowOwner", "Domain", "Services"]),

    // What a screen is made of (cells, styles, rects, keys): under Presentation and Terminal.
    .target(name: "Canvas", path: "Modules/Canvas"),
    .target(
      name: "Presentation", dependencies: ["Canvas", "Domain", "Services", "FlowOwner"],
      path: "Modules/Presentation"),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        "Canvas", "Presentation", "FlowOwner", "Services", "Domain", "Persistence", "TestSupport",
      ],
      exclude: ["Goldens"]),

    .systemLibrary(
      name: "CNcurses", path: "Modules/CNcurses", providers: [.apt(["libncursesw5-dev"])]),
    .target(name: "Terminal", dependencies: ["CNcurses", "Canvas"], path: "Modules/Terminal"),
    // Presentation only for its theme: the whole palette must fit an 8-colour terminal.
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Canvas", "Presentation"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["booking", "paycrash", "TestSupport"],
      path: "Tests/EndToEndTests"),

    // What several test targets share: finding built executables, driving the root feature.
    .target(
      name: "TestSupport", dependencies: ["Canvas", "Presentation"], path: "Tests/TestSupport"),

    .target(
      name: "FaultLabCore", dependencies: ["Domain", "Services", "FlowOwner"],
      path: "Tools/FaultLab/Core"),
    .executableTarget(
      name: "faultlab", dependencies: ["FaultLabCore"], path: "Tools/FaultLab/CLI"),
    .testTarget(
      name: "FaultLabTests", dependencies: ["FaultLabCore", "FlowOwner", "Domain"],
      path: "Tests/FaultLabTests"),

    // A child process for the crash-consistency test: writes records until it is killed.
    .executableTarget(
      name: "recordwriter", dependencies: ["Persistence"], path: "Tools/RecordWriter"),
    // A child process for the crash-point test of the pay path: stops itself at a durable step.
    .executableTarget(
      name: "paycrash", dependencies: ["Domain", "Persistence", "Services"],
      path: "Tools/PayCrash"),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "booking", "recordwriter", "paycrash", "Canvas", "Domain", "Persistence", "Services",
        "FlowOwner", "Presentation", "TestSupport",
      ],
      path: "Tests/ReliabilityTests"),
  ],
  swiftLanguageModes: [.v6]
)
