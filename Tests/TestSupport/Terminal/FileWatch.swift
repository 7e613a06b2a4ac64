import Dispatch
import Foundation

/// Waits for a file to become what a test expects, told by the kernel (inotify) when the folder
/// holding it changes rather than polled.
public enum FileWatch {
  /// Waits until `condition` holds for the bytes of the file at `path` (nil while there is
  /// none), and returns them. The file is read now and again whenever something changes in its
  /// folder, or in the nearest folder above that exists while its own does not. Waits on a
  /// thread of its own; fails after `TmuxServer.patience` with `what`.
  @discardableResult
  public static func waitFor(
    _ what: String, at path: String, file: String = #fileID, line: Int = #line,
    _ condition: @escaping @Sendable (Data?) -> Bool
  ) async throws -> Data? {
    try await offTheGlobalExecutor("watch") {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { throw TerminalFailure("inotify_init1: errno \(errno)") }
      defer { close(descriptor) }
      let mask = UInt32(
        IN_CREATE | IN_MOVED_TO | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE)
      let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(TmuxServer.patience * 1e9)
      var watched: Set<String> = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        // Watched before the file is read: a change after the read is then told.
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
          folder = folder.deletingLastPathComponent()
        }
        if watched.insert(folder.path).inserted {
          guard inotify_add_watch(descriptor, folder.path, mask) >= 0 else {
            throw TerminalFailure("cannot watch \(folder.path): errno \(errno)")
          }
        }
        let data = FileManager.default.contents(atPath: path)
        if condition(data) { return data }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now < deadline else {
          throw TerminalFailure(
            "timed out after \(TmuxServer.patience) s waiting for \(what) (\(file):\(line)): "
              + "\(path) is \(data.map { "\($0.count) bytes" } ?? "missing")")
        }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(((deadline - now) / 1_000_000) + 1))
        if ready > 0 {
          _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } else if ready < 0, errno != EINTR {
          throw TerminalFailure("poll: errno \(errno)")
        }
      }
    }
  }
}
