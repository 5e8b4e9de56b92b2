import Testing
@testable import FoldTableCore

/// The saved-state reader's strictness (RFC 8259 numbers, duplicate names,
/// byte offsets in messages, the size limit), the import report, and the
/// change set an import delivers.
@Suite struct SavedStateStrictTests {
    private func products() throws -> Table {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2), .section("iPhone", rows: 4)])
        try t.setExpandedHeight(100, rows: [("Mac", 2), ("iPhone", 1), ("iPhone", 3)])
        return t
    }

    private func refused(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let t = try products()
        try t.setRowExpanded(true, section: "Mac", row: 2)
        let before = t.exportState()
        #expect(throws: FoldError(.invalidArgument, message), sourceLocation: sourceLocation) { try t.importState(text) }
        #expect(t.exportState() == before, "a refused state changed the table", sourceLocation: sourceLocation)
    }

    @Test func numbersFollowRFC8259() throws {
        try refused(#"{"version": 01}"#, "saved state: at byte 13: expected '.', 'e' or the end of the number after a leading 0 (numbers have no leading zeros)")
        try refused(#"{"x": 1.}"#, "saved state: at byte 8: expected a digit after the decimal point")
        try refused(#"{"x": .1e1}"#, "saved state: at byte 6: expected a value (an object, array, string, number, true, false or null)")
        try refused(#"{"x": -}"#, "saved state: at byte 7: expected a digit after '-'")
        try refused(#"{"x": 1e}"#, "saved state: at byte 8: expected a digit in the number's exponent")
        try refused(#"{"x": +1}"#, "saved state: at byte 6: expected a value (an object, array, string, number, true, false or null)")
        try refused(#"{"x": 1e400}"#, "saved state: at byte 6: the number 1e400 is out of range (a double's magnitude is at most about 1.8e308)")
        try refused(#"{"x": -1e400}"#, "saved state: at byte 6: the number -1e400 is out of range (a double's magnitude is at most about 1.8e308)")
        try refused(#"{"anchor": {"section": "Mac", "kind": "header", "offset": 2e999}}"#,
                    "saved state: at byte 58: the number 2e999 is out of range (a double's magnitude is at most about 1.8e308)")
        // What the grammar allows is read, in known and unknown members alike.
        let t = try products()
        #expect(throws: Never.self) {
            try t.importState(#"{"version": 1.0e0, "x": [-0, 0.5, 1E+2, 2e-3, 1e-400, 123456789012345678901234567890]}"#)
        }
        try refused(#"{"version": 2}"#, "saved state: at byte 12: expected 1 as \"version\"")
    }

    @Test func duplicateNamesAreRefused() throws {
        try refused(#"{"collapsed": {"Mac": true, "iPad": true, "Mac": false}}"#,
                    "saved state: at byte 42: duplicate member name \"Mac\" in an object")
        // Escapes name the same string.
        try refused(#"{"collapsed": {"Mac": true, "M\u0061c": true}}"#,
                    "saved state: at byte 28: duplicate member name \"Mac\" in an object")
        try refused(#"{"version": 1, "version": 1}"#, "saved state: at byte 15: duplicate member name \"version\" in an object")
        try refused(#"{"expanded": [{"section": "Mac", "row": 2, "row": 2}]}"#,
                    "saved state: at byte 43: duplicate member name \"row\" in an object")
        try refused(#"{"future": {"a": 1, "b": {"c": 1, "c": 2}}}"#,
                    "saved state: at byte 34: duplicate member name \"c\" in an object")
        // A big map goes through the hash table: the duplicate is found there too.
        let keys = (0..<100).map { "\"k\($0)\": true" }.joined(separator: ", ")
        let text = "{\"collapsed\": {\(keys), \"k57\": false}}"
        try refused(text, "saved state: at byte \(text.utf8.count - 14): duplicate member name \"k57\" in an object")
        // An unknown object with many members too.
        let members = (0..<40).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
        let unknown = "{\"future\": {\(members), \"m3\": 0}}"
        try refused(unknown, "saved state: at byte \(unknown.utf8.count - 9): duplicate member name \"m3\" in an object")
    }

    @Test func everyMessageNamesTheOffsetAndWhatWasExpected() throws {
        try refused("", "saved state: at byte 0: expected '{': saved state is a JSON object, and the text is empty")
        try refused("[]", "saved state: at byte 0: expected '{': saved state is a JSON object")
        try refused(#"{"collapsed": {"Mac": true"#, "saved state: at byte 26: expected ',' or '}' after an object member")
        try refused(#"{"collapsed": {"Mac": true "iPad": true}}"#, "saved state: at byte 27: expected ',' or '}' after an object member")
        try refused(#"{"collapsed": {"Mac": true,}}"#, "saved state: at byte 27: expected '\"' (a member name) after ','")
        try refused(#"{"collapsed" {}}"#, "saved state: at byte 13: expected ':' after an object member's name")
        try refused(#"{"collapsed": {"Mac": 1}}"#, "saved state: at byte 22: expected true or false as the value of \"Mac\" in \"collapsed\"")
        try refused(#"{"collapsed": []}"#, "saved state: at byte 14: expected '{' or null: \"collapsed\" is an object of key: true/false")
        try refused(#"{"expanded": [1]}"#, "saved state: at byte 14: expected '{': each expanded row is an object {\"section\": key, \"row\": index}")
        try refused(#"{"expanded": [{"section": "Mac"}]}"#,
                    "saved state: at byte 14: expected \"section\" (a string) and \"row\" (a whole number) in each expanded row")
        try refused(#"{"expanded": [{"section": "Mac", "row": 1.5}]}"#,
                    "saved state: at byte 40: expected a whole number >= 0 (below 2^53) as an expanded row's \"row\"")
        try refused(#"{"expanded": [{"section": "Mac", "row": -1}]}"#,
                    "saved state: at byte 40: expected a whole number >= 0 (below 2^53) as an expanded row's \"row\"")
        try refused(#"{"expanded": [{"section": "Mac", "row": 0}] ]"#, "saved state: at byte 44: expected ',' or '}' after an object member")
        try refused(#"{"expanded": [{"section": "Mac", "row": 0} {}]}"#, "saved state: at byte 43: expected ',' or ']' after an array element")
        try refused(#"{"anchor": {"section": "Mac", "kind": "side", "offset": 0}}"#,
                    "saved state: at byte 38: expected \"header\", \"row\" or \"footer\" as the anchor's \"kind\"")
        try refused(#"{"anchor": {"section": "Mac", "kind": "row", "offset": 0}}"#,
                    "saved state: at byte 11: expected a \"row\" whole number in an anchor of kind \"row\"")
        try refused(#"{"collapsed": {"Mac": true}} x"#, "saved state: at byte 29: expected the end of the text after the JSON object")
        try refused(#"{"a": "\ud800"}"#, "saved state: at byte 13: expected '\\u' and a low surrogate after a high surrogate escape")
        try refused(#"{"a": "\udc00"}"#, "saved state: at byte 7: expected a high surrogate before a low surrogate escape")
        try refused("{\"a\": \"\u{1}\"}", "saved state: at byte 7: expected a character, found control character 0x1 in a string (write it as an escape)")
        try refused(#"{"a": "\q"}"#, "saved state: at byte 8: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits) after '\\'")
        try refused(#"{"a": "abc"#, "saved state: at byte 10: expected '\"' to end the string, found the end of the text")
        try refused(#"{"a": tru}"#, "saved state: at byte 6: expected a value (an object, array, string, number, true, false or null)")
        try refused(#"{"a": "#, "saved state: at byte 6: expected a value, found the end of the text")
        try refused("{\"a\": " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}",
                    "saved state: at byte 69: expected at most 64 levels of nesting")
    }

    @Test func invalidUTF8IsRefusedWhereItIs() throws {
        let t = try products()
        func bytes(_ b: [UInt8]) throws -> ImportReport { try b.withUnsafeBufferPointer { try t.importState(utf8: $0) } }
        #expect(throws: FoldError(.invalidArgument, "saved state: at byte 8: expected valid UTF-8 in a string (byte 0xff cannot start a character)")) {
            try bytes(Array(#"{"a": "x"#.utf8) + [0xFF] + Array(#""}"#.utf8))
        }
        // An overlong form and an encoded surrogate.
        #expect(throws: FoldError(.invalidArgument, "saved state: at byte 7: expected valid UTF-8 in a string (byte 0xc0 cannot start a character)")) {
            try bytes(Array(#"{"a": ""#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8))
        }
        #expect(throws: FoldError(.invalidArgument, "saved state: at byte 8: expected valid UTF-8 in a string (byte 0xa0 cannot continue a character)")) {
            try bytes(Array(#"{"a": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8))
        }
        // Outside a string, any byte above 0x7F is a syntax error.
        #expect(throws: FoldError(.invalidArgument, "saved state: at byte 0: expected '{': saved state is a JSON object")) {
            try bytes([0xFF])
        }
        // Well-formed multi-byte keys are read.
        try t.appendSection(key: "été 🍎", rows: 1)
        let r = try t.importState(#"{"collapsed": {"été 🍎": true}}"#)
        #expect(r.sections == 1)
        #expect(try t.isCollapsed(section: "été 🍎"))
    }

    @Test func aTextOverTheLimitIsRefusedWithItsSize() throws {
        let t = try products()
        let text = Array(#"{"collapsed": {"Mac": true}}"#.utf8)
        #expect(throws: FoldError(.invalidArgument, "saved state: the text has 28 bytes; at most 27 (FOLD_MAX_STATE_BYTES) are read")) {
            try text.withUnsafeBufferPointer { try t.importState(utf8: $0, maxBytes: 27) }
        }
        #expect(try !t.isCollapsed(section: "Mac"))
        let r = try text.withUnsafeBufferPointer { try t.importState(utf8: $0, maxBytes: 28) }
        #expect(r.sections == 1)
        #expect(Table.maxSavedStateBytes == 1 << 30)
    }

    // MARK: The report counts what is in effect

    @Test func aRowListedTwiceCountsOnce() throws {
        let t = try products()
        let r = try t.importState("""
            {"expanded": [{"section": "Mac", "row": 2}, {"section": "Mac", "row": 2}, {"section": "Nope", "row": 0},
                          {"section": "Mac", "row": 0}, {"section": "iPhone", "row": 9}, {"section": "iPhone", "row": 1}]}
            """)
        #expect(r.rows == 2)
        #expect(r.unknownRows == 3)  // Nope, Mac row 0 (not expandable), iPhone row 9
        #expect(t.expandedRows() == [RowRef(section: "Mac", row: 2), RowRef(section: "iPhone", row: 1)])
    }

    @Test func theAccordionKeepsOneAndTheReportSaysSo() throws {
        let t = try products()
        t.accordion = .single
        var events: [String] = []
        t.onRow { ref, e in events.append("\(ref.section) \(ref.row) \(e)"); return true }
        let r = try t.importState(#"{"expanded": [{"section": "Mac", "row": 2}, {"section": "iPhone", "row": 1}]}"#)
        #expect(t.expandedRows() == [RowRef(section: "iPhone", row: 1)])
        #expect(r.rows == 1)
        #expect(r.unknownRows == 1)
        #expect(events.count == 6)  // Mac expands, then collapses for iPhone

        let p = try products()
        p.accordion = .singlePerSection
        let q = try p.importState("""
            {"expanded": [{"section": "iPhone", "row": 1}, {"section": "Mac", "row": 2}, {"section": "iPhone", "row": 3}]}
            """)
        #expect(p.expandedRows() == [RowRef(section: "Mac", row: 2), RowRef(section: "iPhone", row: 3)])
        #expect(q.rows == 2)
        #expect(q.unknownRows == 1)
    }

    @Test func aRefusedChangeIsNotCounted() throws {
        let t = try products()
        t.onSection { key, event in !(key == "iPad" && event == .willCollapse) }
        let r = try t.importState(#"{"collapsed": {"Mac": true, "iPad": true, "iPhone": false, "Watch": true}}"#)
        #expect(r.sections == 2)  // Mac applied, iPhone already as saved; iPad refused
        #expect(r.unknownSections == 1)
        #expect(try t.isCollapsed(section: "Mac"))
        #expect(try !t.isCollapsed(section: "iPad"))
    }

    // MARK: Listeners see the final state

    @Test func theChangeSetCarriesTheRestoredAnchor() throws {
        let t = try products()  // headers of 28, rows of 44
        try t.setViewport(Viewport(offset: 100, height: 50))
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        let r = try t.importState("""
            {"collapsed": {"Mac": true}, "anchor": {"section": "iPhone", "kind": "row", "row": 2, "offset": 5}}
            """)
        #expect(r.anchorRestored)
        // Mac collapsed: iPad's header at 28, its rows at 56 and 100, iPhone's
        // header at 144, its rows at 172, 216, 260: row 2 at 260, plus 5.
        #expect(t.viewport?.offset == 265)
        #expect(sets.count == 1)
        #expect(sets.first?.anchoredOffset == 265)
        #expect(sets.first?.changes == [FlatChange(position: 1, removed: 3, added: 0)])
        #expect(sets.first?.redraw == [0..<1])
    }

    @Test func anAnchorAloneIsNotified() throws {
        let t = try products()
        try t.setViewport(Viewport(offset: 0, height: 100))
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        let text = #"{"anchor": {"section": "iPad", "kind": "header", "offset": 10}}"#
        #expect(try t.importState(text).anchorRestored)
        #expect(t.viewport?.offset == 170)  // iPad's header: 28 + 3 * 44 = 160, plus 10
        #expect(sets.count == 1)
        #expect(sets.first?.changes == [])
        #expect(sets.first?.redraw == [])
        #expect(sets.first?.contentHeightDelta == 0)
        #expect(sets.first?.anchoredOffset == 170)
        // The same anchor again moves nothing and tells nothing.
        #expect(try t.importState(text).anchorRestored)
        #expect(sets.count == 1)
    }

    /// Saved collapses are one batch and saved expansions another: each asks
    /// every "will" before changing anything; a refused section is not counted.
    @Test func importAsksEveryVetoOfABatchFirst() throws {
        let t = try products()
        try t.setCollapsed(true, section: "iPad")
        var events: [String] = []
        t.onSection { key, event in
            events.append("\(event) \(key)")
            return !(key == "iPhone" && event == .willCollapse)
        }
        var sets = 0
        t.onChange { _ in sets += 1 }
        let report = try t.importState(#"{"version": 1, "collapsed": {"Mac": true, "iPad": false, "iPhone": true}}"#)
        #expect(events == ["willCollapse Mac", "willCollapse iPhone", "didCollapse Mac",
                           "willExpand iPad", "didExpand iPad"])
        #expect(report.sections == 2)
        #expect(sets == 1)
        #expect(try t.isCollapsed(section: "Mac") && !t.isCollapsed(section: "iPad") && !t.isCollapsed(section: "iPhone"))
    }
}

/// The change set's redraw ranges against a model of positions, under
/// steps and redraws in random order.
@Suite struct ChangeSetRangeTests {
    /// Positions to redraw, as a sorted set, moved by each step.
    private static func ranges(_ positions: Set<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for p in positions.sorted() {
            if let last = out.last, last.upperBound == p { out[out.count - 1] = last.lowerBound..<(p + 1) } else { out.append(p..<(p + 1)) }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomStepsMatchTheModel(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var set = ChangeSet()
        var model = Set<Int>()
        var count = 200
        for step in 0..<400 {
            if rng.below(2) == 0 {
                let p = rng.below(count + 1), n = min(count - p, rng.below(12))
                guard n > 0 else { continue }
                set.redraw(p..<(p + n))
                model.formUnion(p..<(p + n))
            } else {
                let p = rng.below(count + 1)
                let removed = min(count - p, rng.below(3) == 0 ? 0 : rng.below(20))
                let added = rng.below(3) == 0 ? 0 : rng.below(20)
                set.replace(at: p, removed: removed, added: added)
                model = Set(model.compactMap { q in
                    q < p ? q : q < p + removed ? nil : q - removed + added
                })
                count += added - removed
            }
            #expect(set.redraw == Self.ranges(model), "seed \(seed) step \(step)")
            if set.redraw != Self.ranges(model) { return }
        }
    }

    @Test func bottomToTopStepsGiveTheSameSetAsTopToBottom() {
        // Collapse every other section of 1000 (header + 3 rows each) in both orders.
        var forward = ChangeSet(), backward = ChangeSet()
        for k in 0..<500 {
            let header = 2 * k * 4 - 3 * k  // earlier collapsed sections lost 3 rows each
            forward.replace(at: header + 1, removed: 3, added: 0)
            forward.redraw(header..<(header + 1))
        }
        for k in (0..<500).reversed() {
            let header = 2 * k * 4
            backward.replace(at: header + 1, removed: 3, added: 0)
            backward.redraw(header..<(header + 1))
        }
        #expect(forward.redraw == backward.redraw)
        #expect(forward.redraw.count == 500)
        #expect(forward.redraw.first == 0..<1)
        #expect(forward.redraw.last == 2495..<2496)
    }

    @Test func touchingRangesAreCoalesced() {
        var set = ChangeSet()
        set.redraw(0..<2)
        set.redraw(5..<7)
        set.replace(at: 2, removed: 3, added: 0)
        #expect(set.redraw == [0..<4])
        set.redraw(4..<5)
        #expect(set.redraw == [0..<5])
        set.replace(at: 1, removed: 0, added: 2)
        #expect(set.redraw == [0..<1, 3..<7])
    }
}
