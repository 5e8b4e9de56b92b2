/* shape.cpp: see shape.h. */
#include "shape.h"

#include <numeric>
#include <stdexcept>

namespace qtbench {

namespace {

/* xorshift64*: the same heights on every machine for a seed. */
struct Rng {
    uint64_t s;
    uint64_t next()
    {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 0x2545F4914F6CDD1DULL;
    }
};

std::string grouped(int64_t n)
{
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3)
        s.insert(size_t(i), ",");
    return s;
}

int addSection(Shape &shape, int parent)
{
    shape.sections.push_back(Section{});
    shape.sections.back().parent = parent;
    const int index = int(shape.sections.size()) - 1;
    if (parent < 0)
        shape.tops.push_back(index);
    else
        shape.sections[size_t(parent)].children.push_back(index);
    return index;
}

void addRows(Shape &shape, int section, int64_t count, Rng &rng)
{
    Section &s = shape.sections[size_t(section)];
    s.firstRow = int64_t(shape.rowHeights.size());
    s.rowCount = count;
    for (int64_t i = 0; i < count; i++)
        shape.rowHeights.push_back(20 + int(rng.next() % 41));
}

} // namespace

int64_t Shape::expandedHeight(int changedHeight) const
{
    int64_t sum = std::accumulate(rowHeights.begin(), rowHeights.end(), int64_t(0));
    sum += changedHeight - baseHeight();
    return sum + int64_t(sections.size()) * kHeaderHeight;
}

std::string shapeError(const std::string &name, int64_t rows)
{
    if (name == "flat")
        return rows > 0 && rows % 100 == 0 ? "" : "flat: rows must be a positive multiple of 100";
    if (name == "nested")
        return rows > 0 && rows % 1000 == 0 ? "" : "nested: rows must be a positive multiple of 1000";
    return "unknown shape " + name;
}

Shape makeShape(const std::string &name, int64_t rows, uint64_t seed)
{
    const std::string error = shapeError(name, rows);
    if (!error.empty())
        throw std::invalid_argument(error);
    Shape shape;
    shape.name = name;
    shape.rows = rows;
    Rng rng{seed | 1};
    std::vector<int> leaves;
    if (name == "flat") {
        for (int64_t i = 0; i < rows / 100; i++) {
            const int s = addSection(shape, -1);
            addRows(shape, s, 100, rng);
            leaves.push_back(s);
        }
        shape.description = grouped(rows / 100) + " sections x 100 rows";
    } else if (name == "nested") {
        for (int64_t i = 0; i < rows / 1000; i++) {
            const int top = addSection(shape, -1);
            for (int j = 0; j < 10; j++) {
                const int mid = addSection(shape, top);
                for (int k = 0; k < 10; k++) {
                    const int leaf = addSection(shape, mid);
                    addRows(shape, leaf, 10, rng);
                    leaves.push_back(leaf);
                }
            }
        }
        shape.description = grouped(rows / 1000) + " x 10 x 10 sections x 10 rows";
    }
    shape.changedSection = leaves[leaves.size() / 2];
    shape.changedRow = shape.sections[size_t(shape.changedSection)].rowCount / 2;
    return shape;
}

} // namespace qtbench
