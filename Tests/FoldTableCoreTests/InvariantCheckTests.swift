import Testing
@testable import FoldTableCore

/// The structure checks compiled in for `swift test`
/// (FOLDTABLE_INTERNAL_CHECKS, Table+Invariants.swift): every mutation of
/// every other test ends with one, so a broken tree stops the run there.
@Suite struct InvariantCheckTests {
    @Test func checksAreCompiledIntoTestBuilds() {
        #expect(Table.checksInvariants)
    }

    @Test func theCheckSeesBrokenMaps() throws {
        let table = try Table()
        try table.appendSection(key: "a", rows: 3)
        #expect(table.invariantViolations() == [])
        table.sectionsByKey["a"] = nil
        #expect(table.invariantViolations() == ["section a: not found by its key", "1 sections in the tree, 0 keys"])
        table.sectionsByKey["a"] = try table.section(.index(0))
        #expect(table.invariantViolations() == [])
    }

    @Test func theCheckSeesAStaleRootRecord() throws {
        let table = try Table()
        try table.appendSection(key: "a", rows: 3)
        let a = try table.section("a")
        let kept = a.rootRecord
        a.rootRecord = 0
        #expect(table.invariantViolations() == ["a: the section's record of its root's totals is stale"])
        a.rootRecord = kept
        #expect(table.invariantViolations() == [])
    }
}
