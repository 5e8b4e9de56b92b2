#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much more memory the process can allocate, asked by the calls that
/// build much at once (`applySnapshot`, `finishLoad`, `importState`) before
/// they build anything. Swift stops the process when an allocation fails
/// ("failed to allocate"), which no caller can handle, so these calls
/// estimate what they will need (`MemoryNeed`) and are refused with
/// `.outOfRange` when it is more than this answers.
struct MemoryHeadroom {
    /// The bytes the process can still allocate and what bounds them (for
    /// the message), or nil when nothing is known to bound them.
    var available: () -> (bytes: Int, bound: String)?
    /// Needs below this are not checked (the system's headroom is read
    /// from the kernel; a small call needs about what any call needs).
    var smallestChecked: Int

    init(smallestChecked: Int = 0, available: @escaping () -> (bytes: Int, bound: String)?) {
        self.smallestChecked = smallestChecked
        self.available = available
    }

    /// The process's headroom: the smallest of its soft address-space limit
    /// (RLIMIT_AS) less the address space it maps, its soft data limit
    /// (RLIMIT_DATA) less its data and stack, and the machine's physical
    /// memory less what the process holds in it (Linux: `getrlimit`,
    /// `/proc/self/statm`, `sysconf`; elsewhere physical memory only).
    /// Needs below 1 MiB are not checked.
    static var system: MemoryHeadroom {
        MemoryHeadroom(smallestChecked: 1 << 20) { systemHeadroom() }
    }

    /// A fixed budget of `bytes`, whatever the process uses (for tests, or
    /// an app that wants to bound these calls below what the system allows).
    static func budget(_ bytes: Int) -> MemoryHeadroom {
        MemoryHeadroom { (max(0, bytes), "the budget set on the table") }
    }

    /// Throws `.outOfRange` naming the need and the bound when `need` bytes
    /// are more than the headroom: "`what` needs about 1.2 GB of memory
    /// (`detail`), more than the 512.0 MB this process can still allocate
    /// (`bound`); nothing changed". O(1): one read of the kernel's figures
    /// when the need is worth checking.
    func check(_ need: Int, _ what: String, _ detail: @autoclosure () -> String) throws {
        guard need >= smallestChecked, let (bytes, bound) = available(), need > bytes else { return }
        throw FoldError(.outOfRange, "\(what) needs about \(Self.describe(need)) of memory (\(detail())), more "
                        + "than the \(Self.describe(bytes)) this process can still allocate (\(bound)); nothing changed")
    }

    /// Bytes as a person reads them: "812 bytes", "3.4 MB", "1.2 GB" (powers of 1000).
    static func describe(_ bytes: Int) -> String {
        func scaled(_ unit: Double, _ name: String) -> String {
            let tenths = Int((Double(bytes) / unit * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) \(name)"
        }
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return scaled(1e3, "kB") }
        if bytes < 1_000_000_000 { return scaled(1e6, "MB") }
        return scaled(1e9, "GB")
    }
}

/// The process's headroom (`MemoryHeadroom.system`): the smallest bound.
private func systemHeadroom() -> (bytes: Int, bound: String)? {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let physicalPages = Int(sysconf(Int32(_SC_PHYS_PAGES)))
    var best: (bytes: Int, bound: String)?
    func consider(_ limit: Int, _ used: Int, _ bound: String) {
        let left = max(0, limit - used)
        if let b = best, b.bytes <= left { return }
        best = (left, bound)
    }
    #if os(Linux)
    // statm: size, resident, shared, text, lib, data (data + stack), dt; in pages.
    let statm = readStatm()
    func softLimit(_ resource: Int32) -> Int? {
        var r = rlimit()
        // RLIM_INFINITY is all ones (Linux); anything past Int.max is no bound either.
        guard getrlimit(__rlimit_resource_t(UInt32(resource)), &r) == 0, r.rlim_cur < rlim_t(Int.max) else {
            return nil
        }
        return Int(r.rlim_cur)
    }
    if let limit = softLimit(Int32(RLIMIT_AS.rawValue)), let size = statm?[0] {
        consider(limit, size * page, "its address-space limit, RLIMIT_AS, less what it maps")
    }
    if let limit = softLimit(Int32(RLIMIT_DATA.rawValue)), let data = statm?[5] {
        consider(limit, data * page, "its data limit, RLIMIT_DATA, less what it uses")
    }
    if physicalPages > 0, page > 0 {
        consider(physicalPages.multipliedReportingOverflow(by: page).overflow ? Int.max : physicalPages * page,
                 (statm?[1] ?? 0) * page, "the machine's physical memory less what the process holds")
    }
    #else
    if physicalPages > 0, page > 0 {
        consider(physicalPages * page, 0, "the machine's physical memory")
    }
    #endif
    return best
}

#if os(Linux)
/// The seven numbers of /proc/self/statm (pages), or nil when it cannot be read.
private func readStatm() -> [Int]? {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return nil }
    var numbers: [Int] = []
    var value = 0, inNumber = false
    for b in buffer[0..<n] {
        if b >= 48 && b <= 57 {
            value = value &* 10 &+ Int(b - 48)
            inNumber = true
        } else if inNumber {
            numbers.append(value)
            value = 0
            inNumber = false
        }
    }
    if inNumber { numbers.append(value) }
    return numbers.count >= 6 ? numbers : nil
}
#endif
