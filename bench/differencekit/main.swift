// dk-bench — DifferenceKit's StagedChangeset(source:target:) over the same
// lists as bench/reconcile.c, for bench/differencekit.sh (which builds it
// with `swift build -c release` outside this repository, against
// DifferenceKit at a pinned commit; DifferenceKit is not part of FoldTable).
//
//   dk-bench                 N = 100000 sections, 5 repetitions
//   dk-bench --sections N    another N
//   dk-bench --reps R        R repetitions (1-16)
//   dk-bench --case K        only case K (0-7 as reconcile's, 8: [UUID]), once
//                            unless --reps is given (for callgrind:
//                            --toggle-collect='*StagedChangeset*source*target*')
//   dk-bench --keys K        prints case K's new list, one key and row count
//                            a line (K = 0-7; "base" and "uuid-base" for the old
//                            lists), to compare with reconcile's
//
// The lists are drawn exactly as reconcile.c draws them: the same SplitMix64
// sequence from the same seed, in the same order, the same key texts
// ("s%09lld"; UUID texts for DifferenceKit's own benchmark). Each section is
// an element whose identity is its key and whose content is its row count, so
// "every run +1 row" is a list of updates here too. DifferenceKit's own
// benchmark is timed twice: with those elements (the keys apply_snapshot
// matches) and with Foundation UUIDs, the element type of its Benchmark/.
// DifferenceKit only computes the change set from two arrays; it edits
// nothing and keeps no state.
import DifferenceKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

var rng: UInt64 = 0x5eed

func draw64() -> UInt64 {
    rng &+= 0x9E37_79B9_7F4A_7C15
    var z = rng
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

func below(_ n: Int) -> Int { Int(draw64() % UInt64(n)) }

func nowMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

struct Section: Differentiable {
    let key: String
    let rows: Int
    var differenceIdentifier: String { key }
    func isContentEqual(to source: Section) -> Bool { rows == source.rows }
}

extension UUID: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}

/// Key numbers and row counts, as reconcile.c's `plan`.
struct Plan {
    var key: [Int] = []
    var rows: [Int] = []
    var uuid = false
    mutating func add(_ k: Int, _ r: Int) { key.append(k); rows.append(r) }
}

let rowsPerSection = 10
var n = 100_000
var reps = 5
var keysOf: String?
var only: Int?
var argi = 1
let args = CommandLine.arguments
while argi < args.count {
    switch args[argi] {
    case "--sections" where argi + 1 < args.count: n = Int(args[argi + 1]) ?? n; argi += 1
    case "--reps" where argi + 1 < args.count: reps = Int(args[argi + 1]) ?? reps; argi += 1
    case "--keys" where argi + 1 < args.count: keysOf = args[argi + 1]; argi += 1
    case "--case" where argi + 1 < args.count:
        only = Int(args[argi + 1]).flatMap { (0...8).contains($0) ? $0 : nil } ?? -1
        if only == -1 { FileHandle.standardError.write("dk-bench: --case takes 0-8\n".data(using: .utf8)!); exit(2) }
        if !args[..<argi].contains("--reps") { reps = 1 }
        argi += 1
    default:
        FileHandle.standardError.write("usage: dk-bench [--sections N] [--reps R] [--keys K] [--case K]\n".data(using: .utf8)!)
        exit(2)
    }
    argi += 1
}
reps = min(max(reps, 1), 16)
n = max(n, 100)

let keys: [String] = (0..<(n + n / 10)).map { String(format: "s%09lld", Int64($0)) }
var base = Plan()
for i in 0..<n { base.add(i, rowsPerSection) }
var cases = [Plan](repeating: Plan(), count: 8)
do {
    // 1% inserted (keys n.., at random places), removed, moved.
    var mark = [Bool](repeating: false, count: n)
    var next = n
    for i in 0..<n { cases[0].add(i, rowsPerSection) }
    for _ in 0..<(n / 100) { mark[below(n)] = true }
    for i in 0..<n {
        if mark[i] { cases[1].add(next, rowsPerSection); next += 1 }
        cases[1].add(i, rowsPerSection)
        if !mark[i] { cases[2].add(i, rowsPerSection) }
    }
    var whereTo = [Int]()
    for _ in 0..<(n / 100) { whereTo.append(below(n)) }
    mark = [Bool](repeating: false, count: n)
    for _ in 0..<(n / 100) { mark[below(n)] = true }
    do {
        var moving = [Int](), taken = 0
        var insertHere = [Bool](repeating: false, count: n)
        for i in 0..<n where mark[i] { moving.append(i) }
        for k in 0..<(n / 100) { insertHere[whereTo[k]] = true }
        for i in 0..<n {
            if insertHere[i] && taken < moving.count { cases[3].add(moving[taken], rowsPerSection); taken += 1 }
            if !mark[i] { cases[3].add(i, rowsPerSection) }
        }
        while taken < moving.count { cases[3].add(moving[taken], rowsPerSection); taken += 1 }
    }
    do {
        // DifferenceKit's README case: n/10 removed, n/10 inserted, n/50 moved.
        var gone = [Bool](repeating: false, count: n), moved = [Bool](repeating: false, count: n)
        var insertHere = [Bool](repeating: false, count: n), moveHere = [Bool](repeating: false, count: n)
        var moving = [Int](), taken = 0, fresh = n
        var k = 0
        while k < n / 10 { let i = below(n); if !gone[i] { gone[i] = true; k += 1 } }
        k = 0
        while k < n / 50 { let i = below(n); if !gone[i] && !moved[i] { moved[i] = true; k += 1 } }
        k = 0
        while k < n / 10 { let i = below(n); if !insertHere[i] { insertHere[i] = true; k += 1 } }
        k = 0
        while k < n / 50 { let i = below(n); if !moveHere[i] { moveHere[i] = true; k += 1 } }
        for i in 0..<n where moved[i] { moving.append(i) }
        for i in 0..<n {
            if insertHere[i] { cases[6].add(fresh, rowsPerSection); fresh += 1 }
            if moveHere[i] && taken < moving.count { cases[6].add(moving[taken], rowsPerSection); taken += 1 }
            if !gone[i] && !moved[i] { cases[6].add(i, rowsPerSection) }
        }
        while taken < moving.count { cases[6].add(moving[taken], rowsPerSection); taken += 1 }
    }
    for i in 0..<n { cases[4].add(i, rowsPerSection + 1) }
    for i in stride(from: n - 1, through: 0, by: -1) { cases[5].add(i, rowsPerSection) }
}

// DifferenceKit's own benchmark, drawn after the others as in reconcile.c.
var uuidValues = [UUID]()
var uuidTexts = [String]()
var uuidBase = Plan()
do {
    let cut = n / 5, gone = n / 10, at = 3 * n / 10, shuffled = n / 50
    for _ in 0..<(n + n / 10) {
        var hi = draw64(), lo = draw64()
        hi = (hi & ~UInt64(0xF000)) | 0x4000
        lo = (lo & ~(UInt64(0xC0) << 56)) | (UInt64(0x80) << 56)
        let b = (0..<8).map { UInt8(truncatingIfNeeded: hi >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: lo >> (56 - 8 * $0)) }
        let u = UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                            b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        uuidValues.append(u)
        uuidTexts.append(u.uuidString)
    }
    uuidBase.uuid = true
    cases[7].uuid = true
    for i in 0..<n { uuidBase.add(i, rowsPerSection) }
    for i in 0..<cut { cases[7].add(i, rowsPerSection) }
    var i = cut + gone
    while i < n && cases[7].key.count < at { cases[7].add(i, rowsPerSection); i += 1 }
    for k in 0..<(n / 10) { cases[7].add(n + k, rowsPerSection) }
    while i < n { cases[7].add(i, rowsPerSection); i += 1 }
    var j = shuffled - 1
    while j > 0 {
        let o = below(j + 1)
        cases[7].key.swapAt(j, o)
        j -= 1
    }
}

func sections(_ p: Plan) -> [Section] {
    (0..<p.key.count).map { Section(key: p.uuid ? uuidTexts[p.key[$0]] : keys[p.key[$0]], rows: p.rows[$0]) }
}

if let which = keysOf {
    let p: Plan
    switch which {
    case "base": p = base
    case "uuid-base": p = uuidBase
    default:
        guard let c = Int(which), (0..<8).contains(c) else { print("--keys: 0-7, base or uuid-base"); exit(2) }
        p = cases[c]
    }
    var out = ""
    for s in sections(p) { out += "\(s.key) \(s.rows)\n" }
    FileHandle.standardOutput.write(out.data(using: .utf8)!)
    exit(0)
}

func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - s.count))
    return left ? s + fill : fill + s
}

func ms(_ v: Double) -> String { pad(String(format: "%.2f", v), 12) }

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The median and fastest time of `reps` diffs, the number of stages and of
/// element changes of the last one.
func time<E: Differentiable>(_ source: [E], _ target: [E]) -> (Double, Double, Int, Int) {
    var times = [Double]()
    var stages = 0, changes = 0
    for _ in 0..<reps {
        let t0 = nowMs()
        let set = StagedChangeset(source: source, target: target)
        times.append(nowMs() - t0)
        stages = set.count
        changes = set.reduce(0) {
            $0 + $1.elementDeleted.count + $1.elementInserted.count + $1.elementMoved.count + $1.elementUpdated.count
        }
    }
    return (median(times), times.min()!, stages, changes)
}

let names = ["nothing changed", "1% inserted", "1% removed", "1% moved",
             "every run +1 row", "all reversed", "10%/10%/2% (DK)", "DK bench, UUIDs"]
print("DifferenceKit StagedChangeset(source:target:): \(n) sections, median and fastest of \(reps) repetition\(reps == 1 ? "" : "s")")
print(pad("case", 18, left: true), pad("diff ms", 12), pad("fastest ms", 12), pad("stages", 8), pad("changes", 12))
let baseSections = sections(base), uuidBaseSections = sections(uuidBase)
for c in 0..<8 where only == nil || only == c {
    let (m, f, s, ch) = time(c == 7 ? uuidBaseSections : baseSections, sections(cases[c]))
    print(pad(names[c], 18, left: true), ms(m), ms(f), pad("\(s)", 8), pad("\(ch)", 12))
}
if only == nil || only == 8 {
    // The same lists as Foundation UUIDs: DifferenceKit's Benchmark/ itself.
    let (m, f, s, ch) = time(uuidBase.key.map { uuidValues[$0] }, cases[7].key.map { uuidValues[$0] })
    print(pad("DK bench, [UUID]", 18, left: true), ms(m), ms(f), pad("\(s)", 8), pad("\(ch)", 12))
}
