internal import CFoldHints

/// Asks the processor for a cache line ahead of its use (CFoldHints'
/// `__builtin_prefetch`): for an edit whose loads form a chain (a leaf, its
/// pieces, the run's heights), so that a line whose address is known early
/// arrives while the chain is still being walked. A hint: any address is
/// allowed, none faults. O(1).
enum Prefetch {
    @inline(__always)
    static func forWrite(_ address: Int) {
        fold_prefetch_for_write(UnsafeRawPointer(bitPattern: address))
    }

    @inline(__always)
    static func forRead(_ address: Int) {
        fold_prefetch(UnsafeRawPointer(bitPattern: address))
    }
}
