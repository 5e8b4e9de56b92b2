import Testing
@testable import FoldTableCore

/// Section ids: handed out at insertion, stable while the section lives,
/// never valid again after it is removed, never valid in another table.
@Suite struct SectionIDTests {
    @Test func idsNameTheirSectionThroughMoves() throws {
        let t = try Table()
        let a = try t.insertSection(at: 0, key: "a", rows: 2)
        let b = try t.insertSection(at: 1, key: "b", rows: 1)
        let c = try t.insertSection(in: .id(b), at: 1, key: "c", rows: 3)
        #expect(Set([a, b, c]).count == 3)
        #expect(!Set([a, b, c]).contains(0))
        #expect(t.sectionID(forKey: "c") == c)
        #expect(try t.path(.id(c)) == [1, 1])
        try t.moveSection(.id(c), to: nil, at: 0)
        #expect(try t.sectionID(.index(0)) == c)
        #expect(try t.path(.id(c)) == [0])
        #expect(try t.rowCount(section: .id(c)) == 3)
        #expect(try t.item(at: 0).sectionID == c)
        #expect(try t.item(at: 1).sectionID == c)
        let info = try t.info(section: .id(a))
        #expect(info.index == 1 && info.parentID == 0 && info.rowCount == 2)
    }

    @Test func removedAndForeignIdsAreNotFound() throws {
        let t = try Table()
        let u = try Table()
        let a = try t.insertSection(at: 0, key: "a", rows: 2)
        let inner = try t.insertSection(in: .id(a), at: 0, key: "inner")
        let foreign = try u.insertSection(at: 0, key: "a")
        #expect(throws: FoldError.self) { try t.section(.id(foreign)) }
        try t.removeSection(.id(a))
        #expect(throws: FoldError.self) { try t.section(.id(a)) }
        #expect(throws: FoldError.self) { try t.section(.id(inner)) }
        // The same key again gets a new id; the old one stays dead although its slot is reused.
        let again = try t.insertSection(at: 0, key: "a")
        #expect(again != a)
        #expect(again & SectionIDs.slotMask == a & SectionIDs.slotMask || again & SectionIDs.slotMask == inner & SectionIDs.slotMask)
        #expect(throws: FoldError(.notFound, "no section has the id \(a) (it was removed, or belongs to another table)")) {
            try t.section(.id(a))
        }
        #expect(throws: FoldError(.notFound, "id 0 names the top level, not a section")) { try t.section(.id(0)) }
        #expect(try t.sectionKey(.id(again)) == "a")
    }

    @Test func removedChildrenRetireTheirIds() throws {
        let t = try Table()
        let p = try t.insertSection(at: 0, key: "p")
        let ids = try (0..<5).map { try t.insertSection(in: .id(p), at: $0, key: "s\($0)") }
        try t.removeChildren(of: .id(p), at: 1, count: 3)
        #expect(try t.childCount(.id(p)) == 2)
        for id in ids[1...3] { #expect(throws: FoldError.self) { try t.section(.id(id)) } }
        #expect(try t.sectionKey(.id(ids[0])) == "s0")
        #expect(try t.sectionKey(.id(ids[4])) == "s4")
    }
}
