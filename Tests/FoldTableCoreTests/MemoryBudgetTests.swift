import Testing
@testable import FoldTableCore

// Calls that build much at once check what they will need before building
// anything (Table+Memory.swift): under a small budget (`MemoryHeadroom.budget`)
// a snapshot, a load's children and a saved state are refused with
// `.outOfRange`, a message naming the need and the bound, and nothing changed.

/// Everything a refused call must leave as it was: the saved state (collapsed
/// sections, expanded rows, selection, anchors), every item, the ids.
private func picture(_ t: Table) throws -> String {
    let items = try (0..<t.itemCount).map { p -> String in
        let i = try t.item(at: p)
        return "\(i.kind):\(i.section):\(i.row)"
    }
    return t.exportState() + items.joined(separator: " ")
}

/// Mac (3 rows, row 1 selected), iPad (2, collapsed), iPhone (4, row 2
/// expanded), with a viewport.
private func products() throws -> Table {
    let t = try sampleTable()
    try t.setExpandedHeight(100, section: "iPhone", row: 2)
    _ = try t.setRowExpanded(true, section: "iPhone", row: 2)
    _ = try t.setCollapsed(true, section: "iPad")
    _ = try t.selectRow(section: "Mac", row: 1, how: .add)
    try t.setViewport(Viewport(offset: 10, height: 100))
    return t
}

/// `count` new sections of 10 rows each.
private func newSections(_ count: Int, prefix: String = "n") -> [SnapshotEntry] {
    (0..<count).flatMap { [SnapshotEntry.section("\(prefix)\($0)"), .rows(10)] }
}

/// `body` throws `.outOfRange` with a message that starts with `start` and
/// ends with `end` (the need between them depends on how much room the
/// table's indexes have, which Swift decides).
private func expectRefused(_ start: String, _ end: String, sourceLocation: SourceLocation = #_sourceLocation,
                           _ body: () throws -> SnapshotReport) {
    do {
        _ = try body()
        Issue.record("not refused", sourceLocation: sourceLocation)
    } catch let e as FoldError {
        #expect(e.code == .outOfRange, sourceLocation: sourceLocation)
        #expect(e.message.hasPrefix(start) && e.message.hasSuffix(end), "\(e.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("threw \(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct MemoryBudgetTests {
    @Test func aSnapshotBeyondTheBudgetIsRefusedBeforeItIsRead() throws {
        let t = try products()
        let before = try picture(t)
        let recorder = ChangeRecorder(t)
        // 200 entries at 320 bytes and 3 sections at 96: 64,288 bytes.
        t.memoryHeadroom = .budget(10_000)
        #expect(throws: FoldError(.outOfRange, "the snapshot needs about 64.3 kB of memory (200 entries, a table of "
                                  + "3 sections), more than the 10.0 kB this process can still allocate (the budget "
                                  + "set on the table); nothing changed")) {
            try t.applySnapshot(newSections(100))
        }
        #expect(try picture(t) == before)
        #expect(recorder.sets.isEmpty)
        // Within the budget it applies.
        t.memoryHeadroom = .budget(1 << 30)
        let report = try t.applySnapshot(newSections(100))
        #expect(report.sectionsInserted == 100 && report.sectionsRemoved == 3)
        #expect(t.sectionCount == 100 && t.itemCount == 1100)
    }

    @Test func newSectionsAreCountedOnceTheEntriesAreRead() throws {
        let t = try products()
        var asked = 0
        try t.setFilter { _, _, _ in asked += 1; return true }
        asked = 0
        let before = try picture(t)
        let recorder = ChangeRecorder(t)
        // Read: 8 entries and 3 sections (2,848 bytes) fit; then 2 new
        // sections (1,024 each) and 25 rows to filter (16 each) do not.
        t.memoryHeadroom = .budget(4000)
        let kept: [SnapshotEntry] = [.section("Mac"), .rows(3), .section("iPad"), .rows(2)]
        expectRefused("the snapshot needs about ", " of memory (8 entries, 2 new sections, 25 rows to filter), "
                      + "more than the 4.0 kB this process can still allocate (the budget set on the table); "
                      + "nothing changed") { try t.applySnapshot(kept + newSections(2)) }
        // Refused before the match function was asked about anything.
        #expect(asked == 0)
        #expect(try picture(t) == before)
        #expect(recorder.sets.isEmpty)
        // Without the new sections it fits.
        _ = try t.applySnapshot(kept)
        #expect(t.sectionCount == 2)
    }

    @Test func aLoadBeyondTheBudgetKeepsWaiting() throws {
        let t = try products()
        try t.insertSection(at: 3, key: "lazy", flags: [.unloaded])
        try t.load(section: "lazy")
        let ticket = try t.loadInfo(section: "lazy").ticket
        let before = try picture(t)
        let recorder = ChangeRecorder(t)
        t.memoryHeadroom = .budget(50_000)
        // 400 entries at 320 bytes: 128,000.
        #expect(throws: FoldError(.outOfRange, "the load needs about 128.0 kB of memory (400 entries), more than the "
                                  + "50.0 kB this process can still allocate (the budget set on the table); "
                                  + "nothing changed")) {
            try t.finishLoad(section: "lazy", ticket: ticket, entries: newSections(200))
        }
        // 20 entries (6,400 bytes) read, then 10 sections at 1,024 beyond it.
        t.memoryHeadroom = .budget(10_000)
        let entries = newSections(10)
        expectRefused("the load needs about ", " of memory (20 entries, 10 new sections), more than the 10.0 kB "
                      + "this process can still allocate (the budget set on the table); nothing changed") {
            try t.finishLoad(section: "lazy", ticket: ticket, entries: entries)
        }
        #expect(try picture(t) == before)
        #expect(recorder.sets.isEmpty)
        // Still loading with the same ticket: the load can finish later.
        #expect(try t.loadInfo(section: "lazy") == (.loading, ticket))
        t.memoryHeadroom = .budget(1 << 30)
        let report = try t.finishLoad(section: "lazy", ticket: ticket, entries: entries)
        #expect(report.sectionsInserted == 10 && report.rowsInserted == 100)
        #expect(try t.loadInfo(section: "lazy").state == .loaded)
    }

    @Test func aSavedStateBeyondTheBudgetChangesNothing() throws {
        let t = try products()
        var events = 0
        _ = t.onSection { _, _ in events += 1; return true }
        let before = try picture(t)
        let recorder = ChangeRecorder(t)
        let state = """
            {"version": 1, "collapsed": {"Mac": true, "iPad": false, "iPhone": true},
             "expanded": [{"section": "iPhone", "row": 2}],
             "selected": [{"section": "Mac", "row": 0, "count": 3}, {"section": "iPad"}]}
            """
        // 4 entries at 64, 2 runs at 640, 1 row expanded before at 64: 1,600 bytes.
        t.memoryHeadroom = .budget(1599)
        #expect(throws: FoldError(.outOfRange, "the saved state needs about 1.6 kB of memory (6 entries), more than "
                                  + "the 1.6 kB this process can still allocate (the budget set on the table); "
                                  + "nothing changed")) {
            try t.importState(state)
        }
        #expect(try picture(t) == before)
        #expect(recorder.sets.isEmpty && events == 0)
        t.memoryHeadroom = .budget(1600)
        let report = try t.importState(state)
        #expect(report.sections == 3 && report.rows == 1)
        #expect(t.sectionStates().map(\.collapsed) == [true, false, true])
    }

    @Test func theSystemHeadroomSkipsSmallCalls() throws {
        let t = try sampleTable()
        #expect(t.memoryHeadroom.smallestChecked == 1 << 20)
        // Below the smallest need it checks, a call is not checked at all.
        var asked = false
        t.memoryHeadroom = MemoryHeadroom(smallestChecked: 1 << 20) {
            asked = true
            return (0, "none")
        }
        _ = try t.applySnapshot(newSections(10))
        #expect(!asked && t.sectionCount == 10)
        // A headroom that knows no bound lets everything through.
        t.memoryHeadroom = MemoryHeadroom { nil }
        _ = try t.applySnapshot(newSections(2000))
        #expect(t.sectionCount == 2000)
        // The process's own headroom is some positive number of bytes, no
        // more than the machine's memory.
        let system = try #require(MemoryHeadroom.system.available())
        #expect(system.bytes > 0)
        #expect(!system.bound.isEmpty)
    }

    @Test func needsAndSizesReadAsAPersonWritesThem() {
        #expect(MemoryHeadroom.describe(0) == "0 bytes")
        #expect(MemoryHeadroom.describe(999) == "999 bytes")
        #expect(MemoryHeadroom.describe(1000) == "1.0 kB")
        #expect(MemoryHeadroom.describe(64_288) == "64.3 kB")
        #expect(MemoryHeadroom.describe(999_949) == "999.9 kB")
        #expect(MemoryHeadroom.describe(12_345_678) == "12.3 MB")
        #expect(MemoryHeadroom.describe(1_500_000_000) == "1.5 GB")
        #expect(MemoryHeadroom.describe(Int(1) << 40) == "1099.5 GB")
        #expect(MemoryNeed.snapshot(entries: 2, tableSections: 1, newSections: 1, filteredRows: 10, growth: 7)
                == 2 * 320 + 96 + 1024 + 160 + 7)
        #expect(MemoryNeed.savedState(entries: 3, runs: 2, expandedBefore: 1) == 4 * 64 + 2 * 640)
        #expect(MemoryNeed.hashGrowth(count: 5, capacity: 6, adding: 1, bucketBytes: 25) == 0)
        #expect(MemoryNeed.hashGrowth(count: 6, capacity: 6, adding: 7, bucketBytes: 25) == 32 * 25)
        #expect(MemoryNeed.arrayGrowth(count: 4, capacity: 4, adding: 1, elementBytes: 8) == 64)
        #expect(MemoryNeed.arrayGrowth(count: 4, capacity: 4, adding: 20, elementBytes: 8) == 192)
        #expect(MemoryNeed.arrayGrowth(count: 4, capacity: 8, adding: 4, elementBytes: 8) == 0)
    }
}
