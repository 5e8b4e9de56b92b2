import Testing
@testable import FoldTableCore

// Lazily loaded children (Table+Loading.swift): the placeholder's place in
// every query, the loader's calls in order with the change sets and
// events, finishing, failing, retrying, and every way a load is cancelled.

/// a (2 rows), u (unloaded), b (1 row); header 28, row 44.
/// Items: a 0, rows 1-2; u 3; b 4, row 5. Content 216.
private func abu() throws -> Table {
    try makeTable([.section("a", rows: 2), .section("u", flags: [.unloaded]), .section("b", rows: 1)])
}

/// Everything the table says, in order, as text: change sets, section
/// events and loader calls.
private final class Journal {
    var lines: [String] = []
    /// What the loader does on START (nil: only records).
    var onStart: ((Table, LoadCall) -> Void)?

    init(_ t: Table) {
        t.onChange { [unowned self] set in
            let changes = set.changes.map { "c\($0.position)-\($0.removed)+\($0.added)" }
            let redraw = set.redraw.map { "r\($0.lowerBound)/\($0.count)" }
            lines.append("set(" + (changes + redraw).joined(separator: " ") + ")")
        }
        t.onSection { [unowned self] key, event in
            lines.append("\(["will-collapse", "did-collapse", "will-expand", "did-expand"][Int(event.rawValue)]) \(key)")
            return true
        }
        t.setLoader { [unowned self, unowned t] call in
            lines.append("\(call.event == .start ? "start" : "cancel") \(call.key) #\(call.ticket)")
            if call.event == .start { onStart?(t, call) }
        }
    }

    /// The lines since the last call.
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

/// Each item as "H:key", "R:key.row", "P:key" with its flags after a '/'
/// (C collapsed, K collapsible, L loading, F failed).
private func layout(_ t: Table) throws -> String {
    var words: [String] = []
    t.forEachItem(from: 0) { placed in
        let item = placed.item
        let key = (try? t.sectionKey(.id(item.sectionID))) ?? "?"
        var word: String
        switch item.kind {
        case .header: word = "H:\(key)"
        case .footer: word = "F:\(key)"
        case .row: word = "R:\(key).\(item.row)"
        case .placeholder: word = "P:\(key)"
        }
        var flags = ""
        if item.collapsed { flags += "C" }
        if item.collapsible { flags += "K" }
        if item.kind == .placeholder { flags += item.loadFailed ? "F" : "L" }
        if !flags.isEmpty { word += "/" + flags }
        words.append(word)
        return true
    }
    return words.joined(separator: " ")
}

@Suite struct LoadingTests {
    @Test func anUnloadedSectionIsCollapsedAndCollapsible() throws {
        let t = try abu()
        #expect(try t.flags(section: "u") == [.collapsed, .collapsible, .unloaded])
        #expect(try t.loadInfo(section: "u") == (LoadState.unloaded, 0))
        #expect(try t.indicator(section: "u") == "+")
        #expect(try layout(t) == "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0")
        #expect(throws: FoldError(.notFound, "section \"u\" has no load error: it is not loading (its children are not loaded; expanding it loads them)")) {
            try t.loadError(section: "u")
        }
        #expect(try t.info(section: "u").childCount == 0)
        // With start_collapsed off it starts collapsed all the same.
        #expect(t.options.startCollapsed == false)
    }

    @Test func expandingShowsThePlaceholderThenCallsTheLoader() throws {
        let t = try abu()
        let j = Journal(t)
        #expect(try t.setCollapsed(false, section: "u") == true)
        #expect(j.take() == ["will-expand u", "did-expand u", "set(c4-0+1 r3/1)", "start u #1"])
        #expect(try t.loadInfo(section: "u") == (LoadState.loading, 1))
        #expect(try t.flags(section: "u") == [.collapsible, .unloaded])
        let id = try t.sectionID(.key("u"))
        #expect(try t.placedItem(at: 4) == PlacedItem(position: 4, item: Item(kind: .placeholder, depth: 0, section: 1,
                                                                                   sectionID: id), top: 144, height: 44))
        try expectTops(t, [0, 28, 72, 116, 144, 188, 216], content: 260)
        try expectHits(t, [(144, 4, .inItem), (187.99, 4, .inItem), (188, 5, .inItem)])
        #expect(try t.visibleRange(offset: 140, height: 50) == 3..<6)
        #expect(try t.visibleItems(offset: 140, height: 50).map(\.item.kind) == [.header, .placeholder, .header])
        #expect(try t.headerPosition(section: "b") == 5)
        // Never sticky: only u's header, pushed up by u's end at 188.
        #expect(try t.stickyHeaders(offset: 170).map { "\($0.position)@\($0.top)" } == ["3@160.0"])
        // Loading: expanding again or activating the placeholder does nothing.
        #expect(try t.setCollapsed(false, section: "u") == false)
        #expect(try t.activate(position: 4) == .none)
        #expect(j.take() == [])
        // A deeper placeholder has its section's depth.
        try t.insertSection(in: "a", at: 2, key: "n", flags: [.unloaded])
        try t.load(section: "n")
        #expect(try t.item(at: 4) == Item(kind: .placeholder, depth: 1, section: 2, sectionID: try t.sectionID(.key("n"))))
    }

    @Test func theLoaderFinishesAtOnceWithSubsections() throws {
        let t = try abu()
        let j = Journal(t)
        var statuses: [String] = []
        j.onStart = { t, call in
            do {
                let report = try t.finishLoad(section: .id(call.section), ticket: call.ticket,
                                              entries: [.rows(2, depth: 0), .section("x", flags: [.unloaded]),
                                                        .section("y"), .rows(1)])
                statuses.append("ok +\(report.sectionsInserted) sections +\(report.rowsInserted) rows")
            } catch {
                statuses.append("\(error)")
            }
        }
        try t.setCollapsed(false, section: "u")
        #expect(j.take() == ["will-expand u", "did-expand u", "set(c4-0+1 r3/1)", "start u #1", "set(c4-1+5 r3/1)"])
        #expect(statuses == ["ok +2 sections +3 rows"])
        #expect(try layout(t) == "H:a/K R:a.0 R:a.1 H:u/K R:u.0 R:u.1 H:x/CK H:y/K R:y.0 H:b/K R:b.0")
        #expect(try t.loadInfo(section: "u") == (LoadState.loaded, 0))
        #expect(try t.loadInfo(section: "x") == (LoadState.unloaded, 0))
        #expect(try t.depth("x") == 1)
        #expect(try t.path("y") == [1, 3])
        #expect(t.invariantViolations() == [])
        // The subsection's own load: ticket 2.
        j.onStart = nil
        try t.toggle(section: "x")
        #expect(j.take() == ["will-expand x", "did-expand x", "set(c7-0+1 r6/1)", "start x #2"])
    }

    @Test func finishingLaterAndStaleTickets() throws {
        let t = try abu()
        let j = Journal(t)
        try t.setCollapsed(false, section: "u")
        _ = j.take()
        #expect(throws: FoldError(.cancelled, "ticket 2 is not the current load of section \"u\": it is loading (ticket 1)")) {
            try t.finishLoad(section: "u", ticket: 2, entries: [.rows(3, depth: 0)])
        }
        #expect(t.itemCount == 7)
        let report = try t.finishLoad(section: "u", ticket: 1, entries: [.rows(3, depth: 0)])
        #expect(report.rowsInserted == 3 && report.sectionsInserted == 0)
        #expect(j.take() == ["set(c4-1+3 r3/1)"])
        try expectTops(t, [0, 28, 72, 116, 144, 188, 232, 276, 304], content: 348)
        #expect(throws: FoldError(.cancelled, "ticket 1 is not the current load of section \"u\": its children are loaded")) {
            try t.finishLoad(section: "u", ticket: 1, entries: [])
        }
        #expect(throws: FoldError(.notAllowed, "section \"u\" cannot start a load: its children are loaded")) {
            try t.load(section: "u")
        }
        // Loaded with no children: an ordinary empty section.
        try t.appendSection(key: "v")
        try t.insertSection(at: 3, key: "w", flags: [.unloaded])
        try t.load(section: "w")
        try t.finishLoad(section: "w", ticket: 2, entries: [])
        #expect(try t.flags(section: "w") == [])
        #expect(try t.indicator(section: "w") == "")
    }

    @Test func failingAndRetrying() throws {
        let t = try abu()
        let j = Journal(t)
        try t.setCollapsed(false, section: "u")
        _ = j.take()
        try t.failLoad(section: "u", ticket: 1, message: "disk on fire")
        #expect(j.take() == ["set(r4/1)"])
        #expect(try t.item(at: 4).loadFailed == true)
        #expect(try t.loadInfo(section: "u") == (LoadState.failed, 1))
        #expect(try t.loadError(section: "u") == "disk on fire")
        #expect(throws: FoldError(.cancelled, "ticket 1 is not the current load of section \"u\": its load (ticket 1) failed")) {
            try t.failLoad(section: "u", ticket: 1, message: "again")
        }
        #expect(try t.activate(position: 4) == .loadRetried)
        #expect(j.take() == ["set(r4/1)", "start u #2"])
        #expect(try t.item(at: 4).loadFailed == false)
        #expect(throws: FoldError(.cancelled, "ticket 1 is not the current load of section \"u\": it is loading (ticket 2)")) {
            try t.finishLoad(section: "u", ticket: 1, entries: [])
        }
        // A late success after a failure is taken.
        try t.failLoad(section: "u", ticket: 2, message: "")
        try t.finishLoad(section: "u", ticket: 2, entries: [.rows(1, depth: 0)])
        #expect(j.take() == ["set(r4/1)", "set(c4-1+1 r3/1)"])
        #expect(try layout(t) == "H:a/K R:a.0 R:a.1 H:u/K R:u.0 H:b/K R:b.0")
        // Loaded: no ticket and no message are left (kept out of line while loading).
        #expect(try t.loadInfo(section: "u") == (LoadState.loaded, 0))
        #expect(throws: FoldError(.notFound, "section \"u\" has no load error: its children are loaded")) {
            try t.loadError(section: "u")
        }
        #expect(t.invariantViolations().isEmpty)
    }

    @Test func collapsingCancels() throws {
        let t = try abu()
        let j = Journal(t)
        try t.setCollapsed(false, section: "u")
        _ = j.take()
        try t.setCollapsed(true, section: "u")
        #expect(j.take() == ["will-collapse u", "did-collapse u", "set(c4-1+0 r3/1)", "cancel u #1"])
        #expect(try t.loadInfo(section: "u") == (LoadState.unloaded, 0))
        #expect(throws: FoldError(.cancelled, "ticket 1 is not the current load of section \"u\": it is not loading (its children are not loaded; expanding it loads them)")) {
            try t.finishLoad(section: "u", ticket: 1, entries: [.rows(1, depth: 0)])
        }
        #expect(try layout(t) == "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0")
        #expect(j.take() == [])
        // Collapsing all cancels; expanding all leaves it unloaded.
        try t.setCollapsed(false, section: "u")
        try t.failLoad(section: "u", ticket: 2, message: "x")
        _ = j.take()
        #expect(try t.setAllCollapsed(true) == 3)
        #expect(j.lines.last == "cancel u #2")
        _ = j.take()
        #expect(try t.setAllCollapsed(false) == 2)
        #expect(try t.loadInfo(section: "u") == (LoadState.unloaded, 0))
        #expect(!j.take().contains { $0.hasPrefix("start") })
    }

    @Test func removingCancelsAndLateChildrenAreNotFound() throws {
        let t = try makeTable([.section("p", rows: 1, children: [.section("u1", flags: [.unloaded]),
                                                                  .section("u2", flags: [.unloaded])]),
                               .section("q")])
        let j = Journal(t)
        let u1 = try t.sectionID(.key("u1"))
        try t.load(section: "u1")
        try t.load(section: "u2")
        try t.failLoad(section: "u2", ticket: 2, message: "x")
        _ = j.take()
        try t.removeSection("p")
        #expect(j.take() == ["set(c0-6+0)", "cancel u1 #1", "cancel u2 #2"])
        #expect(throws: FoldError(.notFound, "no section has the id \(u1) (it was removed, or belongs to another table)")) {
            try t.finishLoad(section: .id(u1), ticket: 1, entries: [])
        }
        #expect(t.invariantViolations() == [])
    }

    @Test func closingCancelsEveryLoadInTicketOrder() throws {
        let t = try abu()
        let j = Journal(t)
        try t.insertSection(in: "a", at: 0, key: "w", flags: [.unloaded])
        try t.appendSection(key: "v")
        try t.load(section: "w")
        try t.load(section: "u")
        try t.failLoad(section: "u", ticket: 2, message: "x")
        _ = j.take()
        t.closeLoads()
        t.deliverLoadCalls()
        #expect(j.take() == ["cancel w #1", "cancel u #2"])
        // Every ticket is over; later loads call no loader.
        #expect(throws: FoldError(.cancelled, "ticket 1 is over: the table is being freed")) {
            try t.finishLoad(section: "w", ticket: 1, entries: [])
        }
        try t.setCollapsed(true, section: "u")
        try t.setCollapsed(false, section: "u")
        // Items: a 0, w 1 and its placeholder 2, rows 3-4, u 5 and its placeholder 6.
        #expect(j.take() == ["will-collapse u", "did-collapse u", "set(c6-1+0 r5/1)",
                             "will-expand u", "did-expand u", "set(c6-0+1 r5/1)"])
    }

    /// Issue 33: what freeing does (close the loads, drop the callbacks),
    /// done by the match function while `finishLoad` asks it about u's
    /// children: the call fails and changes nothing, and u's load, which
    /// closing could not see, is cancelled in ticket order with v's.
    @Test func closingInsideTheMatchFunctionCancelsTheLoadBeingFinished() throws {
        let t = try abu()
        let j = Journal(t)
        try t.insertSection(at: t.sectionCount, key: "v", flags: [.unloaded])
        try t.load(section: "u")
        try t.load(section: "v")
        var asked = 0, closeAt = -1
        try t.setFilter { [unowned t] _, _, _ in
            asked += 1
            if asked == closeAt { t.closeLoads(); t.removeAllCallbacks() }
            return true
        }
        asked = 0
        closeAt = 2
        _ = j.take()
        let before = try layout(t)
        #expect(throws: FoldError(.cancelled, "the table was freed inside the match function before it answered "
                                  + "everything the call needed; the call changed nothing")) {
            try t.finishLoad(section: "u", ticket: 1, entries: [.rows(3, depth: 0)])
        }
        #expect(try layout(t) == before)
        t.deliverLoadCalls()
        #expect(j.take() == ["cancel u #1", "cancel v #2"])
    }

    /// A loader set while closing's CANCEL calls are made gets the rest.
    @Test func aLoaderSetWhileClosingGetsTheRest() throws {
        let t = try abu()
        try t.insertSection(at: t.sectionCount, key: "v", flags: [.unloaded])
        try t.load(section: "u")
        try t.load(section: "v")
        var first: [String] = [], second: [String] = []
        t.setLoader { [unowned t] call in
            first.append("\(call.key) #\(call.ticket)")
            t.setLoader { second.append("\($0.key) #\($0.ticket)") }
        }
        t.closeLoads()
        t.deliverLoadCalls()
        #expect(first == ["u #1"] && second == ["v #2"])
    }

    @Test func refusedExpansionStartsNoLoad() throws {
        let t = try abu()
        let j = Journal(t)
        t.onSection { _, event in event != .willExpand }
        #expect(try t.setCollapsed(false, section: "u") == false)
        #expect(throws: FoldError(.notAllowed, "section \"u\" stays unloaded: a listener refused to expand it")) {
            try t.load(section: "u")
        }
        #expect(j.take() == ["will-expand u", "will-expand u"])
        #expect(try t.loadInfo(section: "u") == (LoadState.unloaded, 0))
    }

    @Test func listenersCannotFinishButTheLoaderCan() throws {
        let t = try abu()
        var busy: FoldError?
        t.onSection { [unowned t] key, event in
            if event == .didExpand, let (_, ticket) = try? t.loadInfo(section: .key(key)) {
                do { try t.finishLoad(section: .key(key), ticket: ticket, entries: []) } catch let e as FoldError { busy = e } catch {}
            }
            return true
        }
        try t.setCollapsed(false, section: "u")
        #expect(busy?.code == .busy)
        #expect(try t.loadInfo(section: "u") == (LoadState.loading, 1))
    }

    @Test func childrenCannotBeAddedOutsideALoad() throws {
        let t = try abu()
        let why = "section \"u\" cannot take rows: its children are not loaded (they arrive through finishLoad)"
        #expect(throws: FoldError(.notAllowed, why)) { try t.insertRows(section: "u", at: 0, count: 1) }
        #expect(throws: FoldError(.notAllowed, why)) { try t.insertRows(in: "u", atChild: 0, count: 1) }
        #expect(throws: FoldError.self) { try t.insertSection(in: "u", at: 0, key: "n") }
        #expect(throws: FoldError.self) { try t.moveSection("b", to: "u", at: 0) }
        #expect(throws: FoldError.self) { try t.moveRow(section: "a", row: 0, to: "u", atChild: 0) }
        #expect(try layout(t) == "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0")
        #expect(throws: FoldError(.invalidArgument, "section \"x\" cannot start unloaded and fixed or without a header (it must be collapsible: its header shows that it loads)")) {
            try t.insertSection(at: 0, key: "x", flags: [.unloaded, .fixed])
        }
        #expect(throws: FoldError(.invalidArgument, "section \"x\" cannot start unloaded with 2 rows: its children arrive when it loads")) {
            try t.insertSection(at: 0, key: "x", rows: 2, flags: [.unloaded])
        }
    }

    @Test func loadEntriesAreCheckedLikeASnapshot() throws {
        let t = try abu()
        try t.load(section: "u")
        let cases: [([SnapshotEntry], FoldError)] = [
            ([.section("a", depth: 0)], FoldError(.duplicateKey, "load entry 0: a section with the key \"a\" already exists")),
            ([.section("x", depth: 0), .section("x", depth: 0)],
             FoldError(.duplicateKey, "load entry 1: the key \"x\" is also the key of entry 0")),
            ([.section("x", depth: 0, flags: [.unloaded]), .rows(1)],
             FoldError(.invalidArgument, "load entry 1: section \"x\" (entry 0) is unloaded: its children arrive when it loads")),
            ([.rows(-1, depth: 0)], FoldError(.outOfRange, "load entry 0: row count -1 is negative")),
        ]
        for (entries, error) in cases {
            #expect(throws: error) { try t.finishLoad(section: "u", ticket: 1, entries: entries) }
        }
        #expect(try t.loadInfo(section: "u") == (LoadState.loading, 1))
        #expect(t.itemCount == 7)
    }

    @Test func savedStateKeepsTheStoredState() throws {
        let t = try abu()
        try t.load(section: "u")
        let text = t.exportState()
        #expect(text.contains("\"u\": false"))
        let fresh = try abu()
        let j = Journal(fresh)
        let report = try fresh.importState(text)
        #expect(report.sections == 3)
        #expect(j.take() == ["will-expand u", "did-expand u", "set(c4-0+1 r3/1)", "start u #1"])
    }

    @Test func snapshotsEndLoadsOrKeepThem() throws {
        let t = try makeTable([.section("u", flags: [.unloaded]), .section("v", flags: [.unloaded]),
                               .section("w", flags: [.unloaded])])
        let j = Journal(t)
        try t.load(section: "v")
        try t.load(section: "w")
        _ = j.take()
        let report = try t.applySnapshot([.section("u"), .rows(2), .section("v"), .rows(1), .section("w"),
                                          .section("n", flags: [.unloaded])])
        #expect(report.sectionsInserted == 1 && report.rowsInserted == 3)
        // u's rows are hidden (it is collapsed: its header is redrawn); v's
        // placeholder goes and its row comes; n comes after w's placeholder.
        #expect(j.take() == ["set(c2-1+0 c2-0+1 c5-0+1 r0/2)", "cancel v #1"])
        #expect(try layout(t) == "H:u/CK H:v/K R:v.0 H:w/K P:w/L H:n/CK")
        #expect(try t.loadInfo(section: "w") == (LoadState.loading, 2))
        #expect(t.invariantViolations() == [])
    }
}
