/// Memory checks of the calls that build much at once (`applySnapshot`,
/// `finishLoad`, `importState`): Swift stops the process when an allocation
/// fails, so each estimates what it will need (`MemoryNeed`) before it
/// builds anything and is refused with `.outOfRange`, changing nothing,
/// when that is more than `memoryHeadroom` allows.
extension Table {
    /// Before a snapshot's or a load's entries are read: what reading and
    /// applying them takes at most besides new sections (`whole`: a whole
    /// snapshot, matched against every section of the table). O(1).
    func checkMemory(entries: Int, whole: Bool) throws {
        let tableSections = whole ? sectionsByKey.count : 0
        let need = MemoryNeed.snapshot(entries: entries, tableSections: tableSections)
        try memoryHeadroom.check(need, whole ? "the snapshot" : "the load",
                                 whole ? "\(entries) entries, a table of \(tableSections) sections" : "\(entries) entries")
    }

    /// Once the entries are read (`plan`), before anything changes: all of
    /// it, with the `newSections` the table will make. O(1).
    func checkMemory(_ plan: SnapshotPlan, newSections: Int, whole: Bool) throws {
        let entries = plan.links.count, filtered = filter == nil ? 0 : plan.rowCount
        let need = MemoryNeed.snapshot(entries: entries, tableSections: whole ? sectionsByKey.count : 0,
                                       newSections: newSections, filteredRows: filtered,
                                       growth: indexGrowth(adding: newSections))
        try memoryHeadroom.check(need, whole ? "the snapshot" : "the load",
                                 "\(entries) entries, \(newSections) new sections"
                                    + (filtered > 0 ? ", \(filtered) rows to filter" : ""))
    }

    /// A saved state once read, before anything changes. O(1).
    func checkMemory(_ saved: SavedStateReader) throws {
        let entries = (saved.collapsed?.count ?? 0) + (saved.expanded?.count ?? 0)
        let runs = saved.selected?.count ?? 0
        let need = MemoryNeed.savedState(entries: entries, runs: runs, expandedBefore: root.list.sum.expandedDeep)
        try memoryHeadroom.check(need, "the saved state", "\(entries + runs) entries")
    }

    /// What the table's indexes of all its sections (by key, by id) take to
    /// grow for `n` more sections: their new storage while the old is
    /// copied, or 0 when they have room. O(log n).
    func indexGrowth(adding n: Int) -> Int {
        MemoryNeed.hashGrowth(count: sectionsByKey.count, capacity: sectionsByKey.capacity, adding: n,
                              bucketBytes: MemoryLayout<Int>.stride)
            + ids.growth(adding: n)
    }
}
