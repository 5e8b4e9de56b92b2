import Synchronization

/// A section's id: handed out when it is created, valid while it exists
/// (moves included), never handed out again in this process.
public typealias SectionID = UInt64

/// Every id ever handed out takes the next serial of this process, so ids
/// of removed sections and of other tables never name a live section here.
private let serials = Atomic<UInt64>(1)

/// Resolves ids to sections in O(1): an id is `serial << slotBits | slot`;
/// the slot indexes a table-local array and the stored id must match, which
/// rejects stale and foreign ids without hashing.
struct SectionIDs {
    static let slotBits = 26  // Limits.maxSections live sections at most
    static let slotMask: UInt64 = (1 << UInt64(slotBits)) - 1

    private var slots: [Section?] = []
    private var free: [Int] = []

    /// Gives `s` a fresh id. O(1) amortized.
    mutating func register(_ s: Section) {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
        } else {
            slot = slots.count
            slots.append(nil)
        }
        let serial = serials.add(1, ordering: .relaxed).oldValue
        s.id = (serial << UInt64(Self.slotBits)) | UInt64(slot)
        slots[slot] = s
    }

    /// The bytes the slots take to grow for `n` more sections (free slots
    /// are used first): their new storage, or 0 when they have room. O(1).
    func growth(adding n: Int) -> Int {
        MemoryNeed.arrayGrowth(count: slots.count, capacity: slots.capacity, adding: max(0, n - free.count),
                               elementBytes: MemoryLayout<Section?>.stride)
    }

    /// Retires `s`'s id for good. O(1).
    mutating func unregister(_ s: Section) {
        let slot = Int(s.id & Self.slotMask)
        guard slot < slots.count, slots[slot] === s else { return }
        slots[slot] = nil
        free.append(slot)
    }

    /// `section(id)`, unretained: for a caller that holds it only while
    /// the table does (`Table.withSection`). O(1).
    func sectionRef(_ id: SectionID) -> Unmanaged<Section>? {
        let slot = Int(truncatingIfNeeded: id & Self.slotMask)
        return slots.withUnsafeBufferPointer { slots -> Unmanaged<Section>? in
            guard slot < slots.count, let s = slots[slot].map(Unmanaged.passUnretained) else { return nil }
            return s._withUnsafeGuaranteedRef { $0.id == id } ? s : nil
        }
    }

    /// The live section with `id`, or nil. O(1).
    func section(_ id: SectionID) -> Section? { sectionRef(id)?.takeUnretainedValue() }
}
