/// Kinds of item that can take focus (FOLD_FOCUS_*): bit `1 << kind`.
public struct FocusKinds: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let headers = FocusKinds(rawValue: 1 << 0)
    public static let rows = FocusKinds(rawValue: 1 << 1)
    public static let footers = FocusKinds(rawValue: 1 << 2)
    public static let placeholders = FocusKinds(rawValue: 1 << 3)
    public static let all: FocusKinds = [.headers, .rows, .footers, .placeholders]

    /// The bit of one kind.
    public init(_ kind: ItemKind) { self.init(rawValue: 1 << UInt32(kind.rawValue)) }
}

/// The focused item and which items can take focus.
struct FocusState {
    var kinds = FocusKinds.all
}

extension Table {
    /// Whether `item` can take focus: its kind is allowed and its section is
    /// not flagged `.noFocus`.
    /// - Complexity: O(1) after resolving the section.
    func canTakeFocus(_ item: Item) -> Bool {
        guard focusState.kinds.contains(FocusKinds(item.kind)) else { return false }
        guard let s = ids.section(item.sectionID) else { return false }
        return !s.noFocus
    }
}
