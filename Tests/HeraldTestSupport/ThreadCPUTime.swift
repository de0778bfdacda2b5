#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time the calling thread spends in `body`, in seconds: unlike the wall
/// clock it does not grow when other processes load the machine, so cost tests can
/// bound it tightly. `body` must not hop threads (it is synchronous).
public func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}
