/// The table's sections by key (`Table.sectionsByKey`): open addressing
/// with linear probing over one array of 8-byte slots, at most 3/4 full
/// (`LinearProbing`).
/// A slot holds a section's address with 16 bits of its key's hash above
/// it (user-space addresses fit in 48 bits on the targets we build for;
/// should one not, the table stops keeping those bits); the key itself is
/// the section's own, read only when those bits agree.
/// A `Dictionary<String, Section>` kept a copy of every key and took 24
/// bytes a bucket: 32 to 64 bytes per section, here 11 to 21. Keys hash
/// with Swift's seeded hasher, as a dictionary's do. Slot 0 means empty:
/// no section lives at address 0. It holds no reference: the table's
/// `ids` keep alive every section it names, and a section leaves both at
/// once (`Table.forget`). O(1) expected per operation.
struct SectionKeys {
    private var slots: [Int] = []
    /// The top bits of a key's hash that pick its home slot.
    private var shift = 64
    private(set) var count = 0

    init() {}

    /// How many sections it holds without growing.
    var capacity: Int { slots.count / 4 * 3 }

    /// Grows now, if need be, to hold `n` sections: one rehash instead of
    /// one per doubling while they come, each of which reads every
    /// section's key again (a cache miss apiece among many). O(slots).
    @inline(never)  // (rare: kept out of its callers' loops)
    mutating func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        rehash(LinearProbing.slots(for: n, least: 16))
    }

    /// The section with `key`; setting one (whose key is `key`) puts it in
    /// that key's place, setting nil removes the key.
    subscript(key: String) -> Section? {
        get { self[key, hash: Self.hash(key)] }
        set {
            let h = Self.hash(key)
            guard let newValue else { return remove(at: find(key, h)) }
            assert(newValue.key == key, "a section is kept under its own key")
            put(newValue, hash: h)
        }
    }

    /// A key's hash, for a caller that looks a key up and then puts a
    /// section under it: hashing a key is most of a lookup's instructions.
    static func hash(_ key: String) -> Int { key.hashValue }

    /// The section with `key`, whose `hash(key)` is `hash`.
    subscript(key: String, hash h: Int) -> Section? {
        guard let i = find(key, h) else { return nil }
        return section(slots[i])
    }

    /// Puts `s` under its key, whose `hash` is `h` (replacing the section
    /// that had it, if any).
    mutating func put(_ s: Section, hash h: Int) {
        let value = slot(s, h)
        // Room first, so that one probe finds the key or where it goes.
        if LinearProbing.mustGrow(count: count, slots: slots.count) { rehash(Swift.max(16, slots.count * 2)) }
        let (i, found) = probe(s.key, h)
        slots[i] = value
        if !found { count += 1 }
    }

    private static let addressMask = (1 << 48) - 1
    /// Whether slots keep 16 bits of their key's hash (see above).
    private var tagged = true

    /// The bits of hash `h` a slot keeps above the address: its low ones
    /// (the home slot comes from the high ones, so neighbours differ here).
    private func tag(_ h: Int) -> Int { tagged ? h << 48 : 0 }

    /// A slot's value for `s`, its key hashing to `h`.
    private mutating func slot(_ s: Section, _ h: Int) -> Int {
        let address = Int(bitPattern: Unmanaged.passUnretained(s).toOpaque())
        if tagged && address & ~SectionKeys.addressMask != 0 { stopTagging() }
        return address | tag(h)
    }

    /// From now on slots keep no bits of the hash: for a section whose
    /// address takes more than 48 bits (and for tests). O(slots).
    mutating func stopTagging() {
        guard tagged else { return }
        tagged = false
        for i in slots.indices where slots[i] != 0 { slots[i] &= SectionKeys.addressMask }
    }

    private func section(_ slot: Int) -> Section {
        Unmanaged<Section>.fromOpaque(UnsafeRawPointer(bitPattern: tagged ? slot & SectionKeys.addressMask : slot)
            .unsafelyUnwrapped).takeUnretainedValue()
    }

    private func home(_ h: Int) -> Int { Int(truncatingIfNeeded: UInt(bitPattern: h) >> UInt(shift)) }

    /// The slot holding `key` (hashing to `h`), nil when none does.
    private func find(_ key: String, _ h: Int) -> Int? {
        guard count > 0 else { return nil }
        let (i, found) = probe(key, h)
        return found ? i : nil
    }

    /// The slot holding `key` (hashing to `h`), or the empty slot that ends
    /// its probe run: where it goes. There must be an empty slot.
    private func probe(_ key: String, _ h: Int) -> (index: Int, found: Bool) {
        let t = tag(h), tagBits = tagged ? ~SectionKeys.addressMask : 0
        var i = home(h)
        while true {
            let s = slots[i]
            if s == 0 { return (i, false) }
            if s & tagBits == t, section(s).key == key { return (i, true) }
            i = (i &+ 1) & (slots.count &- 1)
        }
    }

    /// Empties slot `hole` (nothing when nil); the slots after it in its
    /// probe run move back so that no search stops early (no tombstones).
    /// A moved slot's home is found from its section's key.
    private mutating func remove(at found: Int?) {
        guard var hole = found else { return }
        let mask = slots.count &- 1
        slots[hole] = 0
        count -= 1
        var j = hole
        while true {
            j = (j &+ 1) & mask
            let s = slots[j]
            guard s != 0 else { break }
            if LinearProbing.stays(at: j, home: home(Self.hash(section(s).key)), after: hole) { continue }
            slots[hole] = s
            slots[j] = 0
            hole = j
        }
    }

    /// Moves every section into `size` slots (a power of two), hashing
    /// each key again. O(size).
    private mutating func rehash(_ size: Int) {
        let old = slots
        slots = [Int](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
        for s in old where s != 0 {
            var i = home(Self.hash(section(s).key))
            while slots[i] != 0 { i = (i &+ 1) & (size &- 1) }
            slots[i] = s
        }
    }
}
