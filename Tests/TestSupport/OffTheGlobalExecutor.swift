import Runtime

/// Runs `body` on a serial queue of its own, off Swift's global executor, and waits for it: a
/// test that spends minutes of CPU leaves the global executor's threads (one per core) to the
/// tests running beside it, whose waits would otherwise wake late.
public func offTheGlobalExecutor<T: Sendable>(
  _ label: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await Task(executorPreference: SerialTaskExecutor(label: label)) { try await body() }.value
}
