/// The priority of the treap node in array slot `slot` (RangeTree,
/// ItemTrace): murmur3's finalizer, so slots in order get unrelated
/// priorities and a treap stays balanced in expectation whatever the order
/// of its edits.
@inline(__always)
func treapPriority(_ slot: Int32) -> UInt32 {
    var h = UInt32(bitPattern: slot)
    h ^= h >> 16; h &*= 0x85eb_ca6b
    h ^= h >> 13; h &*= 0xc2b2_ae35
    h ^= h >> 16
    return h
}
