// swift-tools-version: 6.2
import PackageDescription

// SwiftPM names a package it is given by path after the folder it sits in (lowercased), not
// after the `name:` in that package's manifest. In a checkout called `booking` the root package
// is "booking"; in a worktree called `reuse` it is "reuse". This example sits two folders below
// the root, so it takes the root folder's name from its own path and builds in any checkout.
// A package of your own writes the name out: `.product(name: "Domain", package: "booking")`.
let root =
  Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "booking"

let package = Package(
  name: "HeadlessBooking",
  // The modules use `Mutex` (Synchronization), which needs macOS 15.
  platforms: [.macOS(.v15)],
  // `traits: []`: booking's modules built as they are written, not optimized for booking's own
  // suite (its `OptimizedDebug` trait), so this package's debug build compiles them sooner.
  dependencies: [.package(path: "../..", traits: [])],
  targets: [
    .executableTarget(
      name: "HeadlessBooking",
      dependencies: [
        .product(name: "Domain", package: root),
        .product(name: "Persistence", package: root),
        .product(name: "Airline", package: root),
        .product(name: "SimulatedAirline", package: root),
        .product(name: "FlowOwner", package: root),
      ]),
    // Tests of code that talks to an airline: AirlineTesting's `TestAirline` and fixtures.
    .testTarget(
      name: "HeadlessBookingTests",
      dependencies: [
        .product(name: "AirlineTesting", package: root),
        .product(name: "Domain", package: root),
        .product(name: "Persistence", package: root),
        .product(name: "Airline", package: root),
        .product(name: "SimulatedAirline", package: root),
        .product(name: "FlowOwner", package: root),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
