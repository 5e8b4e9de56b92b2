import Testing
@testable import FoldTableCore

/// The callback rule (foldtable.h "Callbacks"): once a listener is removed or
/// a provider replaced, it is never called again, even later in the round
/// that removed it; a listener added during a round is first called in the
/// next one; removeAllCallbacks (a table freed inside its own callback)
/// silences everything at once.
@Suite struct CallbackLifetimeTests {
    /// "a" (3 rows), "b" (2 rows); header 28, row 44.
    private func table() throws -> Table {
        try makeTable([.section("a", rows: 3), .section("b", rows: 2)])
    }

    @Test func sectionListenerRemovedByAnEarlierOne() throws {
        let t = try table()
        var calls: [String] = []
        var victim = 0
        t.onSection { key, event in
            calls.append("first \(key) \(event)")
            if victim != 0 { #expect(t.removeListener(victim)); victim = 0 }
            return true
        }
        victim = t.onSection { _, event in calls.append("second \(event)"); return true }
        t.onSection { _, event in calls.append("third \(event)"); return true }
        #expect(try t.setCollapsed(true, section: "a"))
        #expect(calls == ["first a willCollapse", "third willCollapse",
                          "first a didCollapse", "third didCollapse"])
        #expect(t.itemCount == 4)
    }

    @Test func changeListenerRemovedByAnEarlierOne() throws {
        let t = try table()
        var calls: [String] = []
        var victim = 0
        t.onChange { set in
            calls.append("first \(set.changes.map { [$0.position, $0.removed, $0.added] })")
            if victim != 0 { #expect(t.removeListener(victim)); victim = 0 }
        }
        victim = t.onChange { _ in calls.append("second") }
        try t.setCollapsed(true, section: "b")
        try t.setCollapsed(false, section: "b")
        #expect(calls == ["first [[5, 2, 0]]", "first [[5, 0, 2]]"])
    }

    @Test func rowListenerRemovesItself() throws {
        let t = try table()
        try t.setExpandedHeight(100, section: "a", row: 1)
        var calls: [String] = []
        var me = 0
        me = t.onRow { ref, event in
            calls.append("once \(ref.section) \(ref.row) \(event)")
            #expect(t.removeListener(me))
            return true
        }
        t.onRow { _, event in calls.append("stays \(event)"); return true }
        #expect(try t.setRowExpanded(true, section: "a", row: 1))
        #expect(calls == ["once a 1 willExpand", "stays willExpand", "stays didExpand"])
        #expect(t.contentHeight == 28 * 2 + 44 * 4 + 100)
    }

    @Test func refusingWillListenerStopsTheRound() throws {
        let t = try table()
        var calls: [String] = []
        t.onSection { _, event in calls.append("refuses \(event)"); return false }
        t.onSection { _, event in calls.append("never \(event)"); return true }
        #expect(try t.setCollapsed(true, section: "a") == false)
        #expect(calls == ["refuses willCollapse"])
        #expect(t.itemCount == 7)
    }

    @Test func listenerAddedDuringARoundWaitsForTheNext() throws {
        let t = try table()
        var calls: [String] = []
        var added = false
        t.onSection { _, event in
            calls.append("adder \(event)")
            if !added {
                added = true
                t.onSection { _, event in calls.append("late \(event)"); return true }
            }
            return true
        }
        try t.setCollapsed(true, section: "a")
        #expect(calls == ["adder willCollapse", "adder didCollapse", "late didCollapse"])
    }

    @Test func providerReplacesItselfDuringMeasure() throws {
        let t = try table()
        var asked: [String] = []
        t.setHeightProvider { key, row in
            asked.append("old \(key) \(row)")
            t.setHeightProvider { key, row in asked.append("new \(key) \(row)"); return 20 }
            return 10
        }
        #expect(try t.measure(offset: 0, height: 1000) == 5)
        #expect(asked == ["old a 0", "new a 1", "new a 2", "new b 0", "new b 1"])
        #expect(try t.rowHeight(section: "a", row: 0) == 10)
        #expect(try t.rowHeight(section: "b", row: 1) == 20)
    }

    @Test func providerRemovesItselfDuringMeasure() throws {
        let t = try table()
        var asked = 0
        t.setHeightProvider { _, _ in
            asked += 1
            t.setHeightProvider(nil)
            return 10
        }
        #expect(try t.measure(offset: 0, height: 1000) == 1)
        #expect(asked == 1)
        #expect(try t.rowHeight(section: "a", row: 1) == 44)
        #expect(try t.measure(offset: 0, height: 1000) == 0)
    }

    @Test func headerProviderRemovesTheRowProvider() throws {
        let t = try table()
        var asked: [String] = []
        t.setHeightProvider { key, row in asked.append("row \(key) \(row)"); return 10 }
        t.setHeaderHeightProvider { key in
            asked.append("header \(key)")
            t.setHeightProvider(nil)
            return 30
        }
        #expect(try t.measure(offset: 0, height: 1000) == 2)
        #expect(asked == ["header a", "header b"])
        #expect(t.contentHeight == 30 * 2 + 44 * 5)
    }

    @Test func removeAllCallbacksSilencesTheRestOfTheRound() throws {
        let t = try table()
        var calls: [String] = []
        t.onSection { _, event in
            calls.append("first \(event)")
            t.removeAllCallbacks()
            return true
        }
        t.onSection { _, event in calls.append("second \(event)"); return true }
        t.onChange { _ in calls.append("change") }
        #expect(try t.setCollapsed(true, section: "a"))
        #expect(calls == ["first willCollapse"])
        #expect(t.itemCount == 4)
    }
}
