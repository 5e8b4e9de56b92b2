import Testing
@testable import FoldTableCore

// Type-ahead (foldtable.h, "Type-ahead"). The fixture's items:
//   0 "Apple|fruit"  1-2 its rows   3 "  banana"  4 its row   5 "Straße"
//   6 "ÉCOLE"        7 "apricot"    8 its row     9 "ΟΔΟΣ"
private func fixture() throws -> Table {
    try makeTable([.section("a", header: "Apple|fruit", rows: 2), .section("b", header: "  banana", rows: 1),
                   .section("s", header: "Straße"), .section("e", header: "ÉCOLE"),
                   .section("p", header: "apricot", rows: 1), .section("o", header: "ΟΔΟΣ")])
}

private func code(_ body: () throws -> Any) -> FoldError.Code? {
    do { _ = try body(); return nil } catch let e as FoldError { return e.code } catch { return .internalError }
}

@Suite struct TypeAheadTests {
    @Test func forwardWrapsRound() throws {
        let t = try fixture()
        #expect(try t.findText(prefix: "a", start: -1) == 0)
        #expect(try t.findText(prefix: "a", start: 0) == 7)
        #expect(try t.findText(prefix: "A", start: 7) == 0)  // round past the end
        #expect(try t.findText(prefix: "ap", start: 3) == 7)
        // From a row: the next header after it.
        #expect(try t.findText(prefix: "a", start: 1) == 7)
    }

    @Test func includeStartKeepsTheItem() throws {
        let t = try fixture()
        #expect(try t.findText(prefix: "ap", start: 0, flags: .includeStart) == 0)
        #expect(try t.findText(prefix: "app", start: 0, flags: .includeStart) == 0)
        #expect(try t.findText(prefix: "apr", start: 0, flags: .includeStart) == 7)
        // Without it the start comes last: the only match is found again.
        #expect(try t.findText(prefix: "app", start: 0) == 0)
    }

    @Test func backward() throws {
        let t = try fixture()
        #expect(try t.findText(prefix: "a", start: -1, flags: .backward) == 7)
        #expect(try t.findText(prefix: "a", start: 7, flags: .backward) == 0)
        #expect(try t.findText(prefix: "a", start: 0, flags: .backward) == 7)  // round past the top
        #expect(try t.findText(prefix: "a", start: 8, flags: .backward) == 7)
        #expect(try t.findText(prefix: "a", start: 7, flags: [.backward, .includeStart]) == 7)
        #expect(try t.findText(prefix: "ÉC", start: 9, flags: [.backward, .includeStart]) == 6)
    }

    @Test func caseFoldingAndSpaces() throws {
        let t = try fixture()
        #expect(try t.findText(prefix: "STRASSE", start: -1) == 5)
        #expect(try t.findText(prefix: "strass", start: -1) == 5)
        #expect(try t.findText(prefix: "straß", start: -1) == 5)
        #expect(try t.findText(prefix: "é", start: -1) == 6)
        #expect(try t.findText(prefix: "école", start: -1) == 6)
        #expect(try t.findText(prefix: "οδοσ", start: -1) == 9)  // final sigma
        #expect(try t.findText(prefix: "οδος", start: -1) == 9)
        #expect(try t.findText(prefix: "ban", start: -1) == 3)  // leading spaces ignored
        // Only the title: "fruit" is the detail.
        #expect(code { try t.findText(prefix: "fruit", start: -1) } == .notFound)
        #expect(code { try t.findText(prefix: "e", start: -1) } == .notFound)  // "É" is not "E"
    }

    @Test func callbackForRows() throws {
        let t = try fixture()
        var asked: [Int] = []
        let text: (Item, Int) -> String? = { item, position in
            asked.append(position)
            return item.kind == .row ? "row \(item.row) of \(t.sectionKey(id: item.sectionID))" : nil
        }
        #expect(try t.findText(prefix: "ROW 0 OF P", start: -1, text: text) == 8)
        #expect(asked == Array(0...8))
        asked = []
        #expect(try t.findText(prefix: "row 1", start: 2, flags: .backward, text: text) == 2)
        #expect(asked.first == 1 && asked.last == 2)
        // Headers answer nil here: their titles are not used.
        #expect(code { try t.findText(prefix: "apple", start: -1, text: text) } == .notFound)
    }

    @Test func itemsThatCannotTakeFocusAreSkipped() throws {
        let t = try makeTable([.section("a", header: "x", rows: 1000), .section("b", header: "x", rows: 2,
                                                                           children: [.section("c", header: "x", rows: 2)]),
                               .section("d", header: "x", rows: 1)])
        // Items: a 0, rows 1-1000, b 1001, rows 1002-1003, c 1004, rows 1005-1006, d 1007, row 1008.
        try t.setSectionFlags(.noFocus, mask: .noFocus, section: "a")
        try t.setSectionFlags(.noFocus, mask: .noFocus, section: "b")
        var asked: [Int] = []
        let text: (Item, Int) -> String? = { _, position in asked.append(position); return "x" }
        // a's header and its thousand rows are passed in one step; b's rows too, not c's.
        #expect(try t.findText(prefix: "x", start: -1, text: text) == 1004)
        #expect(asked == [1004])
        asked = []
        #expect(try t.findText(prefix: "x", start: 1004, text: text) == 1005)
        asked = []
        #expect(try t.findText(prefix: "x", start: 1007, flags: .backward, text: text) == 1006)
        asked = []
        #expect(try t.findText(prefix: "x", start: 1004, flags: .backward, text: text) == 1008)  // round
        #expect(asked == [1008])
        // Headers only: a's and b's headers are skipped.
        #expect(try t.findText(prefix: "x", start: -1) == 1004)
        #expect(try t.findText(prefix: "x", start: 1004) == 1007)
        #expect(try t.findText(prefix: "x", start: 1007) == 1004)
        #expect(try t.findText(prefix: "x", start: 1004, flags: .backward) == 1007)
        // Kinds: without rows, the callback hears headers (and footers) only.
        t.focusState.kinds = [.headers]
        asked = []
        #expect(try t.findText(prefix: "x", start: 1004, text: text) == 1007)
        #expect(asked == [1007])
        t.focusState.kinds = [.rows]
        #expect(code { try t.findText(prefix: "x", start: -1) } == .notFound)
    }

    @Test func collapsedAndNestedHeaders() throws {
        let t = try makeTable([.section("a", header: "one", rows: 3, children: [
            .section("b", header: "two", rows: 1, children: [.section("c", header: "three")]),
        ]), .section("d", header: "two")])
        // Items: one 0, rows 1-3, two 4, row 5, three 6, two 7.
        #expect(try t.findText(prefix: "t", start: -1) == 4)
        #expect(try t.findText(prefix: "th", start: 4) == 6)
        #expect(try t.findText(prefix: "two", start: 4) == 7)
        #expect(try t.findText(prefix: "t", start: -1, flags: .backward) == 7)
        #expect(try t.findText(prefix: "t", start: 7, flags: .backward) == 6)
        #expect(try t.findText(prefix: "t", start: 6, flags: .backward) == 4)
        _ = try t.setCollapsed(true, section: "b")
        // Items: one 0, rows 1-3, two 4, two 5: "three" is hidden.
        #expect(code { try t.findText(prefix: "th", start: -1) } == .notFound)
        #expect(try t.findText(prefix: "t", start: 4) == 5)
    }

    @Test func callbackCannotChangeTheTable() throws {
        let t = try fixture()
        var status: FoldError.Code?
        let text: (Item, Int) -> String? = { _, _ in
            status = code { try t.setCollapsed(true, section: "a") }
            return "x"
        }
        #expect(try t.findText(prefix: "x", start: -1, text: text) == 0)
        #expect(status == .busy)
        #expect(try !t.isCollapsed(section: "a"))
        // After the call, changes work again.
        #expect(try t.setCollapsed(true, section: "a"))
    }

    @Test func badInput() throws {
        let t = try fixture()
        #expect(code { try t.findText(prefix: "", start: -1) } == .invalidArgument)
        #expect(code { try t.findText(prefix: "a", start: -2) } == .outOfRange)
        #expect(code { try t.findText(prefix: "a", start: 10) } == .outOfRange)
        #expect(code { try t.findText(prefix: "a", start: 0, flags: FindFlags(rawValue: 4)) } == .invalidArgument)
        let empty = try Table()
        #expect(code { try empty.findText(prefix: "a", start: -1) } == .notFound)
        #expect(code { try empty.findText(prefix: "a", start: -1, flags: .backward) } == .notFound)
    }
}

private extension Table {
    func sectionKey(id: SectionID) -> String { ids.section(id)?.key ?? "?" }
}
