/// A JSON value: just enough JSON for saved state, with no Foundation.
enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    subscript(key: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.last { $0.0 == key }?.1
    }

    // MARK: Writing

    /// Readable text: objects one field per line, except objects inside
    /// arrays, which stay on one line.
    func text(indent: String = "", inline: Bool = false) -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d):
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            return "\(d)"
        case .string(let s): return JSON.quote(s)
        case .array(let items):
            return "[" + items.map { $0.text(indent: indent, inline: true) }.joined(separator: ", ") + "]"
        case .object(let fields):
            guard !fields.isEmpty else { return "{}" }
            if inline {
                return "{" + fields.map { "\(JSON.quote($0.0)): \($0.1.text(inline: true))" }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            let body = fields.map { "\(inner)\(JSON.quote($0.0)): \($0.1.text(indent: inner))" }
            return "{\n" + body.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    // MARK: Reading

    /// Parses `text`; throws `.invalidArgument` naming the byte offset.
    static func parse(_ text: String) throws -> JSON {
        var p = Parser(bytes: Array(text.utf8))
        p.skipSpace()
        let value = try p.value(depth: 0)
        p.skipSpace()
        guard p.at == p.bytes.count else { throw p.error("unexpected text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        static let maxDepth = 64

        func error(_ what: String) -> FoldError {
            FoldError(.invalidArgument, "malformed JSON at byte \(at): \(what)")
        }

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let l = Array(literal.utf8)
            guard at + l.count <= bytes.count, Array(bytes[at..<(at + l.count)]) == l else {
                throw error("expected \(literal)")
            }
            at += l.count
        }

        mutating func value(depth: Int) throws -> JSON {
            guard depth < Parser.maxDepth else { throw error("nested deeper than \(Parser.maxDepth)") }
            guard at < bytes.count else { throw error("unexpected end") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func object(depth: Int) throws -> JSON {
            at += 1
            var fields: [(String, JSON)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a field name") }
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                fields.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw error("unexpected end in an object") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
                throw error("expected , or }")
            }
        }

        mutating func array(depth: Int) throws -> JSON {
            at += 1
            var items: [JSON] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw error("unexpected end in an array") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw error("expected , or ]")
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard at + 4 <= bytes.count else { throw error("short \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[at]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw error("bad hex digit in \\u escape")
                }
                v = v * 16 + d
                at += 1
            }
            return v
        }

        mutating func string() throws -> String {
            at += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() throws {
                guard !run.isEmpty else { return }
                guard let s = String(validating: run, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                scalars.append(contentsOf: s.unicodeScalars)
                run.removeAll()
            }
            while at < bytes.count {
                let c = bytes[at]
                if c == UInt8(ascii: "\"") {
                    try flush()
                    at += 1
                    return String(scalars)
                }
                if c < 0x20 { throw error("control character in a string") }
                if c != UInt8(ascii: "\\") { run.append(c); at += 1; continue }
                try flush()
                at += 1
                guard at < bytes.count else { break }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if (0xD800..<0xDC00).contains(v) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(v) else { throw error("unpaired surrogate") }
                    scalars.append(u)
                default: throw error("bad escape")
                }
            }
            throw error("unterminated string")
        }

        mutating func number() throws -> Double {
            let start = at
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            let allowed = Set("0123456789+-.eE".utf8)
            while at < bytes.count, allowed.contains(bytes[at]) { at += 1 }
            guard at > start, let text = String(validating: bytes[start..<at], as: UTF8.self),
                  let d = Double(text), d.isFinite, text.first != "+", !text.hasPrefix("-+") else {
                at = start
                throw error("expected a value")
            }
            return d
        }
    }
}
