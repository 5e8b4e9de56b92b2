import Testing
@testable import FoldTableCore

/// `SectionIDs` on its own: slots are reused, ids never are, and a stale or
/// foreign id finds nothing even when its slot is taken.
@Suite struct SectionIDSlotTests {
    static func section(_ key: String) -> Section {
        Section(key: key, header: key, headerHeight: 28, footerHeight: 0, rowHeight: 44, collapsed: false)
    }

    static func slot(_ s: Section) -> UInt64 { s.id & SectionIDs.slotMask }

    @Test func slotsAreReusedIdsAreNot() {
        var ids = SectionIDs()
        let a = Self.section("a"), b = Self.section("b"), c = Self.section("c")
        for s in [a, b, c] { ids.register(s) }
        #expect([a, b, c].map(Self.slot) == [0, 1, 2])
        #expect(ids.section(a.id) === a && ids.section(b.id) === b && ids.section(c.id) === c)
        // Serials grow: a later id is larger.
        #expect(a.id < b.id && b.id < c.id)

        let stale = b.id
        ids.unregister(b)
        #expect(ids.section(stale) == nil)
        let d = Self.section("d")
        ids.register(d)
        #expect(Self.slot(d) == 1)  // b's slot
        #expect(d.id != stale)
        #expect(ids.section(stale) == nil)  // the slot is taken, the id is not d's
        #expect(ids.section(d.id) === d)

        // Freed slots are reused last freed first.
        ids.unregister(a)
        ids.unregister(c)
        let e = Self.section("e"), f = Self.section("f")
        ids.register(e)
        ids.register(f)
        #expect(Self.slot(e) == 2 && Self.slot(f) == 0)
        let g = Self.section("g")
        ids.register(g)
        #expect(Self.slot(g) == 3)
    }

    @Test func unknownIdsFindNothing() {
        var ids = SectionIDs()
        let a = Self.section("a")
        ids.register(a)
        #expect(ids.section(0) == nil)  // the top level is not a section
        #expect(ids.section(a.id + 1) == nil)  // slot 1: never used
        #expect(ids.section(SectionID.max) == nil)
        // Another table's section with the same slot.
        var other = SectionIDs()
        let foreign = Self.section("a")
        other.register(foreign)
        #expect(Self.slot(foreign) == Self.slot(a))
        #expect(ids.section(foreign.id) == nil)
        #expect(other.section(a.id) == nil)
        // Unregistering what is not registered here changes nothing.
        ids.unregister(foreign)
        #expect(ids.section(a.id) === a)
        ids.unregister(a)
        ids.unregister(a)
        #expect(ids.section(a.id) == nil)
        let b = Self.section("b")
        ids.register(b)
        #expect(Self.slot(b) == 0)
        let c = Self.section("c")
        ids.register(c)
        #expect(Self.slot(c) == 1)  // slot 0 was freed once, not twice
    }
}
