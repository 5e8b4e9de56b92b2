import Testing
@testable import FoldTableCore

// What the tests share: the seeded generator, the tables they start from,
// and Item helpers. The reference model is TreeModel.swift.

/// SplitMix64: small, seeded, the same sequence on every platform.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// next() % n: 0..<n, not quite uniform (for tests that replay raw draws).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A part of a fixture table, for `makeTable`.
indirect enum Node {
    /// A section with `rows` rows of the default height, then `children`.
    case section(String, header: String = "", rows: Int = 0, flags: SectionFlags = [], children: [Node] = [])
    /// `count` rows of the default height, in the enclosing section.
    case rows(Int)
}

/// A table built from `nodes` in order, top level first, with one
/// insertSection per section (ids in that order) and one insertRows per
/// `.rows` node.
func makeTable(_ nodes: [Node], options: TableOptions = TableOptions()) throws -> Table {
    let t = try Table(options: options)
    func add(_ nodes: [Node], in parent: String?, at first: Int) throws {
        var at = first
        for node in nodes {
            switch node {
            case let .section(key, header, rows, flags, children):
                try t.insertSection(in: parent.map { .key($0) }, at: at, key: key, header: header, rows: rows,
                                    flags: flags)
                try add(children, in: key, at: rows)
                at += 1
            case .rows(let count):
                guard let parent else { throw FoldError(.invalidArgument, "fixture: rows at the top level") }
                try t.insertRows(in: .key(parent), atChild: at, count: count)
                at += count
            }
        }
    }
    try add(nodes, in: nil, at: 0)
    return t
}

/// foldtable.h's worked example: Mac (3 rows), iPad (2), iPhone (4).
/// Items: Mac 0, rows 1-3; iPad 4, rows 5-6; iPhone 7, rows 8-11.
func sampleTable() throws -> Table {
    try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2), .section("iPhone", rows: 4)])
}

/// Records every change set a table reports, in order.
final class ChangeRecorder {
    var sets: [ChangeSet] = []
    init(_ t: Table) { t.onChange { [unowned self] in self.sets.append($0) } }
    /// The last set reported.
    var last: ChangeSet? { sets.last }
}

/// Expects the items to start at `tops` (so there are `tops.count` of them)
/// and the content to be `content` tall.
func expectTops(_ t: Table, _ tops: [Double], content: Double,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(t.itemCount == tops.count, sourceLocation: sourceLocation)
    #expect(t.contentHeight == content, sourceLocation: sourceLocation)
    #expect(try (0..<tops.count).map { try t.itemTop(at: $0) } == tops, sourceLocation: sourceLocation)
}

/// Expects each offset to fall as given: (offset, position, place).
func expectHits(_ t: Table, _ hits: [(Double, Int, OffsetPlace)],
                sourceLocation: SourceLocation = #_sourceLocation) throws {
    for (y, position, place) in hits {
        #expect(try t.item(atOffset: y) == (position, place), "offset \(y)", sourceLocation: sourceLocation)
    }
}

extension Table {
    /// Gives each row, named by its section's key and its index, this
    /// expanded height.
    func setExpandedHeight(_ height: Double, rows: [(String, Int)]) throws {
        for (key, row) in rows { try setExpandedHeight(height, section: .key(key), row: row) }
    }
}

extension Item {
    /// This item without its section id, for tests about other fields.
    var withoutID: Item { with(id: 0) }

    /// This item with the section id the table handed out (models know keys, not ids).
    func with(id: SectionID?) -> Item {
        var item = self
        item.sectionID = id ?? 0
        return item
    }
}

extension SeededRandom {
    /// A row height for the random tests: mostly 0...upTo / 2 in half
    /// points (the whole ones fit a chunk of one byte a row, the halves make
    /// it two), and one time in ten a tall one around where a chunk's
    /// heights stop fitting two bytes (`RowHeights`: 65535 units, 255.996
    /// pt, is the first that does not).
    mutating func rowHeight(halfPointsUpTo upTo: Int) -> Double {
        guard Int.random(in: 0..<10, using: &self) == 0 else { return Double(Int.random(in: 0...upTo, using: &self)) / 2 }
        return [65534.0 / 256, 65535.0 / 256, 256, 300.5, 1000][Int.random(in: 0..<5, using: &self)]
    }
}
