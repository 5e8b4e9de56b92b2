/// A row as a lookup reports it.
struct RowFacts {
    var expanded: Bool
    var expandable: Bool
    /// From the top of its run, in units.
    var top: Int
    var height: Int
    /// Its row index in the run (its item index there unless the filter
    /// hides rows of the run), and whether it matches the filter itself.
    var index: Int
    var matched = false
    var selected = false
}
