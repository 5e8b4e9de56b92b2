extension Table {
    /// What is wrong with the structure of every section's list (see
    /// `ChildList.invariantViolations`), parent pointers, and the key and id
    /// maps. Empty when all is well. For tests. O(pieces).
    func invariantViolations() -> [String] {
        var nodes = 0
        return invariantViolations(nodes: &nodes)
    }

    /// The same, adding the list nodes visited to `nodes`.
    func invariantViolations(nodes: inout Int) -> [String] {
        var out: [String] = []
        var sections = 0
        var loading = 0
        func visit(_ s: Section, _ name: String) {
            out += s.list.invariantViolations(name, nodes: &nodes)
            s.list.forEachSection { sub in
                sections += 1
                if sub.parent !== s { out.append("section \(sub.key): wrong parent") }
                if sectionsByKey[sub.key] !== sub { out.append("section \(sub.key): not found by its key") }
                if ids.section(sub.id) !== sub { out.append("section \(sub.key): not found by its id \(sub.id)") }
                out += loadViolations(sub)
                if sub.ticket != 0 { loading += 1 }
                visit(sub, sub.key)
            }
        }
        visit(root, "(root)")
        if eventState.recording != (eventState.changes != nil) {
            out.append("the recording flag says \(eventState.recording), the change set is \(eventState.changes == nil ? "absent" : "present")")
        }
        if sections != sectionsByKey.count {
            out.append("\(sections) sections in the tree, \(sectionsByKey.count) keys")
        }
        if !loads.closed, loading != loads.pending.count {
            out.append("\(loading) sections loading, failed or reloading, \(loads.pending.count) loads pending")
        }
        if let f = focusState.focused {
            // Between mutations the focus is on a shown item or nowhere (`settleFocus`).
            if ids.section(f.item.section.id) !== f.item.section {
                out.append("focus: section \(f.item.section.key) is not in the table")
            } else if shownPosition(f) == nil {
                out.append("focus: \(f.kind) \(f.item.row) of section \(f.item.section.key) is not shown")
            }
        }
        return out
    }

    /// What is wrong with a section's load state (Table+Loading.swift).
    private func loadViolations(_ s: Section) -> [String] {
        var out: [String] = []
        if s.load != .loaded, s.childCount > 0 { out.append("section \(s.key): not loaded but has children") }
        if s.load == .unloaded, !s.collapsed { out.append("section \(s.key): unloaded but expanded") }
        if s.load.showsPlaceholder, s.collapsed { out.append("section \(s.key): loading but collapsed") }
        // A loaded section holds a ticket while it reloads (Table+Reload.swift).
        if s.load.showsPlaceholder && s.ticket == 0 || s.load == .unloaded && s.ticket != 0 {
            out.append("section \(s.key): ticket \(s.ticket) in state \(s.load)")
        }
        if s.ticket != 0, !loads.closed, loads.pending[s.id] !== s {
            out.append("section \(s.key): loading but not pending")
        }
        return out
    }

    /// Whether this build checks the structure after mutations
    /// (`_invariantCheck`): debug builds of the package, hence `swift test`.
    static var checksInvariants: Bool {
        #if FOLDTABLE_INTERNAL_CHECKS
        return true
        #else
        return false
        #endif
    }

    /// List nodes a check may visit per mutation, amortized: a table of up
    /// to this many nodes (a few hundred pieces) is checked after every
    /// mutation; a larger one after every nodes / this many, so that the
    /// tests of tables with thousands of sections still run in seconds.
    static let checkedNodesPerMutation = 16

    /// Stops the program with the violations when the structure is broken,
    /// as swift-collections' `_invariantCheck` does. Compiled in only with
    /// `FOLDTABLE_INTERNAL_CHECKS` (Package.swift sets it for debug builds,
    /// never for release): otherwise empty, so no input can reach the trap
    /// in a shipped library. `mutate` calls it after every public mutation,
    /// failed ones included (they must leave the table as it was); it checks
    /// the whole table then, or for a large table after the next few (see
    /// `checkedNodesPerMutation`). O(pieces / mutations since the last check).
    @inline(__always)
    func _invariantCheck() {
        #if FOLDTABLE_INTERNAL_CHECKS
        mutationsUntilCheck -= 1
        guard mutationsUntilCheck <= 0 else { return }
        var nodes = 0
        let violations = invariantViolations(nodes: &nodes)
        precondition(violations.isEmpty, "FoldTable invariants broken: \(violations.joined(separator: "; "))")
        mutationsUntilCheck = nodes / Table.checkedNodesPerMutation
        #endif
    }
}
