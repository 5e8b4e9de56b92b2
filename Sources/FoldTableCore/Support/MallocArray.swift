#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An array in memory from `malloc`, so that running out of memory is an
/// error the caller gets, not a trap. For trivial element types only.
final class MallocArray<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init?(capacity: Int) {
        let capacity = max(capacity, 1)
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let raw = malloc(bytes) else { return nil }
        base = raw.bindMemory(to: Element.self, capacity: capacity)
        self.capacity = capacity
    }

    deinit { free(base) }

    subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    /// Appends, growing by half; false when memory ran out (nothing changed).
    func append(_ value: Element) -> Bool {
        if count == capacity {
            let wanted = capacity + capacity / 2 + 1
            let (bytes, overflow) = wanted.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
            guard !overflow, let raw = realloc(base, bytes) else { return false }
            base = raw.bindMemory(to: Element.self, capacity: wanted)
            capacity = wanted
        }
        (base + count).initialize(to: value)
        count += 1
        return true
    }
}
