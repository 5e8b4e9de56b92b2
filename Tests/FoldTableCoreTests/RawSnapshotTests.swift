#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import FoldTableCore

/// `RawSnapshot` (the C ABI's entries, read in place) against the same
/// snapshots given as Swift values: the same reports, errors and tables,
/// step after step, with short, long and non-ASCII keys and NULL headers.
@Suite struct RawSnapshotTests {
    /// An entry laid out as C lays out `fold_snapshot_entry`; the core
    /// reads it through the offsets in `layout`, as the ABI passes them.
    struct CEntry {
        var kind: Int32
        var depth: Int32
        var key: UnsafePointer<CChar>?
        var header: UnsafePointer<CChar>?
        var rows: Int64
        var flags: UInt32
        var heights: UInt32
        var headerHeight: Double
        var footerHeight: Double
        var rowHeight: Double
    }

    static let layout = RawSnapshot.Layout(
        of: CEntry.self, kind: \.kind, depth: \.depth, key: \.key, header: \.header, rows: \.rows,
        flags: \.flags, heights: \.heights, headerHeight: \.headerHeight, footerHeight: \.footerHeight,
        rowHeight: \.rowHeight, headerBit: 1, footerBit: 2, rowBit: 4)

    /// Applies `entries` read in place: each string a NUL-terminated copy
    /// that lives for the call; an empty header alternately NULL and "".
    static func applyRaw(_ t: Table, _ entries: [SnapshotEntry]) throws -> SnapshotReport {
        var copies: [UnsafeMutablePointer<CChar>] = []
        defer { copies.forEach { free($0) } }
        func c(_ s: String) -> UnsafePointer<CChar> {
            let p = strdup(s)!
            copies.append(p)
            return UnsafePointer(p)
        }
        func bit(_ h: Double, _ b: UInt32) -> UInt32 { h == Table.keepHeight ? 0 : b }
        let raw = entries.enumerated().map { i, e -> CEntry in
            let section = e.kind == .section
            return CEntry(kind: e.kind.rawValue, depth: Int32(e.depth), key: section ? c(e.key) : nil,
                          header: !section || (e.header.isEmpty && i % 2 == 0) ? nil : c(e.header),
                          rows: Int64(e.rows), flags: e.flags.rawValue,
                          heights: bit(e.headerHeight, 1) | bit(e.footerHeight, 2) | bit(e.rowHeight, 4),
                          headerHeight: e.headerHeight, footerHeight: e.footerHeight, rowHeight: e.rowHeight)
        }
        return try raw.withUnsafeBufferPointer {
            try t.applySnapshot(RawSnapshot(base: UnsafeRawPointer($0.baseAddress), count: $0.count, layout: layout))
        }
    }

    /// Everything a view sees, with each section's key and header text.
    static func dump(_ t: Table) -> [String] {
        var out: [String] = []
        t.forEachItem(from: 0) { placed in
            let ref = SectionRef.id(placed.item.sectionID)
            let key = (try? t.sectionKey(ref)) ?? "?", header = (try? t.headerText(section: ref)) ?? "?"
            out.append("\(placed.item.kind) \(key) \(placed.item.row) \(header) \(placed.top) \(placed.height)")
            return true
        }
        out.append("content \(t.contentHeight)")
        return out
    }

    /// Some keys long (past Swift's inline strings) and non-ASCII.
    static func varied(_ entries: [SnapshotEntry]) -> [SnapshotEntry] {
        entries.map { e in
            guard e.kind == .section, let n = Int(e.key.dropFirst()), n % 3 != 1 else { return e }
            var e = e
            e.key = n % 3 == 0 ? "\(e.key) · clé longue, bien plus de quinze octets" : "\(e.key)é"
            if n % 2 == 0 { e.header = "" }
            return e
        }
    }

    @Test(arguments: 0..<24) func rawEntriesMatchSwiftEntries(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let swift = try Table(), raw = try Table()
        for step in 0..<10 {
            let snapshot = Self.varied(SnapshotTests.randomSnapshot(&rng, keys: 24, maxSections: 16))
            let a = try swift.applySnapshot(snapshot)
            let b = try Self.applyRaw(raw, snapshot)
            #expect(a == b, "seed \(seed) step \(step)")
            #expect(Self.dump(swift) == Self.dump(raw), "seed \(seed) step \(step)")
            #expect(raw.invariantViolations() == [])
        }
        // A duplicate key: the same error both ways, and nothing changes.
        var snapshot = Self.varied(SnapshotTests.randomSnapshot(&rng, keys: 24, maxSections: 16))
        snapshot += [.section("dup"), .section("dup")]
        let before = Self.dump(raw)
        var messages: [String] = []
        for apply in [{ try swift.applySnapshot(snapshot) }, { try Self.applyRaw(raw, snapshot) }] {
            do { _ = try apply() } catch let e as FoldError { messages.append("\(e.code) \(e.message)") }
        }
        #expect(messages.count == 2 && messages[0] == messages[1], "\(messages)")
        #expect(Self.dump(raw) == before)
    }
}
