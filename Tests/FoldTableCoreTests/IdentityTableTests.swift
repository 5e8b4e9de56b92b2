import Testing
@testable import FoldTableCore

/// `IdentityTable`, the change set's table of moving sections, against a
/// `Dictionary` given the same seeded operations: inserts, updates,
/// removals (whose probe runs move back) and lookups, through growth and
/// a reserved capacity.
@Suite struct IdentityTableTests {
    final class Key {}

    @Test(arguments: [1, 2, 3] as [UInt64])
    func matchesADictionary(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let keys = (0..<600).map { _ in Key() }
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        if seed == 3 { table.reserveCapacity(500) }
        for step in 0..<30_000 {
            let id = ObjectIdentifier(keys[Int.random(in: 0..<keys.count, using: &rng)])
            switch Int.random(in: 0..<5, using: &rng) {
            case 0, 1:
                table[id] = step
                model[id] = step
            case 2:
                #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id))
            case 3:
                table[id] = nil
                model[id] = nil
            default:
                #expect(table[id] == model[id])
            }
            if step % 1_000 == 999 {
                #expect(table.count == model.count)
                #expect(table.isEmpty == model.isEmpty)
                for k in keys {
                    let id = ObjectIdentifier(k)
                    #expect(table[id] == model[id], "step \(step)")
                }
            }
        }
        // Emptied one by one, in the model's order.
        for id in Array(model.keys) { #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id)) }
        #expect(table.isEmpty)
        #expect(keys.allSatisfy { table[ObjectIdentifier($0)] == nil })
    }

    @Test func optionalChainingEditsInPlace() {
        let a = Key(), b = Key()
        var table = IdentityTable<(count: Int, changed: Bool)>()
        table[ObjectIdentifier(a)] = (3, false)
        table[ObjectIdentifier(a)]?.changed = true
        table[ObjectIdentifier(b)]?.changed = true  // absent: stays absent
        #expect(table[ObjectIdentifier(a)]?.count == 3)
        #expect(table[ObjectIdentifier(a)]?.changed == true)
        #expect(table[ObjectIdentifier(b)] == nil)
        #expect(table.count == 1)
    }
}
