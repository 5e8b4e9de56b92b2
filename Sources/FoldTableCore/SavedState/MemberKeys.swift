// Duplicate member names in the saved-state reader: refused in O(1) per
// member (a hash set over the spans of the text, not strings).

/// The member names of one object, to refuse duplicates: a short list
/// while small, a `KeySet` beyond.
struct MemberKeys {
    private var few: [Span] = []
    private var many: KeySet?

    mutating func insert(_ key: Span, _ reader: SavedStateReader) -> KeySet.Insertion {
        if let many { return many.insert(key, reader) }
        for k in few where reader.same(k, key) { return .duplicate }
        guard few.count == 8 else {
            few.append(key)
            return .added
        }
        guard let set = KeySet(capacity: 16) else { return .outOfMemory }
        for k in few { _ = set.insert(k, reader) }
        many = set
        few = []
        return set.insert(key, reader)
    }
}

/// Distinct strings (spans of the input), in their order, with an
/// open-addressing hash table of 32-bit indices at most half full. Grows by
/// doubling; running out of memory is reported, never a trap.
final class KeySet {
    enum Insertion { case added, duplicate, outOfMemory }

    private(set) var keys: MallocArray<Span>
    private var slots: MallocArray<Int32>
    private var mask: Int

    /// Room for `capacity` keys without growing; nil without memory.
    init?(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        guard let k = MallocArray<Span>(capacity: capacity), let s = MallocArray<Int32>(capacity: size) else { return nil }
        for i in 0..<size { s[i] = -1 }
        s.count = size
        keys = k
        slots = s
        mask = size - 1
    }

    /// Adds `key` unless an equal one is there.
    func insert(_ key: Span, _ reader: SavedStateReader) -> Insertion {
        if 2 * (keys.count + 1) > mask + 1, !grow(reader) { return .outOfMemory }
        var i = Int(truncatingIfNeeded: reader.hash(key)) & mask
        while slots[i] >= 0 {
            if reader.same(keys[Int(slots[i])], key) { return .duplicate }
            i = (i + 1) & mask
        }
        let index = Int32(keys.count)
        guard keys.append(key) else { return .outOfMemory }
        slots[i] = index
        return .added
    }

    private func grow(_ reader: SavedStateReader) -> Bool {
        let size = 2 * (mask + 1)
        guard let s = MallocArray<Int32>(capacity: size) else { return false }
        for i in 0..<size { s[i] = -1 }
        s.count = size
        let m = size - 1
        for k in 0..<keys.count {
            var i = Int(truncatingIfNeeded: reader.hash(keys[k])) & m
            while s[i] >= 0 { i = (i + 1) & m }
            s[i] = Int32(k)
        }
        slots = s
        mask = m
        return true
    }
}
