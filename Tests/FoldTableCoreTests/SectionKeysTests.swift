import Testing
@testable import FoldTableCore

/// `SectionKeys`, the table's sections by key, against a `Dictionary` given
/// the same seeded operations: sections put in and replaced, keys removed
/// (whose probe runs move back) and looked up, through growth, with and
/// without the hash bits kept in the slots.
@Suite struct SectionKeysTests {
    private func section(_ key: String) -> Section {
        Section(key: key, header: key, headerHeight: 28, footerHeight: 0, rowHeight: 44, collapsed: false)
    }

    @Test(arguments: [(1, false), (2, false), (3, true)] as [(UInt64, Bool)])
    func matchesADictionary(seed: UInt64, untagged: Bool) {
        var rng = SeededRandom(seed: seed)
        // Short keys (kept inside the String) and long ones (allocated).
        let keys = (0..<700).map { $0 % 3 == 0 ? "a section key longer than fifteen bytes \($0)" : "k\($0)" }
        var table = SectionKeys()
        var model: [String: Section] = [:]
        // The table holds no reference: every section made stays alive here.
        var alive: [Section] = []
        for step in 0..<30_000 {
            if untagged && step == 2_000 { table.stopTagging() }
            let key = keys[Int.random(in: 0..<keys.count, using: &rng)]
            switch Int.random(in: 0..<5, using: &rng) {
            case 0, 1:
                let s = section(key)
                alive.append(s)
                // Both ways in: the subscript, and a hash computed once (insertSection's).
                if step % 2 == 0 { table[key] = s } else { table.put(s, hash: SectionKeys.hash(key)) }
                model[key] = s
            case 2, 3:
                table[key] = nil
                model[key] = nil
            default:
                #expect(table[key] === model[key])
                #expect(table[key, hash: SectionKeys.hash(key)] === model[key])
            }
            if step % 1_000 == 999 {
                #expect(table.count == model.count)
                #expect(table.capacity >= table.count)
                for k in keys { #expect(table[k] === model[k], "step \(step), key \(k)") }
            }
        }
        // Emptied one by one, in the model's order.
        for k in Array(model.keys) {
            table[k] = nil
            model[k] = nil
            #expect(table.count == model.count)
        }
        #expect(keys.allSatisfy { table[$0] == nil })
        #expect(alive.count > 10_000)
    }

    /// Room for three quarters of a power of two of slots, as
    /// `MemoryNeed.hashGrowth` (the memory check before a snapshot) counts it.
    @Test func growsAsTheMemoryCheckCounts() {
        var table = SectionKeys()
        var alive: [Section] = []
        #expect(table.capacity == 0)
        for i in 0..<100 {
            let before = table.capacity
            let s = section("s\(i)")
            alive.append(s)
            let grows = MemoryNeed.hashGrowth(count: table.count, capacity: before, adding: 1, bucketBytes: 8)
            table[s.key] = s
            #expect(grows == (table.capacity == before ? 0 : table.capacity / 3 * 4 * 8), "section \(i)")
        }
        #expect(table.capacity == 192)
        #expect(alive.allSatisfy { table[$0.key] === $0 })
    }

    /// Room made ahead (a snapshot's new sections): the sections held stay
    /// found, the new ones fit without growing, and it never shrinks.
    @Test func reservesRoomAhead() {
        var table = SectionKeys()
        var alive = (0..<50).map { section("s\($0)") }
        for s in alive { table[s.key] = s }
        table.reserveCapacity(1_000)
        #expect(table.capacity == 1_536)
        #expect(alive.allSatisfy { table[$0.key] === $0 })
        for i in 50..<1_000 {
            let s = section("s\(i)")
            alive.append(s)
            table.put(s, hash: SectionKeys.hash(s.key))
        }
        #expect(table.capacity == 1_536)
        #expect(table.count == 1_000)
        table.reserveCapacity(10)
        #expect(table.capacity == 1_536)
        #expect(alive.allSatisfy { table[$0.key] === $0 })
    }
}
