/// A hash table keyed by object identity, for the sections a change set
/// has taken out to add back (`ChangeRecord.movingOut`). Open addressing
/// with linear probing over one array of slots, kept at most 3/4 full;
/// a key's address is mixed by one multiplication (Fibonacci hashing),
/// where a `Dictionary` hashes an `ObjectIdentifier` with SipHash (about
/// 90 instructions, twice or more per section when a snapshot reverses
/// 10^5 of them). A slot's key 0 means empty: no object lives at address 0.
/// O(1) expected per operation.
struct IdentityTable<Value> {
    private struct Slot {
        var key = 0
        var value: Value?
    }

    private var slots: [Slot] = []
    /// The top bits of a key's product that pick its home slot.
    private var shift = 64
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// Room for `n` keys without growing. O(n).
    mutating func reserveCapacity(_ n: Int) {
        guard n * 4 > slots.count * 3 else { return }
        rehash(LinearProbing.slots(for: n, least: 8))
    }

    /// The value of `key`, nil when it has none; setting nil removes it.
    subscript(key: ObjectIdentifier) -> Value? {
        get {
            guard let i = find(key) else { return nil }
            return slots[i].value
        }
        set {
            guard let newValue else { removeValue(forKey: key); return }
            if let i = find(key) { slots[i].value = newValue; return }
            if LinearProbing.mustGrow(count: count, slots: slots.count) { rehash(Swift.max(8, slots.count * 2)) }
            var i = home(key.address)
            while slots[i].key != 0 { i = (i &+ 1) & (slots.count &- 1) }
            slots[i] = Slot(key: key.address, value: newValue)
            count += 1
        }
    }

    /// Removes `key`, returning its value. The keys after it in its probe
    /// run move back so that no search stops early (no tombstones).
    @discardableResult
    mutating func removeValue(forKey key: ObjectIdentifier) -> Value? {
        guard var hole = find(key) else { return nil }
        let value = slots[hole].value
        let mask = slots.count &- 1
        slots[hole] = Slot()
        count -= 1
        var j = hole
        while true {
            j = (j &+ 1) & mask
            let k = slots[j].key
            guard k != 0 else { break }
            if LinearProbing.stays(at: j, home: home(k), after: hole) { continue }
            slots[hole] = slots[j]
            slots[j] = Slot()
            hole = j
        }
        return value
    }

    private func home(_ address: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: address) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    private func find(_ key: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let k = key.address
        var i = home(k)
        while true {
            let s = slots[i].key
            if s == k { return i }
            if s == 0 { return nil }
            i = (i &+ 1) & (slots.count &- 1)
        }
    }

    /// Moves every key into `size` slots (a power of two). O(size).
    private mutating func rehash(_ size: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: size)
        shift = 64 - size.trailingZeroBitCount
        for s in old where s.key != 0 {
            var i = home(s.key)
            while slots[i].key != 0 { i = (i &+ 1) & (size &- 1) }
            slots[i] = s
        }
    }
}

private extension ObjectIdentifier {
    var address: Int { Int(bitPattern: self) }
}
