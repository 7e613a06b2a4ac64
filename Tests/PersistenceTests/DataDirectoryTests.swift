import Persistence
import Testing

@Suite("Resolving the data directory")
struct DataDirectoryTests {
  let environment = [
    "BOOKING_DATA_DIR": "/env/booking",
    "XDG_DATA_HOME": "/xdg",
  ]

  @Test("An explicit --data-dir wins over everything")
  func explicitWins() {
    let path = DataDirectory.resolve(explicit: "/flag", environment: environment, home: "/home/u")
    #expect(path == "/flag")
  }

  @Test("BOOKING_DATA_DIR comes next")
  func environmentVariable() {
    let path = DataDirectory.resolve(explicit: nil, environment: environment, home: "/home/u")
    #expect(path == "/env/booking")
  }

  @Test("Then XDG_DATA_HOME/booking")
  func xdgDataHome() {
    let path = DataDirectory.resolve(
      explicit: nil,
      environment: ["XDG_DATA_HOME": "/xdg/"],
      home: "/home/u"
    )
    #expect(path == "/xdg/booking")
  }

  @Test("Otherwise ~/.local/share/booking")
  func homeFallback() {
    let path = DataDirectory.resolve(explicit: nil, environment: [:], home: "/home/u")
    #expect(path == "/home/u/.local/share/booking")
  }

  @Test("Empty values and a relative XDG_DATA_HOME count as unset")
  func emptyAndRelativeIgnored() {
    let path = DataDirectory.resolve(
      explicit: "",
      environment: ["BOOKING_DATA_DIR": "", "XDG_DATA_HOME": "relative/dir"],
      home: "/home/u"
    )
    #expect(path == "/home/u/.local/share/booking")
  }
}
