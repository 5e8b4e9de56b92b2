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
        case internalError = -99
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    static func range(_ what: String, _ value: Int, _ bound: String) -> FoldError {
        FoldError(.outOfRange, "\(what) \(value) is out of range (\(bound))")
    }
}
