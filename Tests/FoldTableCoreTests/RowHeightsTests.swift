import Testing
@testable import FoldTableCore

/// A chunk's heights in two bytes a row while they fit, four once one does not.
@Suite struct RowHeightsTests {
    func isNarrow(_ h: RowHeights) -> Bool {
        if case .narrow = h { return true }
        return false
    }

    func values(_ h: RowHeights) -> [UInt32] { (0..<h.count).map { h[$0] } }

    @Test func heightsBelow65535UnitsStayNarrow() {
        var h = RowHeights([10, RowRun.none, 65534, 0][...])
        #expect(isNarrow(h))
        #expect(values(h) == [10, RowRun.none, 65534, 0])
        #expect(h.sums() == (fixed: 65544, defaults: 1))
        h[1] = 7
        h.insert(contentsOf: [RowRun.none, 3], at: 2)
        h.removeSubrange(0..<1)
        #expect(isNarrow(h))
        #expect(values(h) == [7, RowRun.none, 3, 65534, 0])
        #expect(h.sums() == (fixed: 65544, defaults: 1))
    }

    /// 65535 units is the narrow "default" value, so it is the first height
    /// that widens the chunk; every height is kept.
    @Test func aTallHeightWidensTheChunk() {
        var h = RowHeights(defaults: 3)
        #expect(isNarrow(h) && h.allDefault)
        h[2] = 65535
        #expect(!isNarrow(h))
        #expect(values(h) == [RowRun.none, RowRun.none, 65535])
        #expect(h.sums() == (fixed: 65535, defaults: 2))
        var i = RowHeights([1, 2][...])
        i.insert(contentsOf: [1 << 24], at: 1)
        #expect(!isNarrow(i) && values(i) == [1, 1 << 24, 2])
        #expect(!isNarrow(RowHeights([5, 70000][...])))
    }

    /// A run reads the same heights whichever the width, through its plain
    /// rows (what lookups read from a leaf's record) and one by one.
    @Test func runsReadBothWidthsAlike() {
        for tall in [UInt32(300), 70000] {
            let run = RowRun(heights: [40, RowRun.none, tall, 20][...])
            #expect(run.lookup & LookupTag.narrow == (tall < 65535 ? LookupTag.narrow : 0))
            let plain = PlainRows(lookup: run.lookup, count: run.count)
            #expect(plain?.prefixHeight(4, rowHeight: 10) == 70 + Int(tall))
            #expect(plain?.firstRow(bottomBeyond: 50, inclusive: true, rowHeight: 10) == 1)
            #expect(plain?.firstRow(bottomBeyond: 51, inclusive: true, rowHeight: 10) == 2)
            #expect((0..<4).map { run.height($0, rowHeight: 10) } == [40, 10, Int(tall), 20])
            #expect(run.height(rowHeight: 10) == 70 + Int(tall))
        }
    }

    /// A narrow chunk is summed eight rows at a time, then row by row: at
    /// every row's edge, in a full chunk and in one whose last block is
    /// short, it finds the row a row-by-row sum finds, and every row's top
    /// is that sum's, with defaults (as tall as a narrow "default" value,
    /// and not) inside the blocks. Heights up to the tallest narrow one,
    /// so that a block's sum does not fit 16 bits.
    @Test func aNarrowChunkFindsTheRowAtEveryOffset() {
        var random = SeededRandom(seed: 39)
        for count in [64, 21] {
            for rowHeight in [3, 65535, 70000] {
                for tallest in [UInt32(9), 65535] {
                    let values: [UInt32] = (0..<count).map { _ in
                        random.next() % 4 == 0 ? RowRun.none : UInt32(random.next() % UInt64(tallest))
                    }
                    let run = RowRun(heights: values[...])
                    guard let plain = PlainRows(lookup: run.lookup, count: run.count) else {
                        Issue.record("a chunk of plain rows")
                        return
                    }
                    #expect(plain.narrow)
                    var bottoms: [Int] = []
                    var bottom = 0
                    for v in values {
                        bottom += v == RowRun.none ? rowHeight : Int(v)
                        bottoms.append(bottom)
                    }
                    var wrong = 0
                    // Every row's bottom and its neighbours: each edge, both ways.
                    for y in Set([-1, 0] + bottoms.flatMap { [$0 - 1, $0, $0 + 1] }) {
                        for inclusive in [false, true] {
                            let expected = bottoms.firstIndex { inclusive ? $0 >= y : $0 > y }
                            if plain.firstRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) != expected {
                                wrong += 1
                            }
                        }
                    }
                    for i in 0...count where plain.prefixHeight(i, rowHeight: rowHeight) != (i == 0 ? 0 : bottoms[i - 1]) {
                        wrong += 1
                    }
                    #expect(wrong == 0, "count \(count), default height \(rowHeight), heights below \(tallest)")
                }
            }
        }
    }
}
