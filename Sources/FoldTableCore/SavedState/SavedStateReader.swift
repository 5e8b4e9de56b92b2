/// Reads saved state straight from its UTF-8 text into compact entries
/// (8 bytes per collapsed key, 16 per expanded row or selected entry: keys stay in the text
/// as spans), never into a tree of JSON values. Strict RFC 8259 JSON:
/// numbers as its grammar says and within Double's range, no duplicate
/// member names in any object, UTF-8 checked in strings, and every error
/// names the byte offset and what was expected there.
///
/// Two passes over the text: the first checks everything that needs no
/// memory and counts the entries, the second stores them into buffers of
/// exactly that size and refuses duplicate names. Its memory is bounded by
/// the entries (about input/3 bytes for typical state, under 3x the input
/// for any input); allocations come from `malloc`, so running out of memory
/// is an error, not a trap. O(input) time.
struct SavedStateReader {
    /// The largest input read, in bytes (FOLD_MAX_STATE_BYTES): 1 GiB, about
    /// 30 million sections in `exportState`'s format. It keeps every offset
    /// in 32 bits and bounds what one call may allocate.
    static let maxBytes = 1 << 30
    static let maxDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var storing = false
    private var collapsedCount = 0
    private var expandedCount = 0
    private(set) var expanded: MallocArray<SavedRow>?
    private(set) var hasExpanded = false
    private(set) var anchor: SavedAnchor?
    private var selectedCount = 0
    /// "selected" (Table+Selection.swift), in the text's order.
    private(set) var selected: MallocArray<SavedSelected>?
    private(set) var selectionAnchor: SavedSelectionAnchor?
    /// "focus" (Table+SavedFocus.swift).
    private(set) var focus: SavedFocus?
    /// The saved keys of "collapsed" with their flags (in `Span.flag`), in
    /// the text's order; also the table that refuses duplicates among them.
    private var collapsedKeys: KeySet?
    var collapsed: MallocArray<Span>? { collapsedKeys?.keys }

    /// Reads and checks the whole text; throws `.invalidArgument` for
    /// anything malformed, too large, or not saved state.
    init(_ bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int = SavedStateReader.maxBytes) throws {
        self.bytes = bytes
        guard bytes.count <= maxBytes else {
            throw FoldError(.invalidArgument, "saved state: the text has \(bytes.count) bytes; "
                + "at most \(maxBytes) (FOLD_MAX_STATE_BYTES) are read")
        }
        try document()
        guard let keys = KeySet(capacity: collapsedCount),
              let rows = MallocArray<SavedRow>(capacity: expandedCount),
              let runs = MallocArray<SavedSelected>(capacity: selectedCount) else { throw outOfMemory() }
        collapsedKeys = keys
        expanded = rows
        selected = runs
        selectionAnchor = nil
        focus = nil
        storing = true
        at = 0
        hasExpanded = false
        anchor = nil
        try document()
    }

    private func outOfMemory() -> FoldError {
        FoldError(.invalidArgument, "saved state: not enough memory to read \(bytes.count) bytes of it")
    }

    /// The text of a string span, escapes decoded (it was checked when read).
    func text(_ s: Span) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(s.start)..<(Int(s.start) + s.count)])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: decoded(s), as: UTF8.self)
    }

    /// The UTF-8 bytes of a string span with its escapes decoded.
    private func decoded(_ s: Span) -> [UInt8] {
        var out: [UInt8] = []
        var i = Int(s.start)
        let end = i + s.count
        func hex(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                let c = UInt32(bytes[k])
                v = v * 16 + (c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x61 + 10)
            }
            return v
        }
        while i < end {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var v = hex(i)
                i += 4
                if (0xD800..<0xDC00).contains(v) {
                    v = 0x10000 + ((v - 0xD800) << 10) + (hex(i + 2) - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8)
            default: out.append(e)  // " \ /
            }
        }
        return out
    }

    /// Whether two spans name the same string.
    func same(_ a: Span, _ b: Span) -> Bool {
        let ra = UnsafeBufferPointer(rebasing: bytes[Int(a.start)..<(Int(a.start) + a.count)])
        let rb = UnsafeBufferPointer(rebasing: bytes[Int(b.start)..<(Int(b.start) + b.count)])
        if ra.elementsEqual(rb) { return true }
        guard ra.contains(UInt8(ascii: "\\")) || rb.contains(UInt8(ascii: "\\")) else { return false }
        return decoded(a) == decoded(b)
    }

    /// FNV-1a of the decoded string.
    func hash(_ s: Span) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ c: UInt8) { h = (h ^ UInt64(c)) &* 0x100_0000_01b3 }
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(s.start)..<(Int(s.start) + s.count)])
        if raw.contains(UInt8(ascii: "\\")) { for c in decoded(s) { mix(c) } } else { for c in raw { mix(c) } }
        return h
    }

    // MARK: Errors

    private func fail(_ what: String, at offset: Int? = nil) -> FoldError {
        FoldError(.invalidArgument, "saved state: at byte \(offset ?? at): \(what)")
    }

    /// A key for a message: quoted, shortened when long.
    private func shown(_ s: Span) -> String {
        let t = text(s)
        return JSON.quote(t.count > 40 ? String(t.prefix(40)) + "..." : t)
    }

    // MARK: Grammar

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    private mutating func document() throws {
        skipSpace()
        guard peek == UInt8(ascii: "{") else {
            throw fail(peek == nil ? "expected '{': saved state is a JSON object, and the text is empty"
                                   : "expected '{': saved state is a JSON object")
        }
        at += 1
        var keys: MemberKeys? = MemberKeys()
        var first = true
        while let (key, _) = try memberName(&first, &keys) {
            let valueAt = at
            switch text(key) {
            case "version":
                guard peek == UInt8(ascii: "-") || peek.map(isDigit) == true, try number() == 1 else {
                    throw fail("expected 1 as \"version\"", at: valueAt)
                }
            case "collapsed": try collapsedMap()
            case "expanded": try expandedList()
            case "anchor": try anchorObject()
            case "selected": try selectedList()
            case "selection_anchor": try selectionAnchorObject()
            case "focus": try focusObject()
            default: try skipValue(depth: 1)
            }
        }
        skipSpace()
        guard at == bytes.count else { throw fail("expected the end of the text after the JSON object") }
    }

    /// After '{' or a member's value: the next member's name (its ':' read),
    /// or nil after the closing '}'. In the second pass, a name seen before
    /// in the same object is refused.
    private mutating func memberName(_ first: inout Bool, _ keys: inout MemberKeys?) throws -> (Span, Int)? {
        skipSpace()
        if first {
            first = false
            if peek == UInt8(ascii: "}") { at += 1; return nil }
            guard peek == UInt8(ascii: "\"") else { throw fail("expected '\"' (a member name) or '}' in an object") }
        } else {
            switch peek {
            case UInt8(ascii: ",")?:
                at += 1
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw fail("expected '\"' (a member name) after ','") }
            case UInt8(ascii: "}")?:
                at += 1
                return nil
            default: throw fail("expected ',' or '}' after an object member")
            }
        }
        let nameAt = at
        let key = try string()
        if storing, var k = keys {
            keys = nil  // no copy of its buffer while it grows
            defer { keys = k }
            switch k.insert(key, self) {
            case .added: break
            case .duplicate: throw fail("duplicate member name \(shown(key)) in an object", at: nameAt)
            case .outOfMemory: throw outOfMemory()
            }
        }
        skipSpace()
        guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after an object member's name") }
        at += 1
        skipSpace()
        return (key, nameAt)
    }

    /// After '[' or an element: true if an element follows (at `at`), false
    /// after the closing ']'.
    private mutating func nextElement(_ first: inout Bool) throws -> Bool {
        skipSpace()
        if first {
            first = false
            if peek == UInt8(ascii: "]") { at += 1; return false }
        } else {
            switch peek {
            case UInt8(ascii: ",")?: at += 1
            case UInt8(ascii: "]")?: at += 1; return false
            default: throw fail("expected ',' or ']' after an array element")
            }
        }
        skipSpace()
        return true
    }

    /// `"collapsed": {"key": true, ...}` or null.
    private mutating func collapsedMap() throws {
        if null() { return }
        guard peek == UInt8(ascii: "{") else {
            throw fail("expected '{' or null: \"collapsed\" is an object of key: true/false")
        }
        at += 1
        var first = true
        // The names are checked for duplicates by the stored entries' table.
        var unchecked: MemberKeys? = nil
        while let (key, nameAt) = try memberName(&first, &unchecked) {
            let value: Bool
            if literal("true") { value = true } else if literal("false") { value = false } else {
                throw fail("expected true or false as the value of \(shown(key)) in \"collapsed\"")
            }
            guard storing else { collapsedCount += 1; continue }
            guard let keys = collapsedKeys, keys.keys.count < keys.keys.capacity else {
                throw fail("more members in \"collapsed\" than the first reading counted", at: nameAt)
            }
            let entry = Span(start: Int(key.start), count: key.count, flag: value)
            switch keys.insert(entry, self) {
            case .added: break
            case .duplicate: throw fail("duplicate member name \(shown(key)) in an object", at: nameAt)
            case .outOfMemory: throw outOfMemory()
            }
        }
    }

    /// `"expanded": [{"section": "key", "row": 2}, ...]` or null.
    private mutating func expandedList() throws {
        if null() { return }
        guard peek == UInt8(ascii: "[") else {
            throw fail("expected '[' or null: \"expanded\" is an array of {\"section\": key, \"row\": index}")
        }
        hasExpanded = true
        at += 1
        var first = true
        while try nextElement(&first) {
            let itemAt = at
            guard peek == UInt8(ascii: "{") else {
                throw fail("expected '{': each expanded row is an object {\"section\": key, \"row\": index}")
            }
            at += 1
            var keys: MemberKeys? = MemberKeys()
            var firstMember = true
            var section: Span?
            var row: Int?
            while let (key, _) = try memberName(&firstMember, &keys) {
                switch text(key) {
                case "section":
                    section = try string(as: "an expanded row's \"section\"")
                case "row": row = try index("an expanded row's \"row\"")
                default: try skipValue(depth: 3)
                }
            }
            guard let section, let row else {
                throw fail("expected \"section\" (a string) and \"row\" (a whole number) in each expanded row", at: itemAt)
            }
            if storing {
                guard let entries = expanded, entries.count < entries.capacity else {
                    throw fail("internal error: more expanded rows than counted", at: itemAt)
                }
                _ = entries.append(SavedRow(section: section, row: row))
            } else {
                expandedCount += 1
            }
        }
    }

    /// `"anchor": {"section": key, "kind": "row", "row": 1, "offset": 12.5}` or null.
    private mutating func anchorObject() throws {
        if null() { return }
        let objectAt = at
        guard peek == UInt8(ascii: "{") else { throw fail("expected '{' or null as \"anchor\"") }
        at += 1
        var keys: MemberKeys? = MemberKeys()
        var first = true
        var section: String?, kind: ItemKind?, row: Int?, offset: Double?
        while let (key, _) = try memberName(&first, &keys) {
            let valueAt = at
            switch text(key) {
            case "section":
                section = text(try string(as: "the anchor's \"section\""))
            case "kind":
                guard peek == UInt8(ascii: "\"") else { throw fail("expected \"header\", \"row\" or \"footer\" as the anchor's \"kind\"") }
                switch text(try string()) {
                case "header": kind = .header
                case "row": kind = .row
                case "footer": kind = .footer
                default: throw fail("expected \"header\", \"row\" or \"footer\" as the anchor's \"kind\"", at: valueAt)
                }
            case "row": row = try index("the anchor's \"row\"")
            case "offset":
                guard peek == UInt8(ascii: "-") || peek.map(isDigit) == true else {
                    throw fail("expected a number as the anchor's \"offset\"")
                }
                offset = try number()
            default: try skipValue(depth: 2)
            }
        }
        guard let section else { throw fail("expected a \"section\" string in \"anchor\"", at: objectAt) }
        guard let kind else { throw fail("expected a \"kind\" in \"anchor\" (\"header\", \"row\" or \"footer\")", at: objectAt) }
        guard let offset else { throw fail("expected an \"offset\" number in \"anchor\"", at: objectAt) }
        if kind == .row && row == nil { throw fail("expected a \"row\" whole number in an anchor of kind \"row\"", at: objectAt) }
        anchor = SavedAnchor(section: section, kind: kind, row: kind == .row ? row ?? 0 : -1, offset: offset)
    }

    /// `"selected": [{"section": "key", "row": 0, "count": 3}, {"section": "key"}, ...]`
    /// or null: runs of selected rows, and (without "row") selected sections.
    private mutating func selectedList() throws {
        if null() { return }
        guard peek == UInt8(ascii: "[") else {
            throw fail("expected '[' or null: \"selected\" is an array of {\"section\": key, \"row\": index, \"count\": rows}")
        }
        at += 1
        var first = true
        while try nextElement(&first) {
            let itemAt = at
            guard peek == UInt8(ascii: "{") else {
                throw fail("expected '{': each selected entry is an object {\"section\": key} or {\"section\": key, \"row\": index, \"count\": rows}")
            }
            at += 1
            var keys: MemberKeys? = MemberKeys()
            var firstMember = true
            var section: Span?
            var row: Int?, count: Int?
            while let (key, _) = try memberName(&firstMember, &keys) {
                switch text(key) {
                case "section":
                    section = try string(as: "a selected entry's \"section\"")
                case "row": row = try index("a selected entry's \"row\"")
                case "count": count = try index("a selected entry's \"count\"")
                default: try skipValue(depth: 3)
                }
            }
            guard let section else { throw fail("expected \"section\" (a string) in each selected entry", at: itemAt) }
            if count != nil && row == nil { throw fail("expected a \"row\" with the \"count\" of a selected entry", at: itemAt) }
            if storing {
                guard let entries = selected, entries.count < entries.capacity else {
                    throw fail("internal error: more selected entries than counted", at: itemAt)
                }
                _ = entries.append(SavedSelected(section: section, row: row ?? -1, count: row == nil ? 1 : count ?? 1))
            } else {
                selectedCount += 1
            }
        }
    }

    /// `"selection_anchor": {"section": key, "row": 2}` (without "row": the section) or null.
    private mutating func selectionAnchorObject() throws {
        if null() { return }
        let objectAt = at
        guard peek == UInt8(ascii: "{") else { throw fail("expected '{' or null as \"selection_anchor\"") }
        at += 1
        var keys: MemberKeys? = MemberKeys()
        var first = true
        var section: String?, row: Int?
        while let (key, _) = try memberName(&first, &keys) {
            switch text(key) {
            case "section":
                section = text(try string(as: "the selection anchor's \"section\""))
            case "row": row = try index("the selection anchor's \"row\"")
            default: try skipValue(depth: 2)
            }
        }
        guard let section else { throw fail("expected a \"section\" string in \"selection_anchor\"", at: objectAt) }
        selectionAnchor = SavedSelectionAnchor(section: section, row: row ?? -1)
    }

    /// `"focus": {"section": key, "kind": "row", "row": 2}` ("kind" also
    /// "header", "footer" or "placeholder", without "row") or null.
    private mutating func focusObject() throws {
        if null() { return }
        let objectAt = at
        guard peek == UInt8(ascii: "{") else { throw fail("expected '{' or null as \"focus\"") }
        at += 1
        var keys: MemberKeys? = MemberKeys()
        var first = true
        var section: String?, kind: ItemKind?, row: Int?
        let kinds = "\"header\", \"row\", \"footer\" or \"placeholder\""
        while let (key, _) = try memberName(&first, &keys) {
            let valueAt = at
            switch text(key) {
            case "section":
                section = text(try string(as: "the focus's \"section\""))
            case "kind":
                guard peek == UInt8(ascii: "\"") else { throw fail("expected \(kinds) as the focus's \"kind\"") }
                switch text(try string()) {
                case "header": kind = .header
                case "row": kind = .row
                case "footer": kind = .footer
                case "placeholder": kind = .placeholder
                default: throw fail("expected \(kinds) as the focus's \"kind\"", at: valueAt)
                }
            case "row": row = try index("the focus's \"row\"")
            default: try skipValue(depth: 2)
            }
        }
        guard let section else { throw fail("expected a \"section\" string in \"focus\"", at: objectAt) }
        guard let kind else { throw fail("expected a \"kind\" in \"focus\" (\(kinds))", at: objectAt) }
        if kind == .row && row == nil { throw fail("expected a \"row\" whole number in a focus of kind \"row\"", at: objectAt) }
        focus = SavedFocus(section: section, kind: kind, row: kind == .row ? row ?? 0 : -1)
    }

    /// A string value; `what` names it in the error, as for `index`.
    private mutating func string(as what: String) throws -> Span {
        guard peek == UInt8(ascii: "\"") else { throw fail("expected a string as \(what)") }
        return try string()
    }

    /// A whole number >= 0 below 2^53 (a row index).
    private mutating func index(_ what: String) throws -> Int {
        let valueAt = at
        guard peek == UInt8(ascii: "-") || peek.map(isDigit) == true else {
            throw fail("expected a whole number >= 0 as \(what)")
        }
        let d = try number()
        guard d >= 0, d < 9_007_199_254_740_992, d == d.rounded(.towardZero) else {
            throw fail("expected a whole number >= 0 (below 2^53) as \(what)", at: valueAt)
        }
        return Int(d)
    }

    private mutating func null() -> Bool { literal("null") }

    /// Reads `word` if the text continues with it.
    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard at + n <= bytes.count else { return false }
        let w = UnsafeBufferPointer(start: word.utf8Start, count: n)
        guard UnsafeBufferPointer(rebasing: bytes[at..<(at + n)]).elementsEqual(w) else { return false }
        at += n
        return true
    }


    /// Any JSON value, checked and dropped (a member this version ignores).
    private mutating func skipValue(depth: Int) throws {
        guard depth < SavedStateReader.maxDepth else {
            throw fail("expected at most \(SavedStateReader.maxDepth) levels of nesting")
        }
        switch peek {
        case UInt8(ascii: "{")?:
            at += 1
            var keys: MemberKeys? = MemberKeys()
            var first = true
            while try memberName(&first, &keys) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "[")?:
            at += 1
            var first = true
            while try nextElement(&first) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "\"")?: _ = try string()
        case UInt8(ascii: "-")?: _ = try number()
        case let c? where isDigit(c): _ = try number()
        default:
            guard literal("true") || literal("false") || literal("null") else {
                throw fail(peek == nil ? "expected a value, found the end of the text"
                                       : "expected a value (an object, array, string, number, true, false or null)")
            }
        }
    }

    /// A number as RFC 8259 writes it: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?,
    /// within Double's range.
    private mutating func number() throws -> Double {
        let start = at
        var simple = true  // only digits: read exactly without a String
        if peek == UInt8(ascii: "-") { at += 1 }
        guard let c = peek, isDigit(c) else { throw fail("expected a digit after '-'") }
        if c == UInt8(ascii: "0") {
            at += 1
            if let d = peek, isDigit(d) { throw fail("expected '.', 'e' or the end of the number after a leading 0 (numbers have no leading zeros)") }
        } else {
            while let d = peek, isDigit(d) { at += 1 }
        }
        if peek == UInt8(ascii: ".") {
            simple = false
            at += 1
            guard let d = peek, isDigit(d) else { throw fail("expected a digit after the decimal point") }
            while let d = peek, isDigit(d) { at += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            simple = false
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            guard let d = peek, isDigit(d) else { throw fail("expected a digit in the number's exponent") }
            while let d = peek, isDigit(d) { at += 1 }
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        if simple, at - start - (negative ? 1 : 0) <= 15 {
            var v = 0
            for k in (start + (negative ? 1 : 0))..<at { v = v * 10 + Int(bytes[k] - 0x30) }
            return negative ? -Double(v) : Double(v)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw fail("the number \(text.count > 40 ? String(text.prefix(40)) + "..." : text) is out of range "
                       + "(a double's magnitude is at most about 1.8e308)", at: start)
        }
        return d
    }

    /// A string at `at` (its opening quote): checked (escapes, control
    /// characters, UTF-8) and returned as a span of its raw bytes.
    private mutating func string() throws -> Span {
        at += 1
        let start = at
        while at < bytes.count {
            let c = bytes[at]
            switch c {
            case UInt8(ascii: "\""):
                let span = Span(start: start, count: at - start)
                at += 1
                return span
            case UInt8(ascii: "\\"):
                at += 1
                guard let e = peek else { break }
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    at += 1
                case UInt8(ascii: "u"):
                    at += 1
                    let v = try hex4()
                    if (0xD800..<0xDC00).contains(v) {
                        guard literal("\\u") else { throw fail("expected '\\u' and a low surrogate after a high surrogate escape") }
                        let lowAt = at
                        guard (0xDC00..<0xE000).contains(try hex4()) else {
                            throw fail("expected a low surrogate (DC00 to DFFF) after a high surrogate escape", at: lowAt)
                        }
                    } else if (0xDC00..<0xE000).contains(v) {
                        throw fail("expected a high surrogate before a low surrogate escape", at: at - 6)
                    }
                default: throw fail("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits) after '\\'")
                }
            case 0..<0x20:
                throw fail("expected a character, found control character 0x\(String(c, radix: 16)) in a string (write it as an escape)")
            case 0x80...:
                try utf8Sequence()
            default:
                at += 1
            }
        }
        throw fail("expected '\"' to end the string, found the end of the text")
    }

    private mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek else { throw fail("expected 4 hex digits after '\\u', found the end of the text") }
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits after '\\u'")
            }
            v = v * 16 + d
            at += 1
        }
        return v
    }

    /// One multi-byte UTF-8 character at `at` (Unicode's well-formed table:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func utf8Sequence() throws {
        let c = bytes[at]
        let n: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch c {
        case 0xC2...0xDF: n = 1
        case 0xE0: n = 2; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: n = 2
        case 0xED: n = 2; hi = 0x9F
        case 0xF0: n = 3; lo = 0x90
        case 0xF1...0xF3: n = 3
        case 0xF4: n = 3; hi = 0x8F
        default: throw fail("expected valid UTF-8 in a string (byte 0x\(String(c, radix: 16)) cannot start a character)")
        }
        for k in 1...n {
            guard at + k < bytes.count else { throw fail("expected valid UTF-8 in a string (a character is cut off by the end of the text)") }
            let b = bytes[at + k]
            guard b >= (k == 1 ? lo : 0x80), b <= (k == 1 ? hi : 0xBF) else {
                throw fail("expected valid UTF-8 in a string (byte 0x\(String(b, radix: 16)) cannot continue a character)", at: at + k)
            }
        }
        at += n + 1
    }
}

private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
