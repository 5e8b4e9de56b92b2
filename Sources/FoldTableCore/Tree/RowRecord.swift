/// What one row stores when it is not a plain default-height row.
struct RowRecord {
    /// Its height in units (`Units`); `RowRun.none` for the section's default.
    var height: UInt32 = RowRun.none
    /// Its expanded height in units; `RowRun.none` if it has none.
    var expandedHeight: UInt32 = RowRun.none
    var expanded = false
    /// Whether the expanded height (or its absence) is the expanded-height
    /// provider's answer, forgotten when heights are invalidated; false for
    /// one set explicitly, and for a row not asked yet.
    var expandedProvided = false
    /// Its marks (`RowMarks`): selected, hidden by the filter, matching it.
    var selected = false
    var hidden = false
    var matched = false
}
