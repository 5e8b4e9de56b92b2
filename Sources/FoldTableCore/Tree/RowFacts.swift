/// A row as a lookup reports it.
struct RowFacts {
    var expanded: Bool
    var expandable: Bool
    /// From the top of its run, in units.
    var top: Int
    var height: Int
    var selected = false
}
