extension Table {
    /// What is wrong with the structure of every section's list (see
    /// `ChildList.invariantViolations`). Empty when all is well. For tests.
    /// O(pieces).
    func invariantViolations() -> [String] {
        var out: [String] = []
        func visit(_ s: Section, _ name: String) {
            out += s.list.invariantViolations(name)
            s.list.forEachSection { sub in
                if sub.parent !== s { out.append("section \(sub.key): wrong parent") }
                visit(sub, sub.key)
            }
        }
        visit(root, "(root)")
        return out
    }
}
