/// Header text of the form `Title|Detail`: the title is the part before the
/// first `|`, the detail the part after it; a text without `|` has no detail.
public struct HeaderText: Equatable, Sendable {
    public var title: String
    public var detail: String?

    init(_ text: String) {
        if let bar = text.firstIndex(of: "|") {
            title = String(text[..<bar])
            detail = String(text[text.index(after: bar)...])
        } else {
            title = text
            detail = nil
        }
    }
}
