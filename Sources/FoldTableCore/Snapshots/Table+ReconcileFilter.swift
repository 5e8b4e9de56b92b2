/// `applySnapshot` while a filter is on: the match function is asked about
/// every section and row the snapshot adds before anything changes (the new
/// sections are made and registered first, so it gets their ids; a stop
/// drops them and changes nothing); the answers go in with the rows, and
/// the filter's state is derived again once the snapshot is in.
struct SnapshotAnswers {
    /// Per snapshot section: the new section made for it (nil: kept).
    var created: [Section?]
    /// Per snapshot section: its header's answer (new sections), and the
    /// answers for the rows it gets, in the order `arrange` adds them.
    var header: [Bool]
    var rows: [[Bool]]
    /// How many row answers of each section `arrange` has used.
    var used: [Int]
    /// The answers for the rows a reload adds among the reloaded
    /// section's own children (section -1), and how many are used.
    var topRows: [Bool] = []
    var topUsed = 0

    init(count: Int) {
        created = Array(repeating: nil, count: count)
        header = Array(repeating: false, count: count)
        rows = Array(repeating: [], count: count)
        used = Array(repeating: 0, count: count)
    }

    /// The answers for the next `count` rows `arrange` adds to section `n`.
    mutating func take(_ n: Int, _ count: Int) -> ArraySlice<Bool> {
        if n < 0 {
            topUsed += count
            return topRows[(topUsed - count)..<topUsed]
        }
        let start = used[n]
        used[n] += count
        return rows[n][start..<(start + count)]
    }
}

/// A section's old rows between the subsections that stay, stretch by
/// stretch, as `arrange` matches them to the snapshot's rows.
struct RowStretches {
    /// The old rows before each subsection that stays, in order.
    private var staying: [Int] = []
    private var next = 0
    private let oldRows: Int

    /// For snapshot section `n`; its subsections that stay are the ones it
    /// has now (none: no scan).
    init(_ n: Int, _ plan: SnapshotPlan, _ stays: [Bool], _ match: SnapshotMatch,
         oldRows: Int, hasSections: Bool) {
        self.oldRows = oldRows
        guard hasSections else { return }
        var staying: [Int] = []
        plan.forEachChild(of: n) { child in
            if case .section(let j) = child, stays[j] { staying.append(match.rowsBefore(j)) }
        }
        self.staying = staying
    }

    /// The old rows between the previous staying subsection and the next one.
    var current: Int {
        let end = next < staying.count ? staying[next] : oldRows
        return end - (next > 0 ? staying[next - 1] : 0)
    }

    /// Past the next staying subsection: the old rows of the stretch after it.
    mutating func advance() -> Int {
        next += 1
        return current
    }
}

extension Table {
    /// Makes the snapshot's new sections and asks the match function about
    /// them and about every row the snapshot adds (as row indices of the
    /// table it will be). Nothing in the table changes; a nil answer
    /// forgets the new sections and throws `.cancelled`. O(rows and
    /// sections asked + e).
    func askSnapshot(_ plan: SnapshotPlan, _ texts: SnapshotTexts, _ match: SnapshotMatch,
                     _ stays: [Bool], top: Section) throws -> SnapshotAnswers? {
        guard let filter else { return nil }
        let count = plan.sectionCount
        var answers = SnapshotAnswers(count: count)
        for n in 0..<count where !match.isKept(n) {
            let s = newSection(plan, texts, n)
            s.filterHidden = true  // shown once the filter's state is derived
            answers.created[n] = s
        }
        matchBeingAsked = filter.match
        defer { matchBeingAsked = nil }
        do {
            // The table's top level holds no rows; a reloaded section may.
            if top !== root {
                for range in addedRows(top, -1, plan, stays, match, isNew: false) {
                    for r in range { answers.topRows.append(try ask(top, r)) }
                }
            }
            for n in 0..<count {
                guard let x = match[n] ?? answers.created[n] else { continue }
                if answers.created[n] != nil { answers.header[n] = try ask(x, -1) }
                let added = addedRows(x, n, plan, stays, match, isNew: !match.isKept(n))
                guard !added.isEmpty else { continue }
                var rows: [Bool] = []
                for range in added { for r in range { rows.append(try ask(x, r)) } }
                answers.rows[n] = rows
            }
        } catch {
            for case let s? in answers.created { forget(s) }
            throw error
        }
        return answers
    }

    /// The rows `arrange` will add to `x` (snapshot section `n`), as row
    /// indices once it is done, in the order it adds them: its counting,
    /// without its changes. O(children of n).
    private func addedRows(_ x: Section, _ n: Int, _ plan: SnapshotPlan,
                           _ stays: [Bool], _ match: SnapshotMatch, isNew: Bool) -> [Range<Int>] {
        let sum = x.list.sum
        let oldRows = isNew ? 0 : sum.rows
        let hasSections = !isNew && sum.children > sum.rows
        if !hasSections, let rows = plan.onlyRows(of: n) {
            return rows > oldRows ? [oldRows..<rows] : []
        }
        var stretches = RowStretches(n, plan, stays, match, oldRows: oldRows, hasSections: hasSections)
        var left = stretches.current
        var row = 0  // rows before the point reached, in the new order
        var out: [Range<Int>] = []
        plan.forEachChild(of: n) { child in
            switch child {
            case .rows(let r):
                let taken = min(r, left)
                row += taken
                left -= taken
                if r > taken {
                    out.append(row..<(row + r - taken))
                    row += r - taken
                }
            case .section(let j):
                if stays[j] { left = stretches.advance() }  // the old rows left over go
            }
        }
        return out
    }
}
