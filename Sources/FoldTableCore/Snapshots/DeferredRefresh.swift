/// Sections of one list whose records in it are brought up to date later,
/// all together (`Table.reconcile`): a snapshot that changes the rows of
/// many sections then refreshes each leaf of that list once, and the path
/// above it once, instead of the path above every section once per section.
///
/// Until `flush`, the list's summaries count each such section as it was:
/// what lies before it in the list is exact, what adds it up is not. So the
/// caller defers only while it edits the list's sections from the last to
/// the first and reads nothing but positions before the section at hand.
struct DeferredRefresh {
    /// The section whose list holds the deferred sections.
    unowned(unsafe) let parent: Section
    /// Deferred sections, last recorded last. Unretained: the list holds
    /// them until `flush`, and nothing takes them out before it.
    private var sections: [Unmanaged<Section>] = []
    /// Whether `start(of:)` reads a section's start from the last one
    /// found in its leaf (off: every start is found the general way, for
    /// tests that compare the two).
    private let startsByLeaf: Bool
    /// The leaf of `parent`'s list where a start was last found the general
    /// way, and the position the items before its first entry lead to.
    private var leaf: Unmanaged<ListNode>?
    private var leafBase = 0

    init(parent: Section, startsByLeaf: Bool = true) {
        self.parent = parent
        self.startsByLeaf = startsByLeaf
    }

    /// Where section `s` starts (`table.sectionStart(s)`), while the
    /// caller edits `parent`'s sections from the last to the first. What
    /// lies before a leaf of the list, and before `s` in its leaf, stays
    /// as it is until the list's own turn: so a start found the general
    /// way (a climb to the top of the table) gives the base of its leaf,
    /// and the leaf's other sections add their entry's running total to
    /// it. O(fanout) for those, O(depth · fanout · log n) once per leaf.
    mutating func start(of s: Section, in table: Table) -> Int? {
        guard startsByLeaf, s.parentRef?.toOpaque() == Unmanaged.passUnretained(parent).toOpaque(),
              !s.filterHidden, let leafRef = s.nodeRef else { return table.sectionStart(s) }
        let (slot, totals) = leafRef._withUnsafeGuaranteedRef { (s.slot(in: $0), $0.totals.view) }
        guard slot >= 0 else { return table.sectionStart(s) }
        let before = totals.get(slot, TotalsView.items)
        if let leaf, leaf.toOpaque() == leafRef.toOpaque() { return leafBase &+ before }
        // (nil: the list's sections are not shown; nothing is kept.)
        guard let start = table.sectionStart(s) else { return nil }
        leaf = leafRef
        leafBase = start &- before
        return start
    }

    /// Defers the refresh of `s`'s record when `parent`'s list holds it
    /// (else the caller propagates now). O(1).
    mutating func add(_ s: Section) -> Bool {
        guard s.parent === parent else { return false }
        sections.append(Unmanaged.passUnretained(s))
        return true
    }

    /// Refreshes the records of every deferred section and the summaries
    /// above them: a leaf with one of them by its slot (as `propagate`
    /// does), one with more at once. Then `parent`'s own record above.
    /// O(k · fanout · log n) for the k leaves touched, about
    /// O(fanout) per section when many share a leaf.
    mutating func flush() {
        guard !sections.isEmpty else { return }
        var i = 0
        while i < sections.count {
            let s = sections[i].takeUnretainedValue()
            guard let leaf = s.node else { i += 1; continue }
            // Sections were recorded last first: those of one leaf follow each other.
            var j = i + 1
            while j < sections.count, sections[j]._withUnsafeGuaranteedRef({ $0.node === leaf }) { j += 1 }
            if j == i + 1, let place = s.place {
                place.leaf.refreshUpward(slot: place.slot)
            } else {
                leaf.refreshUpward()
            }
            i = j
        }
        sections.removeAll()
        // The list's own turn comes next: it may put sections anywhere.
        leaf = nil
        parent.propagate()
    }
}
