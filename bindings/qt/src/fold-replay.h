/*
 * fold-replay.h — how FoldListModel turns one engine change set into Qt's
 * row signals (internal, not installed).
 *
 * Qt wants begin*Rows() before the model changes and the engine reports
 * after it changed, so the model replays the change set on the list it
 * has shown. A Replay is the plan for one change set: the old list and the
 * new one cut into slots at the steps' and moves' boundaries, in one order
 * that agrees with both lists (the items no step touches keep their order,
 * so between two of them the old items come first, then the new ones):
 *
 *   kept       items no step removed: in both lists
 *   dead       removed items that no move carries: only in the old list
 *   moved-out  a move's items where they were (old list)
 *   moved-in   the same items where they land (new list)
 *   fresh      added items that no move carries: only in the new list
 *
 * Each slot has a current length (a Fenwick tree sums them): the shown list
 * is the slots in order at their current lengths. It starts as the old list
 * (kept, dead and moved-out at full length) and ends as the new one (kept,
 * moved-in and fresh): the model removes the dead slots, moves each
 * moved-out slot to its moved-in slot (beginMoveRows), inserts the fresh
 * slots, and between signals maps a shown row to the item's position in
 * the new list, where the engine reads it (an item of a dead slot has no
 * new position: -1).
 *
 * Building the plan composes the steps (at p, r removed, a added, applied
 * in order) into the kept runs with a gap buffer: O(c) for c steps that go
 * forward (each at or after the previous one's end, as batches report
 * them), O(c * k) with k runs when the steps go back and forth; then O(m
 * log m) for m moves. Each signal then costs O(log s) for s slots, and so
 * does mapping a row. Nothing depends on the number of rows.
 */
#ifndef FOLD_REPLAY_H
#define FOLD_REPLAY_H

#include <foldtable.h>

#include <cstdint>
#include <vector>

namespace FoldTableQtPrivate {

class Replay
{
public:
    enum Kind : int32_t { Kept, Dead, MovedOut, MovedIn, Fresh };

    struct Slot
    {
        Kind kind;
        int64_t length;   /* full length */
        int64_t newStart; /* position of its first item in the new list; -1 for dead */
        int64_t partner;  /* moved-out <-> moved-in slot index; -1 otherwise */
    };

    /* Plans the change set that turns a list of oldCount items into one of
     * newCount. False when the steps do not fit oldCount (a position or a
     * removal past the end) or do not end at newCount: the caller then
     * resets. Moves that do not lie inside what the steps remove and add
     * (or overlap) are dropped, and *movesDropped (optional) says so: their
     * items are then removed and inserted like the others. */
    bool build(int64_t oldCount, int64_t newCount, const fold_change *steps, int64_t stepCount,
               const fold_move *moves, int64_t moveCount, bool *movesDropped = nullptr);

    const std::vector<Slot> &parts() const { return m_slots; }

    /* Items shown before slot i (the sum of the current lengths). O(log s). */
    int64_t rowOf(size_t i) const;
    /* Sets slot i's current length. O(log s). */
    void setShown(size_t i, int64_t length);
    /* Where the item shown at `row` is in the new list; -1 for an item
     * that is not in it (a dead slot's) or a row past the end. O(log s). */
    int64_t newPosition(int64_t row) const;
    /* Items shown now. O(1). */
    int64_t shownCount() const { return m_shownTotal; }

private:
    struct Run
    {
        int64_t old; /* old position of its first item; -1: added by a step */
        int64_t length;
    };
    bool compose(int64_t oldCount, const fold_change *steps, int64_t stepCount,
                 std::vector<Run> &out) const;
    bool plan(int64_t oldCount, const std::vector<Run> &runs, const fold_move *moves,
              int64_t moveCount);
    void push(Kind kind, int64_t length, int64_t newStart, int64_t partner = -1);

    std::vector<Slot> m_slots;
    std::vector<int64_t> m_shown; /* current length of each slot */
    std::vector<int64_t> m_tree;  /* Fenwick tree over m_shown, 1-based */
    int64_t m_shownTotal = 0;
};

} // namespace FoldTableQtPrivate

#endif
