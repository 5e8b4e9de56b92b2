/// One child entry of a section's list: a run of rows or a subsection.
enum Piece {
    case rows(RowRun)
    case section(Section)

    @inline(__always)
    var summary: Summary { Piece.summary(of: self) }

    /// The children it stands for: its rows, or 1 for a subsection.
    @inline(__always)
    var childCount: Int {
        switch self {
        case .rows(let run): return run.count
        case .section: return 1
        }
    }

    @inline(__always)
    var isSection: Bool {
        if case .section = self { return true } else { return false }
    }

    /// What a leaf records of the piece for lookups (`TotalsView.lookup`,
    /// `LookupTag`): a row run's `RowRun.lookup`, or a subsection's address,
    /// so a descent reaches either without the leaf's pieces array. Read
    /// from a borrowed piece, like `summary(of:)`.
    @inline(__always)
    static func lookup(of piece: borrowing Piece) -> Int {
        switch piece {
        case .rows(let run): return run.lookup
        case .section(let s):
            return LookupTag.entry(Int(bitPattern: Unmanaged.passUnretained(s).toOpaque()), LookupTag.section,
                                   else: LookupTag.none)
        }
    }

    /// Whether the piece is the subsection at `address`, read from a
    /// borrowed piece like `summary(of:)`: no retain of any piece's section.
    @inline(__always)
    static func isSection(_ piece: borrowing Piece, at address: UnsafeMutableRawPointer) -> Bool {
        switch piece {
        case .rows: return false
        case .section(let s): return Unmanaged.passUnretained(s).toOpaque() == address
        }
    }

    /// A piece's summary, read from a borrowed piece: no copy, so no retain
    /// of a run's height storage (a cache miss per piece in a large table).
    @inline(__always)
    static func summary(of piece: borrowing Piece) -> Summary {
        switch piece {
        case .rows(let run): return run.summary
        case .section(let s): return s.contribution
        }
    }
}
