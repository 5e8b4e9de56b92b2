/*
 * fold-replay.cpp — the plan that replays one change set as Qt row signals
 * (see fold-replay.h).
 */
#include "fold-replay.h"

#include <algorithm>
#include <limits>

namespace FoldTableQtPrivate {

bool Replay::compose(int64_t oldCount, const fold_change *steps, int64_t stepCount,
                     std::vector<Run> &out) const
{
    /* A gap buffer at the cursor: `left` holds the runs before it in order,
     * `right` those after it reversed (its back is the next run). */
    std::vector<Run> left, right;
    /* The part of `run` from `at` items in. */
    auto tail = [](Run run, int64_t at) { return Run{run.old < 0 ? -1 : run.old + at, run.length - at}; };
    if (oldCount > 0)
        right.push_back({0, oldCount});
    int64_t cursor = 0, total = oldCount;
    auto keep = [&left](Run run) {
        if (run.length <= 0)
            return;
        if (!left.empty()) {
            Run &last = left.back();
            if ((last.old < 0 && run.old < 0) || (last.old >= 0 && run.old == last.old + last.length)) {
                last.length += run.length;
                return;
            }
        }
        left.push_back(run);
    };
    for (int64_t i = 0; i < stepCount; i++) {
        const fold_change &step = steps[i];
        const int64_t p = step.position;
        if (p < 0 || step.removed < 0 || step.added < 0 || p > total || step.removed > total - p ||
            step.added > std::numeric_limits<int32_t>::max())
            return false;
        while (cursor > p) {
            Run run = left.back();
            left.pop_back();
            if (cursor - run.length >= p) {
                right.push_back(run);
                cursor -= run.length;
            } else {
                const int64_t stays = p - (cursor - run.length);
                left.push_back({run.old, stays});
                right.push_back(tail(run, stays));
                cursor = p;
            }
        }
        while (cursor < p) {
            Run run = right.back();
            right.pop_back();
            if (cursor + run.length <= p) {
                keep(run);
                cursor += run.length;
            } else {
                const int64_t goes = p - cursor;
                keep({run.old, goes});
                right.push_back(tail(run, goes));
                cursor = p;
            }
        }
        for (int64_t removing = step.removed; removing > 0;) {
            Run run = right.back();
            right.pop_back();
            if (run.length <= removing) {
                removing -= run.length;
            } else {
                right.push_back(tail(run, removing));
                removing = 0;
            }
        }
        if (step.added > 0) {
            keep({-1, step.added});
            cursor += step.added;
        }
        total += step.added - step.removed;
    }
    while (!right.empty()) {
        keep(right.back());
        right.pop_back();
    }
    out.swap(left);
    return true;
}

void Replay::push(Kind kind, int64_t length, int64_t newStart, int64_t partner)
{
    m_slots.push_back({kind, length, newStart, partner});
}

bool Replay::plan(int64_t oldCount, const std::vector<Run> &runs, const fold_move *moves,
                  int64_t moveCount)
{
    m_slots.clear();
    /* Moves by where they leave from, and by where they land (the engine
     * lists them in new-list order; sorted here all the same). */
    std::vector<int64_t> byFrom(static_cast<size_t>(moveCount)), byTo(static_cast<size_t>(moveCount));
    for (int64_t j = 0; j < moveCount; j++) {
        if (moves[j].count <= 0 || moves[j].from < 0 || moves[j].to < 0)
            return false;
        byFrom[static_cast<size_t>(j)] = byTo[static_cast<size_t>(j)] = j;
    }
    std::sort(byFrom.begin(), byFrom.end(),
              [moves](int64_t a, int64_t b) { return moves[a].from < moves[b].from; });
    std::sort(byTo.begin(), byTo.end(),
              [moves](int64_t a, int64_t b) { return moves[a].to < moves[b].to; });
    std::vector<int64_t> outSlot(static_cast<size_t>(moveCount), -1),
        inSlot(static_cast<size_t>(moveCount), -1);
    size_t nextFrom = 0, nextTo = 0;

    /* The removed items between two kept runs (old positions [oldA, oldB)),
     * then the added ones (new positions [newA, newB)). */
    auto gap = [&](int64_t oldA, int64_t oldB, int64_t newA, int64_t newB) {
        int64_t at = oldA;
        while (nextFrom < byFrom.size() && moves[byFrom[nextFrom]].from < oldB) {
            const int64_t j = byFrom[nextFrom++];
            const fold_move &move = moves[j];
            if (move.from < at || move.count > oldB - move.from)
                return false;
            if (move.from > at)
                push(Dead, move.from - at, -1);
            outSlot[static_cast<size_t>(j)] = static_cast<int64_t>(m_slots.size());
            push(MovedOut, move.count, move.to);
            at = move.from + move.count;
        }
        if (at < oldB)
            push(Dead, oldB - at, -1);
        at = newA;
        while (nextTo < byTo.size() && moves[byTo[nextTo]].to < newB) {
            const int64_t j = byTo[nextTo++];
            const fold_move &move = moves[j];
            if (move.to < at || move.count > newB - move.to)
                return false;
            if (move.to > at)
                push(Fresh, move.to - at, at);
            inSlot[static_cast<size_t>(j)] = static_cast<int64_t>(m_slots.size());
            push(MovedIn, move.count, move.to);
            at = move.to + move.count;
        }
        if (at < newB)
            push(Fresh, newB - at, at);
        return true;
    };

    int64_t oldAt = 0, newAt = 0, gapStart = 0;
    for (const Run &run : runs) {
        if (run.old < 0) {
            newAt += run.length;
            continue;
        }
        if (!gap(oldAt, run.old, gapStart, newAt))
            return false;
        push(Kept, run.length, newAt);
        oldAt = run.old + run.length;
        newAt += run.length;
        gapStart = newAt;
    }
    if (!gap(oldAt, oldCount, gapStart, newAt))
        return false;
    /* Every move was placed, out and in. */
    if (nextFrom != byFrom.size() || nextTo != byTo.size())
        return false;
    for (size_t j = 0; j < outSlot.size(); j++) {
        if (outSlot[j] < 0 || inSlot[j] < 0)
            return false;
        m_slots[static_cast<size_t>(outSlot[j])].partner = inSlot[j];
        m_slots[static_cast<size_t>(inSlot[j])].partner = outSlot[j];
    }
    return true;
}

bool Replay::build(int64_t oldCount, int64_t newCount, const fold_change *steps, int64_t stepCount,
                   const fold_move *moves, int64_t moveCount, bool *movesDropped)
{
    if (movesDropped)
        *movesDropped = false;
    if (oldCount < 0 || newCount < 0 || stepCount < 0 || (stepCount > 0 && !steps))
        return false;
    std::vector<Run> runs;
    if (!compose(oldCount, steps, stepCount, runs))
        return false;
    int64_t composed = 0;
    for (const Run &run : runs)
        composed += run.length;
    if (composed != newCount)
        return false;
    if (moveCount < 0 || (moveCount > 0 && !moves))
        moveCount = 0;
    if (!plan(oldCount, runs, moves, moveCount)) {
        if (movesDropped)
            *movesDropped = true;
        if (!plan(oldCount, runs, nullptr, 0))
            return false;
    }

    /* Shown: the old list. */
    const size_t n = m_slots.size();
    m_shown.assign(n, 0);
    m_tree.assign(n + 1, 0);
    m_shownTotal = 0;
    for (size_t i = 0; i < n; i++) {
        const Kind kind = m_slots[i].kind;
        if (kind == Kept || kind == Dead || kind == MovedOut)
            setShown(i, m_slots[i].length);
    }
    return true;
}

int64_t Replay::rowOf(size_t i) const
{
    int64_t sum = 0;
    for (size_t k = i; k > 0; k -= k & (~k + 1))
        sum += m_tree[k];
    return sum;
}

void Replay::setShown(size_t i, int64_t length)
{
    const int64_t delta = length - m_shown[i];
    if (delta == 0)
        return;
    m_shown[i] = length;
    m_shownTotal += delta;
    for (size_t k = i + 1; k < m_tree.size(); k += k & (~k + 1))
        m_tree[k] += delta;
}

int64_t Replay::newPosition(int64_t row) const
{
    if (row < 0 || row >= m_shownTotal)
        return -1;
    /* The slot whose shown items hold `row`: descend the Fenwick tree. */
    const size_t n = m_shown.size();
    size_t at = 0;
    size_t step = 1;
    while (step * 2 <= n)
        step *= 2;
    int64_t rest = row;
    for (; step > 0; step /= 2) {
        if (at + step <= n && m_tree[at + step] <= rest) {
            at += step;
            rest -= m_tree[at];
        }
    }
    /* Slot `at` (0-based) holds it, `rest` items in. */
    if (at >= n)
        return -1;
    const Slot &slot = m_slots[at];
    return slot.kind == Dead ? -1 : slot.newStart + rest;
}

} // namespace FoldTableQtPrivate
