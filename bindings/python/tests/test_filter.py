"""Filtering (foldtable.h "Filtering") through the Python API: a search
typed letter by letter, ancestors kept, show_children and expand_matches,
one answer changed, match counts, inserts asked, an exception in the match
function (re-raised, nothing changed), and a match function that tries to
change the table.

The table: "fruit" (apple, banana, cherry) with a subsection "citrus"
(lemon, lime); "veg" (leek, pea). Items unfiltered: fruit 0, apple 1,
banana 2, cherry 3, citrus 4, lemon 5, lime 6, veg 7, leek 8, pea 9.
"""

import pytest

import foldtable
from foldtable import BusyError, ItemKind, MatchCount, NotAllowedError

NAMES = {
    "fruit": ["apple", "banana", "cherry"],
    "citrus": ["lemon", "lime"],
    "veg": ["leek", "pea"],
}


@pytest.fixture
def food():
    t = foldtable.Table()
    fruit = t.append_section("fruit", rows=3)
    fruit.append_subsection("citrus", rows=2)
    t.append_section("veg", rows=2)
    yield t
    t.close()


def shown(t):
    """The items as names: section keys for headers, row names for rows."""
    out = []
    for p in range(len(t)):
        item = t.item(p)
        section = t.item_section(p)
        if item.kind is ItemKind.ROW:
            out.append(NAMES[section.key][item.row] + ("*" if item.match else ""))
        else:
            out.append(section.key.upper() + ("*" if item.match else ""))
    return out


def search(t, text, **options):
    asked = []

    def match(section, row):
        asked.append((section.key, row))
        name = section.key if row is None else NAMES[section.key][row]
        return text in name

    t.set_filter(match, **options)
    return asked


def test_typing_a_query_keeps_the_ancestors(food):
    t = food
    asked = search(t, "l")
    # Asked once per section header and row, in order.
    assert asked == [("fruit", None), ("fruit", 0), ("fruit", 1), ("fruit", 2), ("citrus", None),
                     ("citrus", 0), ("citrus", 1), ("veg", None), ("veg", 0), ("veg", 1)]
    assert shown(t) == ["FRUIT", "apple*", "CITRUS", "lemon*", "lime*", "VEG", "leek*"]
    search(t, "le")
    assert shown(t) == ["FRUIT", "apple*", "CITRUS", "lemon*", "VEG", "leek*"]
    search(t, "lem")
    assert shown(t) == ["FRUIT", "CITRUS", "lemon*"]
    assert t.sections["veg"].filtered
    assert t.sections["fruit"].match_count == MatchCount(1, 5)
    assert t.match_count == MatchCount(1, 7)
    t.clear_filter()
    assert len(t) == 10 and not t.filter_active
    assert t.match_count == MatchCount(7, 7)


def test_show_children_and_expand_matches(food):
    t = food
    search(t, "citrus", show_children=True)
    assert shown(t) == ["FRUIT", "CITRUS*", "lemon", "lime"]
    t.sections["fruit"].collapse()
    search(t, "lime", expand_matches=True)
    assert t.sections["fruit"].filter_opened
    assert shown(t) == ["FRUIT", "CITRUS", "lime*"]
    t.clear_filter()
    assert shown(t) == ["FRUIT", "VEG", "leek", "pea"]  # fruit is collapsed again


def test_one_answer_changes(food):
    t = food
    search(t, "pea")
    assert shown(t) == ["VEG", "pea*"]
    seen = []
    t.on_change(seen.append)
    t.sections["fruit"].set_row_match(1, True)  # banana now matches
    assert shown(t) == ["FRUIT", "banana*", "VEG", "pea*"]
    assert t.sections["fruit"].row_matches(1)
    assert len(seen) == 1 and sum(c.added for c in seen[0].changes) == 2
    t.sections["veg"].matches = True
    assert t.sections["veg"].matches
    assert shown(t)[2] == "VEG*"


def test_inserted_rows_are_asked(food):
    t = food
    asked = search(t, "e")
    asked.clear()
    NAMES["veg"].append("bean")
    try:
        t.sections["veg"].append_rows(1)
        assert asked == [("veg", 2)]
        assert shown(t)[-1] == "bean*"
    finally:
        NAMES["veg"].pop()


def test_an_exception_stops_the_filter_and_changes_nothing(food):
    t = food
    search(t, "a")
    before = shown(t)

    def broken(section, row):
        if row == 1:
            raise KeyError("no such row")
        return True

    with pytest.raises(KeyError):
        t.set_filter(broken)
    assert shown(t) == before


def test_match_function_cannot_change_the_table(food):
    t = food
    errors = []

    def meddling(section, row):
        try:
            section.collapse()
        except BusyError as exc:
            errors.append(exc)
        return True

    t.set_filter(meddling)
    assert len(errors) == 10 and len(t) == 10


def test_no_filter(food):
    t = food
    with pytest.raises(NotAllowedError):
        t.sections["veg"].set_row_match(0, False)
    assert t.sections["veg"].row_matches(0)
    with pytest.raises(TypeError):
        t.set_filter(None, show_children=True)


def test_a_snapshot_asks_about_what_it_adds(food):
    """apply_snapshot while filtering: the new row and section are asked
    about (by the row index they get), once each, before anything changes;
    an exception there changes nothing and is re-raised."""
    t = food
    asked = []
    stop_at = [None]

    def match(section, row):
        asked.append((section.key, row))
        if (section.key, row) == stop_at[0]:
            raise KeyError("stop")
        return section.key == "nuts" if row is None else row % 2 == 1

    t.set_filter(match)
    NAMES["fruit"].append("date")
    NAMES["nuts"] = ["almond", "brazil"]
    try:
        assert shown(t) == ["FRUIT", "banana*", "CITRUS", "lime*", "VEG", "pea*"]
        snapshot = [
            foldtable.Snapshot("fruit", rows=4, children=[foldtable.Snapshot("citrus", rows=2)]),
            foldtable.Snapshot("veg", rows=2),
            foldtable.Snapshot("nuts", rows=2),
        ]
        asked.clear()
        stop_at[0] = ("nuts", 0)
        with pytest.raises(KeyError):
            t.apply_snapshot(snapshot)
        assert asked == [("fruit", 3), ("nuts", None), ("nuts", 0)]
        assert shown(t) == ["FRUIT", "banana*", "CITRUS", "lime*", "VEG", "pea*"]
        assert "nuts" not in t.sections
        assert t.sections["fruit"].row_count == 3

        asked.clear()
        stop_at[0] = None
        report = t.apply_snapshot(snapshot)
        assert (report.sections_inserted, report.rows_inserted) == (1, 3)
        assert asked == [("fruit", 3), ("nuts", None), ("nuts", 0), ("nuts", 1)]
        assert shown(t) == ["FRUIT", "banana*", "date*", "CITRUS", "lime*", "VEG", "pea*", "NUTS*", "brazil*"]
    finally:
        NAMES["fruit"].pop()
        del NAMES["nuts"]


# ---- minimal steps: GTK's filterlistmodel cases --------------------------
#
# GTK's testsuite/gtk/filterlistmodel.c filters the numbers 1..10; here they
# are the rows of a section without a header item (row r is the number
# r + 1). GTK reports one span per change; FoldTable reports one step per
# run of rows hidden or shown, each applying to the list the steps before
# it left.

def smaller(x):
    return lambda n: n < x


def larger(x):
    return lambda n: n > x


def near(x):
    return lambda n: abs(n - x) <= 2


def not_near(x):
    return lambda n: abs(n - x) > 2


@pytest.fixture
def numbers():
    t = foldtable.Table()
    t.append_section("n", rows=10, header_item=False)
    seen = []
    t.on_change(seen.append)
    yield t, seen
    t.close()


def by_number(t, rule):
    t.set_filter(lambda section, row: row is not None and rule(row + 1))


def numbers_shown(t):
    return [t.item(p).row + 1 for p in range(len(t))]


@pytest.mark.parametrize(
    "rule, want, steps",
    [
        (smaller(20), list(range(1, 11)), []),
        (smaller(7), [1, 2, 3, 4, 5, 6], [(6, 4, 0)]),
        (smaller(0), [], [(0, 10, 0)]),
        (larger(0), list(range(1, 11)), []),
        (larger(3), list(range(4, 11)), [(0, 3, 0)]),
        (larger(20), [], [(0, 10, 0)]),
        (near(5), [3, 4, 5, 6, 7], [(0, 2, 0), (5, 3, 0)]),  # GTK: 0-10+5
        (not_near(5), [1, 2, 8, 9, 10], [(2, 5, 0)]),
    ],
)
def test_gtk_set_filter(numbers, rule, want, steps):
    t, seen = numbers
    by_number(t, rule)
    assert numbers_shown(t) == want
    assert len(seen) == 1 and seen[0].changes == steps
    if not steps:
        # Every row matches: redraws only (the MATCH flags), also when cleared.
        assert seen[0].redraw == [range(0, 10)]
        t.clear_filter()
        assert len(seen) == 2 and seen[1].changes == [] and seen[1].redraw == [range(0, 10)]


def test_gtk_change_filter(numbers):
    t, seen = numbers
    by_number(t, not_near(5))
    assert numbers_shown(t) == [1, 2, 8, 9, 10]
    for rule, want, steps in [
        (not_near(6), [1, 2, 3, 9, 10], [(2, 1, 1)]),
        (not_near(9), [1, 2, 3, 4, 5, 6], [(3, 2, 3)]),
        (smaller(6), [1, 2, 3, 4, 5], [(5, 1, 0)]),
        (larger(4), [5, 6, 7, 8, 9, 10], [(0, 4, 0), (1, 0, 5)]),  # GTK: 0-5+6
        (not_near(4), [1, 7, 8, 9, 10], [(0, 2, 1)]),
    ]:
        seen.clear()
        by_number(t, rule)
        assert numbers_shown(t) == want
        assert len(seen) == 1 and seen[0].changes == steps and seen[0].redraw == []
    seen.clear()
    by_number(t, not_near(4))  # the same rows, the same answers
    assert seen == []
    t.clear_filter()
    assert seen[0].changes == [(1, 0, 5)]
    assert seen[0].redraw == [range(0, 1), range(6, 10)]  # MATCH gone from the rows that stay


def replay(before, change_set):
    """The old items (as names) with the steps applied in order; None for
    an added item."""
    items = list(before)
    for c in change_set.changes:
        items[c.position:c.position + c.removed] = [None] * c.added
    return items


def test_typing_replays_on_a_shadow_list(food):
    """Each letter typed: the steps, replayed on the list before, give the
    list after, keeping exactly the items shown before and after (none
    removed and added again); those whose look changed are redrawn."""
    t = food
    seen = []
    t.on_change(seen.append)
    for text in ["l", "le", "lem", "le", "", "a", "an", None]:
        before = shown(t)
        seen.clear()
        if text is None:
            t.clear_filter()
        else:
            search(t, text)
        after = shown(t)
        if not seen:
            assert after == before
            continue
        items = replay(before, seen[0])
        assert len(items) == len(after)
        names = [n.rstrip("*") for n in before]
        for p, (old, new) in enumerate(zip(items, after)):
            if old is None:
                assert new.rstrip("*") not in names, (text, p, new)
            else:
                assert old.rstrip("*") == new.rstrip("*"), (text, p)
                if old != new:
                    assert any(p in r for r in seen[0].redraw), (text, p)
