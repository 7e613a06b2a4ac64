import Dispatch

/// Runs the nonisolated work of the tasks that prefer it, and the default actors they call
/// (the simulated airline), on one serial Dispatch queue instead of Swift's global concurrent
/// executor.
///
/// Why: on Linux, the first worker thread of a global concurrent queue makes libdispatch start
/// a monitor of its thread pool (`_dispatch_workq_monitor_pools`) that wakes the process every
/// second for the rest of its life, even when it has nothing to do. A serial queue runs on an
/// overcommit worker, which is not monitored. The app's own work is a few airline calls at a
/// time (and the airline is one actor, so they run one at a time anyway): one queue is enough,
/// and the idle app then wakes for nothing but keys, signals and its own timers.
///
/// The queue is of the default QoS, the main queue's, not the user-initiated one of the app's
/// other queues (the new folders' syncs at a start): libdispatch starts one worker for items
/// pushed onto one root queue before its first worker has taken any, so work pushed right after
/// those syncs would wait for their worker to start and take them (most of a millisecond at a
/// start, on a pay link's way to its first frame) before a second worker is started for it.
public final class SerialTaskExecutor: TaskExecutor {
  private let queue: DispatchQueue

  /// An executor on a new serial queue named `label`.
  public init(label: String) {
    queue = DispatchQueue(label: label, qos: .default)
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
