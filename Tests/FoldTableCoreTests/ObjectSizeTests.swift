#if canImport(Glibc)
import Glibc
import Testing
@testable import FoldTableCore

/// What one section costs the allocator: its object is the largest of the
/// five a section of rows is made of, and a byte over a size class costs a
/// whole block more (glibc: blocks of 16 bytes, 8 of them the allocator's).
@Suite struct ObjectSizeTests {
    /// Field order and 32-bit heights keep the object at 168 bytes, a
    /// 176-byte block; at 184 bytes it took a 192-byte one.
    @Test func aSectionFitsA176ByteBlock() throws {
        let t = try Table()
        let s = try t.section(.id(t.insertSection(at: 0, key: "a", header: "A")))
        // (glibc's, found at run time: its header is not in the Glibc module.)
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = try #require(dlsym(nil, "malloc_usable_size"))
        let usable = unsafeBitCast(symbol, to: UsableSize.self)(Unmanaged.passUnretained(s).toOpaque())
        #expect(usable == 168)
    }
}
#endif
