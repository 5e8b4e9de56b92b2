/*
 * shape.h — qtbench's data: the same sections, rows and heights for every
 * side (shape.cpp builds them, seeded).
 *
 * Sections are kept in pre-order (a section before its subsections); a
 * section has either subsections or rows, never both. Rows of all leaf
 * sections sit in one array of heights, in pre-order too, so a leaf's rows
 * are rowHeights[firstRow, firstRow + rowCount).
 */
#ifndef QTBENCH_SHAPE_H
#define QTBENCH_SHAPE_H

#include <cstdint>
#include <string>
#include <vector>

namespace qtbench {

/* Every header is this tall on every side. */
constexpr int kHeaderHeight = 28;

struct Section {
    int parent = -1;             /* index in Shape::sections, -1 at the top */
    std::vector<int> children;   /* subsections (indices), in order */
    int64_t firstRow = 0, rowCount = 0;
};

struct Shape {
    std::string name;            /* "flat" or "nested" */
    std::string description;     /* e.g. "1,000 sections x 100 rows" */
    int64_t rows = 0;
    std::vector<Section> sections;
    std::vector<int> tops;       /* top-level sections, in order */
    std::vector<int> rowHeights; /* 20..60 px, seeded */
    /* The row whose height the benchmark changes: a leaf in the middle. */
    int changedSection = 0;
    int64_t changedRow = 0;

    int64_t expandedItems() const { return int64_t(sections.size()) + rows; }
    int64_t collapsedItems() const { return int64_t(tops.size()); }
    /* Content heights with the changed row at `changedHeight`. */
    int64_t expandedHeight(int changedHeight) const;
    int64_t collapsedHeight() const { return collapsedItems() * kHeaderHeight; }
    int baseHeight() const { return rowHeights[size_t(sections[size_t(changedSection)].firstRow + changedRow)]; }
};

/* "flat": rows / 100 sections of 100 rows. "nested": rows / 1000 top
 * sections, each of 10 sections of 10 sections of 10 rows (three header
 * levels). `rows` must be a multiple of 100 (flat) or 1000 (nested). */
Shape makeShape(const std::string &name, int64_t rows, uint64_t seed);
/* Why makeShape would refuse these arguments, or "" when it would not. */
std::string shapeError(const std::string &name, int64_t rows);

} // namespace qtbench

#endif
