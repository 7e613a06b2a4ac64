// swift-tools-version: 6.0
import PackageDescription

/// The article's migration, runnable: the bag-based flow it starts from (`Start`), and one
/// reference state after each of its six steps (`Step1` … `Step6`), each with its tests. Every
/// state is a whole copy of the flow, so `diff -ru Sources/Step2 Sources/Step3` is step 3.
/// `Tools/scripts/migration` prints the article's numbers for each state.
let states = ["Start", "Step1", "Step2", "Step3", "Step4", "Step5", "Step6"]

let package = Package(
  name: "Migration",
  targets: [
    // The airline every state books with: the same offers, seats, drafts, quotes and payments.
    .target(name: "Airline")
  ]
    + states.flatMap { state -> [Target] in
      [
        .target(name: state, dependencies: ["Airline"]),
        .testTarget(name: "\(state)Tests", dependencies: [.target(name: state), "Airline"]),
      ]
    },
  swiftLanguageModes: [.v6]
)
