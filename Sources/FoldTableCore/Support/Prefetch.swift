internal import CFoldHints

/// Asks the processor for cache lines ahead of their use (CFoldHints'
/// `__builtin_prefetch`): where loads form a chain (a leaf, its pieces, the
/// run's heights; a section, its list's root) and a later line's address
/// is known early, it arrives while the chain is still being walked. A
/// hint: any address is allowed, none faults. O(lines).
enum Prefetch {
    /// The `lines` cache lines from `address` on, ahead of a write (an
    /// object: its size over 64, rounded up, from its start).
    @inline(__always)
    static func forWrite(_ address: Int, lines: Int = 1) {
        for line in 0..<lines {
            fold_prefetch_for_write(UnsafeRawPointer(bitPattern: address &+ line &* 64))
        }
    }
}
