import Testing
@testable import FoldTableCore

/// Nested sticky headers stack the way CSS `position: sticky` headers do: a
/// subsection's header sticks as soon as its top reaches the bottom of the
/// headers stuck above it, and is pushed up by whatever follows its section.
@Suite struct StickyStackTests {
    /// P ▸ {C (3 rows)}, then Q (1 row). Headers 28, rows 44: P 0, C 28,
    /// C's rows 56..188, Q 188.
    private func stack() throws -> Table {
        try makeTable([.section("P", children: [.section("C", rows: 3)]), .section("Q", rows: 1)])
    }

    /// Sports ▸ Bat ▸ {Baseball (2 rows) at 56, Cricket (1 row) at 172},
    /// one row of Sports at 244, then Music at 288 (NestedTests' table).
    private func sports() throws -> Table {
        try makeTable([.section("Sports", children: [.section("Bat", children: [.section("Baseball", rows: 2),
                                                                                  .section("Cricket", rows: 1)]),
                                                    .rows(1)]),
                       .section("Music", rows: 1)])
    }

    private func sticky(_ t: Table, _ y: Double) throws -> [String] {
        try t.stickyHeaders(offset: y).map { "\($0.key)@\($0.top)" }
    }

    @Test func aChildSticksAtItsParentsBottomMidScroll() throws {
        let t = try sports()
        // The item at 120 is a row of Baseball (ends 172): Cricket's header
        // (natural 172) is under Bat's (148..176), so it sticks at 176.
        #expect(try sticky(t, 120) == ["Sports@120.0", "Bat@148.0", "Cricket@176.0"])
        let headers = try t.stickyHeaders(offset: 120)
        #expect(headers.map(\.position) == [0, 1, 5])
        #expect(headers.map(\.depth) == [0, 1, 2])
        #expect(headers.map(\.height) == [28, 28, 28])
        // One point earlier Cricket is not under the stack yet: in its place.
        #expect(try sticky(t, 115) == ["Sports@115.0", "Bat@143.0", "Baseball@144.0"])
        #expect(try sticky(t, 116) == ["Sports@116.0", "Bat@144.0", "Cricket@172.0"])
    }

    @Test func aChildIsPushedUpByItsNextSibling() throws {
        let t = try sports()
        #expect(try sticky(t, 86) == ["Sports@86.0", "Bat@114.0", "Baseball@142.0"])
        #expect(try sticky(t, 88) == ["Sports@88.0", "Bat@116.0", "Baseball@144.0"])  // Cricket at 172
        #expect(try sticky(t, 100) == ["Sports@100.0", "Bat@128.0", "Baseball@144.0"]) // 12 pt behind Bat
        #expect(try sticky(t, 115.5) == ["Sports@115.5", "Bat@143.5", "Baseball@144.0"])
    }

    @Test func theParentsNextSiblingPushesTheWholeStack() throws {
        let t = try stack()
        #expect(try sticky(t, 100) == ["P@100.0", "C@128.0"])
        #expect(try sticky(t, 132) == ["P@132.0", "C@160.0"])  // Q's header reaches C's bottom (188)
        #expect(try sticky(t, 140) == ["P@140.0", "C@160.0"])  // C pushed up, behind P
        #expect(try sticky(t, 159.5) == ["P@159.5", "C@160.0"])
        #expect(try sticky(t, 160) == ["P@160.0"])             // C entirely behind P
        #expect(try sticky(t, 170) == ["P@160.0"])             // P pushed up
        #expect(try sticky(t, 187.75) == ["P@160.0"])
        #expect(try sticky(t, 188) == ["Q@188.0"])
        #expect(try sticky(t, 250) == ["Q@232.0"])             // Q's end (260) pushes it
        #expect(try sticky(t, 260) == [])                      // past the content
    }

    @Test func stickyLevelsLimitsTheStack() throws {
        let t = try sports()
        t.stickyLevels = 2
        #expect(try sticky(t, 120) == ["Sports@120.0", "Bat@148.0"])
        t.stickyLevels = 1
        #expect(try sticky(t, 120) == ["Sports@120.0"])
        t.stickyLevels = 0
        #expect(try t.stickyHeaders(offset: 120).count == 3)
    }

    @Test func collapsedSubsectionsStickAsOneHeader() throws {
        let t = try sports()
        try t.setCollapsed(true, section: "Bat")
        // Sports 0, Bat 28 (collapsed, ends 56), Sports' row 56..100, Music 100.
        // Bat's section is its header alone: the row after it pushes it at once.
        #expect(try sticky(t, 0) == ["Sports@0.0", "Bat@28.0"])
        #expect(try sticky(t, 10) == ["Sports@10.0", "Bat@28.0"])
        #expect(try sticky(t, 27.5) == ["Sports@27.5", "Bat@28.0"])
        #expect(try sticky(t, 28) == ["Sports@28.0"])
    }

    @Test func stickyTopsAreTheExactItemTops() throws {
        var o = TableOptions()
        o.headerHeight = 17.7
        o.rowHeight = 1.0 / 3
        let t = try Table(options: o)
        try t.appendSection(key: "A", rows: 7)
        try t.insertSection(in: "A", at: 7, key: "B", rows: 5)
        // Above the content every header is in its natural place, which is
        // the item's top bit for bit.
        let headers = try t.stickyHeaders(offset: -1)
        #expect(headers.map(\.key) == ["A"])
        #expect(headers[0].top == (try t.itemTop(at: 0)))
        let b = try t.headerPosition(section: .key("B"))
        let bTop = try t.itemTop(at: b)
        // The offset that puts B's top at A's bottom makes B stick there.
        let y = bTop - 17.69921875
        let stuck = try t.stickyHeaders(offset: y)
        #expect(stuck.map(\.key) == ["A", "B"])
        #expect(stuck[1].top == bTop)
        #expect(stuck[1].position == b)
    }
}
