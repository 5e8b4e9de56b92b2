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
