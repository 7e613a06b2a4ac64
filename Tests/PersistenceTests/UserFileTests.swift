import Foundation
import Persistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files a person names for the app (a recording, a replay, the event log): never through a
/// link, never anything but a regular file, never blocking, a new recording never over a file.
@Suite("Files named by the person")
struct UserFileTests {
  /// What opening `path` for writing as `mode` threw; nil if it opened (then it is closed).
  func writeProblem(_ path: String, _ mode: UserFile.WriteMode) -> UserFile.Problem? {
    do {
      close(try UserFile.openForWriting(path: path, mode: mode))
      return nil
    } catch {
      return error
    }
  }

  /// What opening `path` for reading threw; nil if it opened (then it is closed).
  func readProblem(_ path: String, limit: Int? = nil) -> UserFile.Problem? {
    do {
      close(try UserFile.openForReading(path: path, limit: limit))
      return nil
    } catch {
      return error
    }
  }

  @Test("a symbolic link is refused for every mode, and its target is left as it was")
  func symbolicLink() throws {
    try Scratch.run { scratch in
      try scratch.write("keep me", to: "target")
      #expect(FileModes.set(scratch.root + "/target", 0o644))
      #expect(FileModes.makeSymlink(scratch.root + "/target", at: scratch.root + "/link"))
      for mode in [UserFile.WriteMode.create, .replace, .append] {
        #expect(writeProblem(scratch.root + "/link", mode)?.kind == .symbolicLink, "\(mode)")
      }
      #expect(readProblem(scratch.root + "/link")?.kind == .symbolicLink)
      #expect(try scratch.bytes(at: "target") == Array("keep me".utf8))
      #expect(scratch.mode(of: "target") == 0o644)
    }
  }

  @Test("a path ending in '/' is refused, even a link to a folder")
  func trailingSlash() throws {
    try Scratch.run { scratch in
      try FileManager.default.createDirectory(
        atPath: scratch.root + "/folder", withIntermediateDirectories: true)
      #expect(FileModes.makeSymlink(scratch.root + "/folder", at: scratch.root + "/link"))
      for mode in [UserFile.WriteMode.create, .replace, .append] {
        #expect(writeProblem(scratch.root + "/link/", mode)?.kind == .endsInSlash, "\(mode)")
      }
      #expect(readProblem(scratch.root + "/link/")?.kind == .endsInSlash)
      #expect(scratch.names(in: "folder").isEmpty)
    }
  }

  @Test("a FIFO is refused at once, with or without a reader, never waited on")
  func fifo() throws {
    try Scratch.run { scratch in
      try FileManager.default.createDirectory(
        atPath: scratch.root, withIntermediateDirectories: true)
      let path = scratch.root + "/fifo"
      #expect(mkfifo(path, 0o600) == 0)
      for mode in [UserFile.WriteMode.create, .replace, .append] {
        #expect(writeProblem(path, mode)?.kind == .notRegularFile, "\(mode)")
      }
      #expect(readProblem(path)?.kind == .notRegularFile)
      // With a reader, opening for writing succeeds at the system call: the type decides.
      let reader = open(path, O_RDONLY | O_NONBLOCK)
      #expect(reader >= 0)
      defer { close(reader) }
      #expect(writeProblem(path, .replace)?.kind == .notRegularFile)
      #expect(writeProblem(path, .append)?.kind == .notRegularFile)
    }
  }

  @Test("a folder and a device are refused")
  func folderAndDevice() throws {
    try Scratch.run { scratch in
      try FileManager.default.createDirectory(
        atPath: scratch.root + "/folder", withIntermediateDirectories: true)
      #expect(writeProblem(scratch.root + "/folder", .replace)?.kind == .folder)
      #expect(writeProblem(scratch.root + "/folder", .append)?.kind == .folder)
      #expect(readProblem(scratch.root + "/folder")?.kind == .folder)
      #expect(writeProblem("/dev/null", .replace)?.kind == .notRegularFile)
      #expect(readProblem("/dev/zero")?.kind == .notRegularFile)
    }
  }

  @Test("a new file is made 0600; one already there is refused without replace, kept as it was")
  func existingFile() throws {
    try Scratch.run { scratch in
      try FileManager.default.createDirectory(
        atPath: scratch.root, withIntermediateDirectories: true)
      let fresh = scratch.root + "/new.jsonl"
      #expect(writeProblem(fresh, .create) == nil)
      #expect(scratch.mode(of: "new.jsonl") == 0o600)
      try scratch.write("older recording", to: "old.jsonl")
      #expect(FileModes.set(scratch.root + "/old.jsonl", 0o644))
      let problem = writeProblem(scratch.root + "/old.jsonl", .create)
      #expect(problem?.kind == .exists && problem?.reason == "it exists already", "\(problem)")
      #expect(try scratch.bytes(at: "old.jsonl") == Array("older recording".utf8))
      #expect(scratch.mode(of: "old.jsonl") == 0o644)
    }
  }

  @Test("replace empties a file already there and makes it 0600; append keeps what it holds")
  func replaceAndAppend() throws {
    try Scratch.run { scratch in
      try scratch.write("older recording", to: "old.jsonl")
      #expect(FileModes.set(scratch.root + "/old.jsonl", 0o644))
      let descriptor = try UserFile.openForWriting(
        path: scratch.root + "/old.jsonl", mode: .replace)
      #expect(write(descriptor, "new", 3) == 3)
      close(descriptor)
      #expect(try scratch.bytes(at: "old.jsonl") == Array("new".utf8))
      #expect(scratch.mode(of: "old.jsonl") == 0o600)
      let log = try UserFile.openForWriting(path: scratch.root + "/old.jsonl", mode: .append)
      #expect(write(log, "er", 2) == 2)
      close(log)
      #expect(try scratch.bytes(at: "old.jsonl") == Array("newer".utf8))
    }
  }

  @Test("a regular file is read with blocking on; one over the limit is refused")
  func reading() throws {
    try Scratch.run { scratch in
      try scratch.write("0123456789", to: "replay.jsonl")
      let descriptor = try UserFile.openForReading(path: scratch.root + "/replay.jsonl")
      #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0)
      close(descriptor)
      #expect(readProblem(scratch.root + "/replay.jsonl", limit: 10) == nil)
      #expect(readProblem(scratch.root + "/replay.jsonl", limit: 9)?.kind == .tooLarge)
      #expect(readProblem(scratch.root + "/missing")?.kind == .system)
    }
  }
}
