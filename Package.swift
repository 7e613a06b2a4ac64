// swift-tools-version: 6.0
import PackageDescription

/// Every library module is also a product, so another package can depend on any of them.
let package = Package(
  name: "booking",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Services", targets: ["Services"]),
    .library(name: "FlowOwner", targets: ["FlowOwner"]),
  ],
  targets: [
    .target(name: "Domain", path: "Modules/Domain"),
    .testTarget(name: "DomainTests", dependencies: ["Domain"]),

    .target(name: "Services", dependencies: ["Domain"], path: "Modules/Services"),

    .target(name: "FlowOwner", dependencies: ["Domain", "Services"], path: "Modules/FlowOwner"),
    .testTarget(name: "FlowOwnerTests", dependencies: ["FlowOwner", "Domain", "Services"]),
  ],
  swiftLanguageModes: [.v6]
)
