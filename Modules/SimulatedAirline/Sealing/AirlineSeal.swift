import CCrypto
import Persistence
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The airline's seal on its records: an HMAC-SHA256 (the system's libcrypto) over each record's
/// bytes and path, with a key the airline makes at its first start (`airline.key` in its data
/// directory: 32 random bytes, mode 0600, never logged or printed). A quote, order, charge,
/// booking or hold the airline did not write, or that was changed by a byte, does not carry its
/// seal: it is refused as a record that cannot be read (set aside and reported), and never paid,
/// booked or taken as proof.
///
/// The key is made the first time the airline is used in a data directory that has none, under
/// the ledger lock, in this order:
/// - 1. every record already in the airline's folders, written by a build that did not seal, is
///   sealed as it is (its written time kept); a file that is not a record of its folder is left
///   as it is, and is refused when it is read. Dies here: no key yet; the next start seals them
///   all again with a key of its own.
/// - 2. `airline.key`, written whole under another name and linked into place: from here on
///   every record must carry the seal. Dies here: the key stands, and every record was sealed.
///
/// Anyone who can read the key can seal: it keeps out an edited or planted file, not the
/// account that owns the airline's directory (a room gives the airline an account of its own).
enum AirlineSeal {
  static let keyFile = "airline.key"
  static let keyBytes = 32

  /// The folders sealed: every record the airline writes.
  static var folders: Set<String> {
    Set((AirlineRecords.all + [AirlineRecords.paidQuotes]).map(\.folder))
  }

  /// `store` sealing the airline's folders with the key of its data directory, read (or, when
  /// `makesKey`, made) at the first record written or read. Without the key nothing is sealed
  /// or accepted.
  static func sealing(_ store: RecordStore, makesKey: Bool) -> RecordStore {
    _ = libcrypto
    let key = LazyKey(store: store, makes: makesKey)
    return store.sealed(
      by: RecordSeal(
        folders: folders,
        sign: { message in key.value().flatMap { hmac($0, message) }.map(hex) },
        verify: { message, seal in
          guard let value = key.value(), let mac = hmac(value, message) else { return false }
          let expected = Array(hex(mac).utf8)
          let given = Array(seal.utf8)
          guard expected.count == given.count else { return false }
          return CRYPTO_memcmp(expected, given, expected.count) == 0
        },
        prepare: { _ = key.value() }))
  }

  /// libcrypto, set up before its first use without its clean-up at the process's exit: that
  /// clean-up frees what a thread of this process may still be using (the seal's first read
  /// runs off the first frame), and a quit at that moment would crash in `exit`. The system's
  /// OpenSSL configuration is not read: an HMAC-SHA256 needs nothing from it, and without it an
  /// HMAC through `HMAC_CTX` touches about 0.7 MB less memory (CCrypto's shim.h). Nor are the
  /// legacy names of every cipher and digest listed: the digest is fetched from the default
  /// provider by the names the provider gives it, and without the list the process's first HMAC
  /// (on a pay link's restore, before its first frame) takes about half as long.
  private static let libcrypto: Void = {
    OPENSSL_init_crypto(
      UInt64(
        OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ADD_ALL_CIPHERS
          | OPENSSL_INIT_NO_ADD_ALL_DIGESTS), nil)
  }()

  /// The data directory's key, read once (or made, sealing what is already there, when `makes`).
  /// A key that could be neither read nor made is not tried again by this process: nothing it
  /// reads or writes in the airline's folders is then accepted.
  final class LazyKey: Sendable {
    let store: RecordStore
    /// Whether a missing key is made (false for a process that only reads).
    let makes: Bool
    /// Not yet looked for: nil; looked for: the key, or nil inside when there is none.
    let loaded = Mutex<[UInt8]??>(nil)

    init(store: RecordStore, makes: Bool) {
      self.store = store
      self.makes = makes
    }

    func value() -> [UInt8]? {
      loaded.withLock { state in
        if let found = state { return found }
        let found = AirlineSeal.read(store.root) ?? (makes ? AirlineSeal.make(store) : nil)
        state = .some(found)
        return found
      }
    }
  }

  /// The key at `root`, when it is one: a regular file of 32 bytes, this user's, that no one
  /// else may read.
  static func read(_ root: String) -> [UInt8]? {
    let fd = open(root + "/" + keyFile, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      status.st_size == keyBytes, status.st_uid == geteuid(), status.st_mode & 0o077 == 0
    else { return nil }
    var key = [UInt8](repeating: 0, count: keyBytes)
    let count = key.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, keyBytes) }
    return count == keyBytes ? key : nil
  }

  /// Makes the key of a data directory that has none, under the ledger lock (tried every 2 ms
  /// for up to `SimulatedAirline.lockWait`, from the synchronous first use of the store; once a
  /// data directory): the records there are sealed first, then the key is linked into place.
  /// Nil when it cannot be made (a read-only directory, no randomness): nothing is then sealed
  /// or accepted.
  static func make(_ store: RecordStore) -> [UInt8]? {
    let root = store.root
    guard (try? store.createRoot()) != nil else { return nil }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: SimulatedAirline.lockWait)
    var lock: LedgerLock?
    while lock == nil {
      switch store.lockLedger() {
      case .locked(let held): lock = held
      case .unavailable: return nil
      case .busy:
        guard clock.now < deadline else { return nil }
        usleep(2_000)
      }
    }
    return withExtendedLifetime(lock) { () -> [UInt8]? in
      if let key = read(root) { return key }
      var random = [UInt8](repeating: 0, count: keyBytes)
      guard RAND_bytes(&random, Int32(keyBytes)) == 1 else { return nil }
      let key = random
      // A key libcrypto cannot seal with is not written: the records stay as they are, and the
      // next start tries again.
      guard hmac(key, []) != nil else { return nil }
      let sealer = store.sealed(
        by: RecordSeal(
          folders: folders, sign: { hmac(key, $0).map(hex) }, verify: { _, _ in false }))
      for kind in AirlineRecords.all + [AirlineRecords.paidQuotes] {
        for id in (try? sealer.ids(of: kind)) ?? [] {
          _ = try? sealer.sealAgain(id: id, kind: kind)
        }
      }
      return write(key, in: root) ? key : nil
    }
  }

  /// Writes `key` to `root/airline.key`, whole before it has its name.
  private static func write(_ key: [UInt8], in root: String) -> Bool {
    let temporary = root + "/.\(keyFile).tmp-\(getpid())"
    unlink(temporary)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    let written = key.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, key.count) }
    let synced = fsync(fd) == 0
    close(fd)
    defer { unlink(temporary) }
    guard written == key.count, synced, link(temporary, root + "/" + keyFile) == 0 else {
      return false
    }
    let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
    return true
  }

  /// HMAC-SHA256 of `message` under `key`, through an `HMAC_CTX` (see CCrypto's shim.h); nil
  /// when libcrypto fails: nothing is then sealed, and no seal matches.
  static func hmac(_ key: [UInt8], _ message: [UInt8]) -> [UInt8]? {
    _ = libcrypto
    guard let context = HMAC_CTX_new() else { return nil }
    defer { HMAC_CTX_free(context) }
    var digest = [UInt8](repeating: 0, count: 64)
    var length: UInt32 = 0
    let done = key.withUnsafeBytes { keyBytes in
      message.withUnsafeBytes { messageBytes in
        HMAC_Init_ex(context, keyBytes.baseAddress, Int32(keyBytes.count), EVP_sha256(), nil) == 1
          && HMAC_Update(
            context, messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            messageBytes.count) == 1
          && HMAC_Final(context, &digest, &length) == 1
      }
    }
    return done ? Array(digest.prefix(Int(length))) : nil
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
