import Testing
@testable import FoldTableCore

/// A leaf's running totals edited in place (`RunningTotals.insert`,
/// `remove`), at every slot of every leaf size, against the columns a
/// rebuild writes. The counts are kept in 32 bits and the heights and
/// lookups in 64 (`TotalsView.narrowColumns`), so where each column starts
/// moves with the entry count, and an entry count of either parity pads
/// the narrow columns differently.
@Suite struct RunningTotalsTests {
    /// A leaf entry's summary: counts of up to 2^23 each, so the totals of
    /// a full leaf stay below `Limits`' 2^29, and a fixed height beyond 32
    /// bits.
    static func summary(_ rng: inout SeededRandom) -> Summary {
        let rows = rng.below(1 << 23)
        return Summary(children: rows + rng.below(3), rows: rows, items: rows + rng.below(5),
                       defaultRows: rng.below(rows + 1), fixedHeight: rng.below(1 << 44),
                       expandedRows: rng.below(rows + 1))
    }

    /// A random lookup entry of any kind but a subsection's: beside one
    /// the leaf records the section's root record, read from the section
    /// at that address (`TotalsView.setLookup`).
    static func lookup(_ rng: inout SeededRandom) -> Int {
        let v = Int(bitPattern: UInt(rng.next()))
        return LookupTag.tag(v) == LookupTag.section ? v ^ 1 : v
    }

    static func totals(_ sums: [Summary], _ lookups: [Int]) -> RunningTotals {
        var t = RunningTotals()
        t.rebuild(count: sums.count, children: [], { sums[$0] }, lookup: { lookups[$0] })
        return t
    }

    @Test func insertsAndRemovesAtEverySlotMatchARebuild() {
        var rng = SeededRandom(seed: 0x7074_616c)
        for n in 1...ChildList.maxFill {
            let sums = (0..<n).map { _ in Self.summary(&rng) }
            // Lookups use all 64 bits: a wide column must keep them whole.
            let lookups = (0..<n).map { _ in Self.lookup(&rng) }
            for slot in 0...n {
                for k in 1...3 {
                    let added = (0..<k).map { _ in Self.summary(&rng) }
                    let addedLookups = (0..<k).map { _ in Self.lookup(&rng) }
                    var wantSums = sums, wantLookups = lookups
                    wantSums.insert(contentsOf: added, at: slot)
                    wantLookups.insert(contentsOf: addedLookups, at: slot)
                    let context = "\(n) entries, \(k) at \(slot)"
                    var t = Self.totals(sums, lookups)
                    // Into a larger buffer (a rebuild leaves no room), out
                    // in place, then in again in place.
                    t.insert(at: slot, added, lookups: addedLookups)
                    #expect(t.view.matches(wantSums, children: [], lookup: wantLookups), "insert, \(context)")
                    t.remove(at: slot, count: k)
                    #expect(t.view.matches(sums, children: [], lookup: lookups), "remove, \(context)")
                    t.insert(at: slot, added, lookups: addedLookups)
                    #expect(t.view.matches(wantSums, children: [], lookup: wantLookups), "in place, \(context)")
                    #expect(t.view.count == n + k + 1, "\(context)")
                }
            }
        }
    }

    /// Entries put in the place of as many or fewer (what a row edit in a
    /// run of default rows does: one run for three), into a larger buffer
    /// and in place, with one of the replaced entries' values unchanged or
    /// all of them: the totals after move by the difference or not at all.
    @Test func entriesReplacedAtEverySlotMatchARebuild() {
        var rng = SeededRandom(seed: 0x7265_706c)
        for n in 1...ChildList.maxFill {
            let sums = (0..<n).map { _ in Self.summary(&rng) }
            let lookups = (0..<n).map { _ in Self.lookup(&rng) }
            for slot in 0..<n {
                for r in 1...min(2, n - slot) {
                    for k in r...3 {
                        // Same total as what they replace, every other time.
                        var added = (0..<k).map { _ in Self.summary(&rng) }
                        if (slot + k) % 2 == 0 {
                            added = Array(sums[slot..<(slot + r)]) + [Summary](repeating: .zero, count: k - r)
                        }
                        let addedLookups = (0..<k).map { _ in Self.lookup(&rng) }
                        var wantSums = sums, wantLookups = lookups
                        wantSums.replaceSubrange(slot..<(slot + r), with: added)
                        wantLookups.replaceSubrange(slot..<(slot + r), with: addedLookups)
                        let context = "\(n) entries, \(r) at \(slot) replaced by \(k)"
                        var t = Self.totals(sums, lookups)
                        t.insert(at: slot, added, lookups: addedLookups, replacing: r)
                        #expect(t.view.matches(wantSums, children: [], lookup: wantLookups), "\(context)")
                        // In place: a buffer with room.
                        var roomy = Self.totals(sums, lookups)
                        roomy.insert(at: n, [.zero, .zero, .zero], lookups: [0, 0, 0])
                        roomy.remove(at: n, count: 3)
                        roomy.insert(at: slot, added, lookups: addedLookups, replacing: r)
                        #expect(roomy.view.matches(wantSums, children: [], lookup: wantLookups),
                                "in place, \(context)")
                        #expect(roomy.view.count == n - r + k + 1, "\(context)")
                    }
                }
            }
        }
    }

    @Test func anEntryUpdatedInPlaceMovesTheTotalsAfterIt() {
        var rng = SeededRandom(seed: 0x7570_6474)
        for n in [1, 2, 7, 16, 31, 32] {
            var sums = (0..<n).map { _ in Self.summary(&rng) }
            var lookups = (0..<n).map { _ in Self.lookup(&rng) }
            var t = Self.totals(sums, lookups)
            for slot in 0..<n {
                let s = Self.summary(&rng), lookup = Self.lookup(&rng)
                let total = t.update(slot: slot, to: s, lookup: lookup)
                sums[slot] = s
                lookups[slot] = lookup
                #expect(t.view.matches(sums, children: [], lookup: lookups), "\(n) entries, slot \(slot)")
                let want = sums.reduce(Counts()) { var a = $0; a += $1.counts; return a }
                #expect(total.counts == want && total.expandedRows == sums.reduce(0) { $0 + $1.expandedRows },
                        "\(n) entries, slot \(slot)")
            }
        }
    }

    /// A leaf of rows has no column for a subsection's root record; the
    /// first subsection put into it brings one (and the flag that has the
    /// scans read it), at every slot and size, and the values already
    /// there stay. Taking it out keeps the column; a rebuild without
    /// subsections drops it.
    @Test func theFirstSubsectionPutInGivesALeafItsRecordColumn() {
        var rng = SeededRandom(seed: 0x7375_6272)
        let section = Section(key: "s", header: "", headerHeight: 28, footerHeight: 0, rowHeight: 44, collapsed: false)
        section.rootRecord = 0x1234_5670  // not followed here: only compared
        let entry = LookupTag.entry(Int(bitPattern: Unmanaged.passUnretained(section).toOpaque()),
                                    LookupTag.section, else: LookupTag.none)
        #expect(entry != LookupTag.none)
        for n in 1...ChildList.maxFill {
            let sums = (0..<n).map { _ in Self.summary(&rng) }
            let lookups = (0..<n).map { _ in Self.lookup(&rng) }
            for slot in 0...n {
                let added = Self.summary(&rng)
                var wantSums = sums, wantLookups = lookups
                wantSums.insert(added, at: slot)
                wantLookups.insert(entry, at: slot)
                var t = Self.totals(sums, lookups)
                #expect(!t.view.mayHoldSections)
                t.insert(at: slot, [added], lookups: [entry])
                #expect(t.view.mayHoldSections && t.view.get(slot, TotalsView.subRecord) == 0x1234_5670)
                #expect(t.view.matches(wantSums, children: [], lookup: wantLookups), "\(n) entries, at \(slot)")
                t.remove(at: slot, count: 1)
                #expect(t.view.mayHoldSections && t.view.matches(sums, children: [], lookup: lookups))
                t.rebuild(count: n, children: [], { sums[$0] }, lookup: { lookups[$0] })
                #expect(!t.view.mayHoldSections && t.view.matches(sums, children: [], lookup: lookups))
            }
        }
    }
}
