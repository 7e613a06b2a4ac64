import Foundation
import Persistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which data directories `DataDirectory.problem(at:)` refuses, and what it says. The tests run
/// as root, so "another user" is made with `chown` to an unused uid.
@Suite("Trusting the data directory")
struct DataDirectorySafetyTests {
  static let stranger: uid_t = 4242

  @Test("A symbolic link is refused with or without a trailing slash")
  func linkWithTrailingSlash() throws {
    try Scratch.run { scratch in
      let target = scratch.path + "/target"
      let link = scratch.path + "/link"
      try FileManager.default.createDirectory(
        atPath: target, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      for given in [link, link + "/", link + "//", link + "/."] {
        let problem = DataDirectory.problem(at: given)
        #expect(problem?.contains("is a symbolic link") == true, "\(given): \(problem ?? "nil")")
      }
      #expect(DataDirectory.problem(at: target + "/") == nil)
    }
  }

  @Test("A parent writable by others, and not sticky, is refused, named with its mode")
  func parentWritableByOthers() throws {
    try Scratch.run { scratch in
      let parent = scratch.path + "/shared"
      let data = parent + "/booking"
      try makeFolder(parent, mode: 0o777)
      try makeFolder(data, mode: 0o700)
      let problem = DataDirectory.problem(at: data)
      #expect(problem?.hasPrefix(parent + " ") == true, "\(problem ?? "nil")")
      #expect(problem?.contains("mode 777") == true, "\(problem ?? "nil")")
      #expect(problem?.contains("\n") == false)
      // A folder not there yet, under the same parent, is refused the same way.
      #expect(DataDirectory.problem(at: parent + "/later/booking")?.hasPrefix(parent) == true)
      // Sticky, like /tmp: only a file's owner may remove or rename it.
      #expect(chmod(parent, 0o1777) == 0)
      #expect(DataDirectory.problem(at: data) == nil)
    }
  }

  @Test("A parent that belongs to another user is refused, and no chmod is advised for it")
  func parentOfAnotherUser() throws {
    try Scratch.run { scratch in
      let parent = scratch.path + "/theirs"
      let data = parent + "/booking"
      try makeFolder(parent, mode: 0o755)
      try makeFolder(data, mode: 0o700)
      #expect(chown(parent, Self.stranger, 0) == 0)
      let problem = DataDirectory.problem(at: data)
      #expect(problem?.hasPrefix(parent + " ") == true, "\(problem ?? "nil")")
      #expect(problem?.contains("uid \(Self.stranger)") == true, "\(problem ?? "nil")")
      #expect(problem?.contains("chmod") == false, "\(problem ?? "nil")")
    }
  }

  @Test("Every parent up to the root is checked, not only the nearest")
  func grandparentChecked() throws {
    try Scratch.run { scratch in
      let top = scratch.path + "/top"
      try makeFolder(top, mode: 0o775)
      try makeFolder(top + "/middle", mode: 0o755)
      try makeFolder(top + "/middle/booking", mode: 0o700)
      let problem = DataDirectory.problem(at: top + "/middle/booking")
      #expect(problem?.hasPrefix(top + " ") == true, "\(problem ?? "nil")")
      #expect(problem?.contains("chmod go-w \(top)") == true, "\(problem ?? "nil")")
      #expect(chmod(top, 0o755) == 0)
      #expect(DataDirectory.problem(at: top + "/middle/booking") == nil)
    }
  }

  @Test("A symbolic link above the data directory that another user owns is refused")
  func parentLinkOfAnotherUser() throws {
    try Scratch.run { scratch in
      let real = scratch.path + "/real"
      let link = scratch.path + "/link"
      try makeFolder(real, mode: 0o755)
      try makeFolder(real + "/booking", mode: 0o700)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
      #expect(DataDirectory.problem(at: link + "/booking") == nil, "a link of root's or yours")
      #expect(lchown(link, Self.stranger, 0) == 0)
      let problem = DataDirectory.problem(at: link + "/booking")
      #expect(problem?.hasPrefix(link + " is a symbolic link") == true, "\(problem ?? "nil")")
      #expect(problem?.contains("uid \(Self.stranger)") == true, "\(problem ?? "nil")")
    }
  }

  @Test("A device is not advised chmod: it is said not to be a folder")
  func deviceIsNotAdvisedChmod() {
    let problem = DataDirectory.problem(at: "/dev/null")
    #expect(problem?.contains("chmod") != true, "\(problem ?? "nil")")
  }

  @Test("Without HOME (unset or empty) the home is the password database's")
  func homeFromPasswordDatabase() {
    let expected = DataDirectory.passwordHome()
    #expect(expected?.hasPrefix("/") == true, "\(expected ?? "nil")")
    #expect(DataDirectory.home([:]) == expected)
    #expect(DataDirectory.home(["HOME": ""]) == expected)
    #expect(DataDirectory.home(["HOME": "/home/u"]) == "/home/u")
  }

  private func makeFolder(_ path: String, mode: mode_t) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(chmod(path, mode) == 0)
  }
}
