/// A failure of a table operation. Every failing operation throws one and
/// leaves the table exactly as it was.
public struct FoldError: Error, Equatable, CustomStringConvertible {
    /// What kind of failure; the raw values are the C ABI's status codes.
    public enum Code: Int32, Sendable {
        case invalidArgument = -1
        case outOfRange = -2
        case notFound = -3
        case duplicateKey = -4
        case notVisible = -5
        case busy = -6
        /// The section does not allow it (collapsing one that is not collapsible).
        case notAllowed = -7
        /// The load a ticket names is over (Table+Loading.swift).
        case cancelled = -8
        case internalError = -99
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    // Message builders. Messages are read by C and Python users: plain words
    // and numbers ("0 to 4"), never Swift syntax such as `0..<4`.

    /// Collapsing a section that is not collapsible.
    static func notCollapsible(_ s: Section) -> FoldError {
        FoldError(.notAllowed, s.hasHeader ? "section \"\(s.key)\" is not collapsible"
                  : "section \"\(s.key)\" is not collapsible: it has no header item")
    }

    /// Adding children to a section whose children are not loaded.
    static func notLoaded(_ s: Section, _ what: String) -> FoldError {
        FoldError(.notAllowed, "section \"\(s.key)\" cannot take \(what): its children are not loaded "
                  + "(they arrive through finishLoad)")
    }

    /// "`what` `value` is out of range (`why`)".
    static func range(_ what: String, _ value: Int, _ why: String) -> FoldError {
        FoldError(.outOfRange, "\(what) \(value) is out of range (\(why))")
    }

    /// A count or index below zero: "row count -1 is out of range (it must be 0 or more)".
    static func negative(_ what: String, _ value: Int) -> FoldError {
        range(what, value, "it must be 0 or more")
    }

    /// "1 row", "5 rows", "1 child", "3 children".
    static func counted(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }

    /// What `parent`'s children are to a reader: the table's sections, or a
    /// section's children. Returns the index's name and "the table has 4
    /// sections" / "section "a" has 3 children".
    static func children(of parent: Section, other: Bool = false) -> (index: String, has: String) {
        let o = other ? "other " : ""
        if parent.parent == nil {
            return ("section index", "the table has \(counted(parent.childCount - (other ? 1 : 0), o + "section", o + "sections"))")
        }
        return ("child index", "section \"\(parent.key)\" has \(counted(parent.childCount - (other ? 1 : 0), o + "child", o + "children"))")
    }

    /// Child `index` of `parent` does not exist: "section index 7 is out of
    /// range (the table has 4 sections)", "child index 5 is out of range
    /// (section "a" has 3 children)".
    static func child(_ index: Int, of parent: Section) -> FoldError {
        let c = children(of: parent)
        return range(c.index, index, c.has)
    }

    /// `index` is not a place to insert among `count` things: "... (section
    /// "a" has 3 children: insert at 0 to 3)".
    static func insertion(_ what: String, _ index: Int, _ has: String, count: Int, verb: String = "insert at") -> FoldError {
        range(what, index, "\(has): \(verb) 0 to \(count)")
    }

    /// Items `first`, `first + 1`, ... (`count` of them) are not all there:
    /// `rows 5 to 7 of section "a" are out of range (it has 5 rows)`, `row 5
    /// of section "a" is out of range (it has 5 rows)`.
    static func span(_ one: String, _ many: String, _ first: Int, _ count: Int, of holder: String,
                     has total: String) -> FoldError {
        let of = holder.isEmpty ? "" : " of \(holder)"
        let (last, overflow) = first.addingReportingOverflow(count - 1)
        let what: String
        if count <= 1 {
            what = "\(one) \(first)\(of) is"
        } else if overflow {
            what = "\(count) \(many) from \(one) \(first)\(of) are"
        } else {
            what = "\(many) \(first) to \(last)\(of) are"
        }
        return FoldError(.outOfRange, "\(what) out of range (\(total))")
    }
}
