// TEMPORARY (issue 14 integration): stand-ins for the core features being
// written on branch i14-core; deleted when that branch is merged.
public struct SectionFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let collapsed = SectionFlags(rawValue: 1)
    public static let fixed = SectionFlags(rawValue: 2)
    public static let noHeader = SectionFlags(rawValue: 4)
}

extension Table {
    @discardableResult
    public func insertSection(in parentRef: SectionRef? = nil, at index: Int, key: String, header: String = "",
                              rows: Int = 0, flags: SectionFlags) throws -> SectionID {
        guard flags.isEmpty else { throw FoldError(.internalError, "section flags are not implemented yet") }
        return try insertSection(in: parentRef, at: index, key: key, header: header, rows: rows)
    }

    public func setCollapsible(_ collapsible: Bool, section ref: SectionRef) throws {
        _ = try section(ref)
        throw FoldError(.internalError, "set_collapsible is not implemented yet")
    }

    public func setExpandedHeightProvider(_ provider: ((String, Int) -> Double?)?) {}
}

extension Item {
    public var collapsible: Bool { kind != .row }
}
