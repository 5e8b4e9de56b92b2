import Testing
@testable import FoldTableCore

/// `RangeTree`, the change set's redraw ranges, against a naive model: one
/// flag per position, edited the same way; the tree's ranges must be the
/// model's maximal runs of set flags after every edit.
@Suite struct RangeTreeTests {
    /// One flag per position; positions past the end are unset.
    struct Flags {
        var marked: [Bool] = []

        mutating func insert(_ r: Range<Int>) {
            if marked.count < r.upperBound { marked += Array(repeating: false, count: r.upperBound - marked.count) }
            for i in r { marked[i] = true }
        }

        /// Positions p..<p+removed became `added` unmarked positions.
        mutating func replace(at p: Int, removed: Int, added: Int) {
            guard p < marked.count else { return }
            let end = min(marked.count, p + removed)
            marked.replaceSubrange(p..<end, with: Array(repeating: false, count: added))
        }

        var runs: [Range<Int>] {
            var out: [Range<Int>] = []
            var i = 0
            while i < marked.count {
                guard marked[i] else { i += 1; continue }
                var j = i
                while j < marked.count && marked[j] { j += 1 }
                out.append(i..<j)
                i = j
            }
            return out
        }
    }

    @Test func insertsMergeWhatTheyTouch() {
        var t = RangeTree()
        #expect(t.isEmpty && t.all() == [])
        t.insert(5..<7)
        t.insert(10..<12)
        #expect(t.all() == [5..<7, 10..<12])
        t.insert(7..<8)  // touches 5..<7
        #expect(t.all() == [5..<8, 10..<12])
        t.insert(9..<10)  // touches 10..<12 only
        #expect(t.all() == [5..<8, 9..<12])
        t.insert(0..<20)  // covers both
        #expect(t.all() == [0..<20])
    }

    @Test func replacementsShiftCutAndCoalesce() {
        var t = RangeTree()
        t.insert(2..<4)
        t.insert(10..<14)
        t.insert(20..<21)
        // Three positions inserted at 5: later ranges move by 3.
        t.replace(at: 5, removed: 0, added: 3)
        #expect(t.all() == [2..<4, 13..<17, 23..<24])
        // A range straddling the replaced part keeps its head and its tail,
        // split around the added positions.
        t.replace(at: 14, removed: 2, added: 1)
        #expect(t.all() == [2..<4, 13..<14, 15..<16, 22..<23])
        // Removing the gap between two ranges joins them.
        t.replace(at: 14, removed: 1, added: 0)
        #expect(t.all() == [2..<4, 13..<15, 21..<22])
        // Removing a whole range.
        t.replace(at: 21, removed: 1, added: 0)
        #expect(t.all() == [2..<4, 13..<15])
        t.replace(at: 0, removed: 100, added: 0)
        #expect(t.isEmpty)
    }

    /// Recorded from the end backwards, as a snapshot's sections are: each
    /// step moves everything after it and adds a range before all the
    /// others (the ranges that wait in the tree's front array), now and
    /// then an edit elsewhere that puts them into the treap.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func backwardRecordingMatchesTheNaiveModel(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var t = RangeTree()
        var model = Flags()
        var p = 3000
        for step in 0..<900 {
            let roll = Int.random(in: 0..<20, using: &rng)
            if roll == 0 {
                // Somewhere else: anywhere in what is recorded so far.
                let a = Int.random(in: 0..<3200, using: &rng)
                let r = a..<(a + Int.random(in: 1...4, using: &rng))
                t.insert(r)
                model.insert(r)
            } else if roll == 1 {
                let q = Int.random(in: 0..<3200, using: &rng)
                let removed = Int.random(in: 0...3, using: &rng), added = Int.random(in: 0...3, using: &rng)
                t.replace(at: q, removed: removed, added: added)
                model.replace(at: q, removed: removed, added: added)
            } else {
                // A section's rows grow or shrink at its end, then its
                // header (before them) is redrawn.
                p -= Int.random(in: 2...5, using: &rng)
                guard p > 0 else { break }
                let removed = Int.random(in: 0...1, using: &rng), added = Int.random(in: 0...2, using: &rng)
                t.replace(at: p, removed: removed, added: added)
                model.replace(at: p, removed: removed, added: added)
                let h = p - Int.random(in: 1...2, using: &rng)
                t.insert(h..<(h + 1))
                model.insert(h..<(h + 1))
            }
            let want = model.runs
            #expect(t.all() == want, "step \(step)")
            #expect(t.isEmpty == want.isEmpty, "step \(step)")
            if t.all() != want { return }
        }
        #expect(model.runs.count > 300)
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func matchesTheNaiveModel(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var t = RangeTree()
        var model = Flags()
        for step in 0..<1500 {
            if Int.random(in: 0..<5, using: &rng) < 2 {
                let a = Int.random(in: 0..<200, using: &rng)
                let r = a..<(a + Int.random(in: 1...12, using: &rng))
                t.insert(r)
                model.insert(r)
            } else {
                let p = Int.random(in: 0..<220, using: &rng)
                let removed = Int.random(in: 0...10, using: &rng)
                let added = Int.random(in: 0...10, using: &rng)
                t.replace(at: p, removed: removed, added: added)
                model.replace(at: p, removed: removed, added: added)
            }
            let want = model.runs
            #expect(t.all() == want, "step \(step)")
            #expect(t.isEmpty == want.isEmpty, "step \(step)")
            if t.all() != want { return }
        }
    }

    /// Most change sets hold one range, kept inline until a second one
    /// joins it: many short histories from empty, each edit near the first
    /// range (inside it, across either end, touching it), checked against
    /// the model after every edit.
    @Test(arguments: [31, 32] as [UInt64])
    func shortHistoriesMatchTheNaiveModel(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for history in 0..<3000 {
            var t = RangeTree()
            var model = Flags()
            let a = Int.random(in: 5..<20, using: &rng)
            let first = a..<(a + Int.random(in: 1...8, using: &rng))
            t.insert(first)
            model.insert(first)
            for step in 0..<Int.random(in: 1...4, using: &rng) {
                let p = Int.random(in: 0..<32, using: &rng)
                if Bool.random(using: &rng) {
                    let r = p..<(p + Int.random(in: 1...6, using: &rng))
                    t.insert(r)
                    model.insert(r)
                } else {
                    let removed = Int.random(in: 0...6, using: &rng)
                    let added = Int.random(in: 0...6, using: &rng)
                    t.replace(at: p, removed: removed, added: added)
                    model.replace(at: p, removed: removed, added: added)
                }
                let want = model.runs
                #expect(t.all() == want, "history \(history), step \(step)")
                #expect(t.isEmpty == want.isEmpty, "history \(history), step \(step)")
                if t.all() != want { return }
            }
        }
    }
}
