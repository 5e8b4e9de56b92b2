/// A JSON value to write saved state, with no Foundation. Reading does not
/// build these: `SavedStateReader` parses text straight into compact entries.
enum JSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

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
}
