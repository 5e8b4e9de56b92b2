import Testing
@testable import FoldTableCore

/// A chunk's heights in one byte a row while they are whole points below
/// 255, two while they fit two bytes, four once one does not.
@Suite struct RowHeightsTests {
    /// Bytes a row of `h`.
    func width(_ h: RowHeights) -> Int { h.width }

    func values(_ h: RowHeights) -> [UInt32] { (0..<h.count).map { h[$0] } }

    /// Points in units (256 a point).
    func pt(_ p: UInt32) -> UInt32 { p << 8 }

    @Test func heightsBelow65535UnitsStayNarrow() {
        var h = RowHeights([10, RowRun.none, 65534, 0][...])
        #expect(width(h) == 2)
        #expect(values(h) == [10, RowRun.none, 65534, 0])
        #expect(h.sums() == (fixed: 65544, defaults: 1))
        h[1] = 7
        h.insert(contentsOf: [RowRun.none, 3], at: 2)
        h.removeSubrange(0..<1)
        #expect(width(h) == 2)
        #expect(values(h) == [7, RowRun.none, 3, 65534, 0])
        #expect(h.sums() == (fixed: 65544, defaults: 1))
    }

    /// Whole points up to 254 take a byte; a fraction of a point, or 255
    /// points, makes the chunk narrow, and a height of 256 points or more
    /// wide, keeping every height.
    @Test func wholePointsTakeOneByte() {
        #expect(1 << RowHeights.pointShift == Units.perPoint)
        var h = RowHeights([pt(20), RowRun.none, pt(254), 0][...])
        #expect(width(h) == 1)
        #expect(values(h) == [pt(20), RowRun.none, pt(254), 0])
        #expect(h.sums() == (fixed: Int(pt(274)), defaults: 1))
        h[0] = pt(30)
        h.insert(contentsOf: [pt(1), RowRun.none], at: 1)
        h.removeSubrange(4..<5)
        #expect(width(h) == 1)
        #expect(values(h) == [pt(30), pt(1), RowRun.none, RowRun.none, 0])
        #expect(h.sums() == (fixed: Int(pt(31)), defaults: 2))
        var half = h
        half[4] = pt(17) + 128  // 17.5 pt
        #expect(width(half) == 2)
        #expect(values(half) == [pt(30), pt(1), RowRun.none, RowRun.none, pt(17) + 128])
        var tallest = h
        tallest.insert(contentsOf: [pt(255)], at: 0)
        #expect(width(tallest) == 2 && tallest[0] == pt(255))
        var tall = h
        tall[2] = pt(300)
        #expect(width(tall) == 4)
        #expect(values(tall) == [pt(30), pt(1), pt(300), RowRun.none, 0])
        #expect(tall.sums() == (fixed: Int(pt(331)), defaults: 1))
        // A part of a wider chunk is as narrow as its own heights allow.
        #expect(width(half.slice(0..<4)) == 1 && values(half.slice(0..<4)) == values(h).prefix(4).map { $0 })
        #expect(width(tall.slice(0..<2)) == 1 && width(tall.slice(1..<3)) == 4)
    }

    /// 65535 units is the narrow "default" value, so it is the first height
    /// that widens the chunk; every height is kept.
    @Test func aTallHeightWidensTheChunk() {
        var h = RowHeights(defaults: 3)
        #expect(width(h) == 1 && h.allDefault)
        h[2] = 65535
        #expect(width(h) == 4)
        #expect(values(h) == [RowRun.none, RowRun.none, 65535])
        #expect(h.sums() == (fixed: 65535, defaults: 2))
        var i = RowHeights([1, 2][...])
        i.insert(contentsOf: [1 << 24], at: 1)
        #expect(width(i) == 4 && values(i) == [1, 1 << 24, 2])
        #expect(width(RowHeights([5, 70000][...])) == 4)
    }

    /// Copies share one chunk until one changes it: a set, an insert (in
    /// place while the chunk has room) and a removal change the copy
    /// edited, never the other. Rows appended one at a time grow the chunk
    /// by doubling, up to a full chunk, as an array would.
    @Test func copiesShareRowsUntilOneChanges() {
        var a = RowHeights([pt(10), pt(20), pt(30)][...])
        let original = values(a)
        var b = a
        b[0] = pt(11)
        #expect(values(a) == original && values(b) == [pt(11), pt(20), pt(30)])
        var c = a
        c.insert(contentsOf: [pt(15)], at: 1)
        #expect(values(a) == original && values(c) == [pt(10), pt(15), pt(20), pt(30)])
        var d = c
        d.insert(contentsOf: [pt(16)], at: 2)  // c has room: in place, but d shares it
        #expect(values(c) == [pt(10), pt(15), pt(20), pt(30)])
        #expect(values(d) == [pt(10), pt(15), pt(16), pt(20), pt(30)])
        var e = d
        e.removeSubrange(0..<2)
        #expect(values(d) == [pt(10), pt(15), pt(16), pt(20), pt(30)] && values(e) == [pt(16), pt(20), pt(30)])
        a.removeSubrange(1..<2)
        #expect(values(a) == [pt(10), pt(30)] && values(b) == [pt(11), pt(20), pt(30)])

        // Appended one at a time, with a copy kept at each step.
        var log = RowHeights([pt(1)][...])
        var kept: [RowHeights] = []
        for n in 1..<RowRun.chunkSize {
            kept.append(log)
            log.insert(contentsOf: [pt(UInt32(n + 1))], at: n)
        }
        #expect(values(log) == (1...RowRun.chunkSize).map { pt(UInt32($0)) })
        #expect(kept.enumerated().allSatisfy { values($1) == (1...$0 + 1).map { pt(UInt32($0)) } })
        // Where lookups read the rows: at a fixed offset into the chunk.
        #expect(log.address != 0 && a.address != 0)
        log.withPlainRows { #expect(Int(bitPattern: $0.heights) == log.address + HeightChunk.rowsOffset) }
    }

    /// A run reads the same heights whichever the width, through its plain
    /// rows (what lookups read from a leaf's record) and one by one.
    @Test func runsReadEveryWidthAlike() {
        for (tall, bytes) in [(pt(90), 1), (UInt32(300), 2), (70000, 4)] {
            let values: [UInt32] = [bytes == 1 ? pt(40) : 40, RowRun.none, tall, bytes == 1 ? pt(20) : 20]
            let run = RowRun(heights: values[...])
            #expect(LookupTag.width(run.lookup) == bytes)
            guard let plain = PlainRows(lookup: run.lookup, count: run.count) else {
                Issue.record("a chunk of plain rows")
                return
            }
            #expect(plain.width == bytes)
            let heights = values.map { $0 == RowRun.none ? 10 : Int($0) }
            #expect(plain.prefixHeight(4, rowHeight: 10) == heights.reduce(0, +))
            let bottom1 = heights[0] + heights[1]
            #expect(plain.firstRow(bottomBeyond: bottom1, inclusive: true, rowHeight: 10) == 1)
            #expect(plain.firstRow(bottomBeyond: bottom1 + 1, inclusive: true, rowHeight: 10) == 2)
            #expect((0..<4).map { run.height($0, rowHeight: 10) } == heights)
            #expect((0..<4).map { plain.height($0, rowHeight: 10) } == heights)
            #expect(run.height(rowHeight: 10) == heights.reduce(0, +))
        }
    }

    /// A chunk of one or two bytes a row is summed a block at a time (16
    /// and 8 rows, or 8), then by a masked word or row by row: at every
    /// row's edge, in a full chunk and in ones whose last block is short,
    /// it finds the row a row-by-row sum finds, and every row's top is that
    /// sum's, with defaults (as tall as a "default" value, and not) inside
    /// the blocks. Heights up to the tallest of the width, so that a
    /// block's sum does not fit its lanes' type.
    @Test func aChunkFindsTheRowAtEveryOffset() {
        var random = SeededRandom(seed: 39)
        for bytes in [1, 2] {
            for count in [64, 21, 40] {
                for rowHeight in [3, 65535, 70000] {
                    for tallest in bytes == 1 ? [UInt64(1), 255] : [9, 65535] {
                        let values: [UInt32] = (0..<count).map { _ in
                            let v = UInt32(random.next() % tallest)
                            return random.next() % 4 == 0 ? RowRun.none : bytes == 1 ? pt(v) : v
                        }
                        let run = RowRun(heights: values[...])
                        guard let plain = PlainRows(lookup: run.lookup, count: run.count) else {
                            Issue.record("a chunk of plain rows")
                            return
                        }
                        #expect(plain.width == bytes || values.allSatisfy { $0 == RowRun.none || $0 == 0 })
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
                        #expect(wrong == 0, "\(bytes) bytes a row, count \(count), default height \(rowHeight), heights below \(tallest)")
                    }
                }
            }
        }
    }
}
