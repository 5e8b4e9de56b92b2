/*
 * tst_replay.cpp — the change-set replay (src/fold-replay.cpp) on its own.
 *
 * Random change sets on a list of numbered items: steps in any order, some
 * of them adding back items an earlier step removed (moves). The replay is
 * then carried out on a copy of the old list the way FoldListModel signals
 * it (dead slots removed last first, moves in new-list order, fresh slots
 * inserted first first), and after every operation each shown row must map
 * to the position of the same item in the new list (or to -1 for an item
 * that is gone). At the end the copy must be the new list, and every move
 * must have been carried as a move. Seeded: a failure prints its seed.
 */
#include "fold-replay.h"

#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using FoldTableQtPrivate::Replay;

class TestReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void moveSection();
    void moveUp();
    void badSteps();
    void movesThatDoNotFit();
    void random_data();
    void random();
};

namespace {

/* Carries out the replay on `shown` (the old list, item ids) and checks the
 * mapping after each operation against `after` (the new list); `moved` is
 * set to the number of moves carried. */
void carryOut(Replay &replay, std::vector<int64_t> &shown, const std::vector<int64_t> &after, int &moved)
{
    auto check = [&](const char *when) {
        QCOMPARE_EQ(replay.shownCount(), static_cast<int64_t>(shown.size()));
        for (size_t r = 0; r < shown.size(); r++) {
            const int64_t at = replay.newPosition(static_cast<int64_t>(r));
            if (at < 0) {
                QVERIFY2(std::find(after.begin(), after.end(), shown[r]) == after.end() || shown[r] < 0,
                         when);
                continue;
            }
            QVERIFY2(at < static_cast<int64_t>(after.size()), when);
            if (after[static_cast<size_t>(at)] != shown[r])
                qFatal("%s: row %zu shows item %lld, mapped to new position %lld holding %lld", when, r,
                       static_cast<long long>(shown[r]), static_cast<long long>(at),
                       static_cast<long long>(after[static_cast<size_t>(at)]));
        }
    };
    moved = 0;
    const auto &parts = replay.parts();
    check("before");
    for (size_t i = parts.size(); i-- > 0;) {
        if (parts[i].kind != Replay::Dead)
            continue;
        const int64_t first = replay.rowOf(i);
        shown.erase(shown.begin() + first, shown.begin() + first + parts[i].length);
        replay.setShown(i, 0);
        check("after a removal");
    }
    for (size_t i = 0; i < parts.size(); i++) {
        if (parts[i].kind != Replay::MovedIn)
            continue;
        const size_t out = static_cast<size_t>(parts[i].partner);
        QCOMPARE_EQ(parts[out].kind, Replay::MovedOut);
        const int64_t first = replay.rowOf(out), length = parts[i].length;
        const int64_t destination = replay.rowOf(i);
        std::vector<int64_t> block(shown.begin() + first, shown.begin() + first + length);
        shown.erase(shown.begin() + first, shown.begin() + first + length);
        const int64_t at = destination > first ? destination - length : destination;
        shown.insert(shown.begin() + at, block.begin(), block.end());
        replay.setShown(out, 0);
        replay.setShown(i, length);
        moved++;
        check("after a move");
    }
    for (size_t i = 0; i < parts.size(); i++) {
        if (parts[i].kind != Replay::Fresh)
            continue;
        const int64_t first = replay.rowOf(i);
        std::vector<int64_t> fresh(after.begin() + parts[i].newStart,
                                   after.begin() + parts[i].newStart + parts[i].length);
        shown.insert(shown.begin() + first, fresh.begin(), fresh.end());
        replay.setShown(i, parts[i].length);
        check("after an insertion");
    }
}

} // namespace

void TestReplay::moveSection()
{
    /* The header's worked example: Mac (0-3) moved after iPhone. */
    const fold_change steps[] = {{0, 4, 0}, {8, 0, 4}};
    const fold_move moves[] = {{0, 8, 4}};
    Replay replay;
    QVERIFY(replay.build(12, 12, steps, 2, moves, 1));
    std::vector<int64_t> shown{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    const std::vector<int64_t> after{4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3};
    const auto &parts = replay.parts();
    QCOMPARE_EQ(parts.size(), size_t(3)); /* moved-out, kept, moved-in */
    QCOMPARE_EQ(replay.rowOf(2), int64_t(12)); /* beginMoveRows(0, 3, dest 12) */
    int moved = -1;
    carryOut(replay, shown, after, moved);
    QCOMPARE_EQ(moved, 1);
    QVERIFY(shown == after);
}

void TestReplay::moveUp()
{
    /* iPhone (7-11) moved to the top, the steps the other way round. */
    const fold_change steps[] = {{7, 5, 0}, {0, 0, 5}};
    const fold_move moves[] = {{7, 0, 5}};
    Replay replay;
    QVERIFY(replay.build(12, 12, steps, 2, moves, 1));
    std::vector<int64_t> shown{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    const std::vector<int64_t> after{7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6};
    int moved = -1;
    carryOut(replay, shown, after, moved);
    QCOMPARE_EQ(moved, 1);
    QVERIFY(shown == after);
}

void TestReplay::badSteps()
{
    Replay replay;
    const fold_change past[] = {{5, 1, 0}};
    QVERIFY(!replay.build(5, 4, past, 1, nullptr, 0)); /* removes past the end */
    const fold_change fine[] = {{1, 2, 1}};
    QVERIFY(!replay.build(5, 5, fine, 1, nullptr, 0)); /* ends at 4, not 5 */
    QVERIFY(replay.build(5, 4, fine, 1, nullptr, 0));
    const fold_change negative[] = {{-1, 0, 1}};
    QVERIFY(!replay.build(5, 6, negative, 1, nullptr, 0));
}

void TestReplay::movesThatDoNotFit()
{
    /* A move from items no step removes: dropped, the steps replayed alone. */
    const fold_change steps[] = {{0, 2, 2}};
    const fold_move moves[] = {{3, 0, 2}};
    Replay replay;
    bool dropped = false;
    QVERIFY(replay.build(6, 6, steps, 1, moves, 1, &dropped));
    QVERIFY(dropped);
    std::vector<int64_t> shown{0, 1, 2, 3, 4, 5};
    const std::vector<int64_t> after{10, 11, 2, 3, 4, 5};
    int moved = -1;
    carryOut(replay, shown, after, moved);
    QCOMPARE_EQ(moved, 0);
    QVERIFY(shown == after);
}

void TestReplay::random_data()
{
    QTest::addColumn<unsigned>("seed");
    for (unsigned seed : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u})
        QTest::addRow("seed %u", seed) << seed;
}

void TestReplay::random()
{
    QFETCH(unsigned, seed);
    std::mt19937_64 rng(seed);
    auto below = [&rng](int64_t n) { return n <= 0 ? int64_t(0) : static_cast<int64_t>(rng() % uint64_t(n)); };
    int64_t nextId = 1000000;
    int totalMoves = 0;
    for (int round = 0; round < 400; round++) {
        const int64_t n = below(40);
        std::vector<int64_t> before(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; i++)
            before[static_cast<size_t>(i)] = i;
        /* Steps on a working copy; a removed block may come back later as a move. */
        std::vector<int64_t> list = before;
        std::vector<std::vector<int64_t>> removedBlocks;
        std::vector<fold_change> steps;
        const int stepCount = static_cast<int>(below(6)) + 1;
        for (int s = 0; s < stepCount; s++) {
            const int64_t size = static_cast<int64_t>(list.size());
            const int64_t p = below(size + 1);
            const int64_t r = below(std::min<int64_t>(size - p, 6) + 1);
            std::vector<int64_t> removed(list.begin() + p, list.begin() + p + r);
            list.erase(list.begin() + p, list.begin() + p + r);
            std::vector<int64_t> added;
            if (!removedBlocks.empty() && below(2) == 0) {
                const size_t k = static_cast<size_t>(below(static_cast<int64_t>(removedBlocks.size())));
                added = removedBlocks[k];
                removedBlocks.erase(removedBlocks.begin() + static_cast<std::ptrdiff_t>(k));
            }
            for (int64_t a = below(4); a > 0; a--)
                added.insert(added.begin() + below(static_cast<int64_t>(added.size()) + 1), nextId++);
            list.insert(list.begin() + p, added.begin(), added.end());
            if (!removed.empty())
                removedBlocks.push_back(removed);
            if (r > 0 || !added.empty())
                steps.push_back({p, r, static_cast<int64_t>(added.size())});
        }
        const std::vector<int64_t> &after = list;
        /* The moves: maximal blocks of old items that a step removed and
         * that sit together, in order, in both lists. */
        std::vector<int64_t> newAt(static_cast<size_t>(n), -1);
        for (size_t q = 0; q < after.size(); q++)
            if (after[q] >= 0 && after[q] < n)
                newAt[static_cast<size_t>(after[q])] = static_cast<int64_t>(q);
        /* Survivors: never removed (composition, computed here the slow way). */
        std::vector<bool> touched(static_cast<size_t>(n), false);
        {
            std::vector<int64_t> walk = before;
            for (const fold_change &c : steps) {
                for (int64_t k = 0; k < c.removed; k++) {
                    const int64_t id = walk[static_cast<size_t>(c.position + k)];
                    if (id >= 0 && id < n)
                        touched[static_cast<size_t>(id)] = true;
                }
                walk.erase(walk.begin() + c.position, walk.begin() + c.position + c.removed);
                walk.insert(walk.begin() + c.position, static_cast<size_t>(c.added), -1);
            }
        }
        std::vector<fold_move> moves;
        for (int64_t id = 0; id < n;) {
            if (!touched[static_cast<size_t>(id)] || newAt[static_cast<size_t>(id)] < 0) {
                id++;
                continue;
            }
            int64_t end = id + 1;
            while (end < n && touched[static_cast<size_t>(end)] &&
                   newAt[static_cast<size_t>(end)] == newAt[static_cast<size_t>(id)] + (end - id))
                end++;
            moves.push_back({id, newAt[static_cast<size_t>(id)], end - id});
            id = end;
        }
        std::sort(moves.begin(), moves.end(), [](const fold_move &a, const fold_move &b) { return a.to < b.to; });

        Replay replay;
        bool dropped = true;
        if (!replay.build(n, static_cast<int64_t>(after.size()), steps.data(),
                          static_cast<int64_t>(steps.size()), moves.data(),
                          static_cast<int64_t>(moves.size()), &dropped))
            qFatal("seed %u round %d: the plan was refused", seed, round);
        QVERIFY2(!dropped, qPrintable(QStringLiteral("seed %1 round %2: moves dropped").arg(seed).arg(round)));
        std::vector<int64_t> shown = before;
        int moved = -1;
        carryOut(replay, shown, after, moved);
        if (QTest::currentTestFailed())
            qFatal("seed %u round %d", seed, round);
        QCOMPARE_EQ(moved, static_cast<int>(moves.size()));
        QVERIFY2(shown == after, qPrintable(QStringLiteral("seed %1 round %2").arg(seed).arg(round)));
        totalMoves += moved;
    }
    QVERIFY(totalMoves > 50);
}

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
