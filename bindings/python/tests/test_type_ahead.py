"""Type-ahead (foldtable.h "Type-ahead"): Unicode case folding (ß and
SS, É and é), wrapping, include_start and backward, candidates that can
take focus, a row-text callback (its text kept alive, its exceptions
re-raised), and bad input.

The table (each section one row): Straße 0 (row 1), Apple|Fruit 2 (3),
"  apricot" 4 (5), Éclair 6 (7), STRASSE 8 (9).
"""

import gc

import pytest

import foldtable
from foldtable import (
    BusyError,
    FocusKind,
    InvalidArgumentError,
    Item,
    ItemKind,
    OutOfRangeError,
)

from conftest import take_deep_snapshot

SECTIONS = [
    ("strasse", "Straße", "Maßband"),
    ("apple", "Apple|Fruit", "Granny Smith"),
    ("apricot", "  apricot", "Orange"),
    ("eclair", "Éclair", "GRANNY"),
    ("upper", "STRASSE", "Zebra"),
]
ROW_TEXT = {key: text for key, _, text in SECTIONS}


@pytest.fixture
def words():
    t = foldtable.Table()
    for key, header, _ in SECTIONS:
        t.append_section(key, header, rows=1)
    yield t
    t.close()


def row_text(t):
    """A text function naming the rows only (headers have none)."""

    def text(item, position):
        if item.kind is not ItemKind.ROW:
            return None
        return ROW_TEXT[t.item_key(position)]

    return text


@pytest.mark.parametrize(
    "prefix, start, options, expected",
    [
        ("straße", None, {}, 0),
        ("straße", 0, {}, 8),  # "STRASSE" folds to the same
        ("STRASSE", 8, {}, 0),  # round past the end
        ("strass", None, {}, 0),
        ("ap", None, {}, 2),
        ("ap", 2, {}, 4),  # leading spaces of the text are ignored
        ("ap", 4, {}, 2),
        ("ap", 2, {"include_start": True}, 2),
        ("ap", 3, {"include_start": True}, 4),
        ("ap", 4, {"backward": True}, 2),
        ("ap", 2, {"backward": True}, 4),
        ("é", None, {}, 6),
        ("ÉCL", None, {}, 6),
        ("e", None, {}, None),  # folding keeps accents: e is not é
        ("fruit", None, {}, None),  # the title only, not the detail
        ("granny", None, {}, None),  # rows have no text without a text function
        ("zzz", None, {}, None),
    ],
)
def test_find_titles(words, prefix, start, options, expected):
    assert words.find_text(prefix, start, **options) == expected
    assert words.focus is None  # nothing changes


def test_find_row_text(words):
    t = words
    text = row_text(t)
    assert t.find_text("granny", text=text) == 3
    assert t.find_text("granny", 3, text=text) == 7
    assert t.find_text("granny", 7, text=text) == 3
    assert t.find_text("MASSBAND", text=text) == 1
    assert t.find_text("ap", text=text) is None  # the function replaces titles


def test_the_text_function_gets_the_item_and_its_position(words):
    t = words
    seen = []

    def text(item, position):
        seen.append((item, position))
        return None

    assert t.find_text("x", text=text) is None
    assert [position for _, position in seen] == list(range(10))
    item, position = seen[3]
    assert isinstance(item, Item)
    assert item == Item(3, ItemKind.ROW, 0, 1, 0, 0)
    assert seen[2][0].kind is ItemKind.HEADER and seen[2][0].row is None


def test_only_items_that_can_take_focus_are_candidates(words):
    t = words
    t.section("apple").no_focus = True
    assert t.find_text("ap") == 4
    t.focus_kinds = FocusKind.ROWS
    assert t.find_text("ap") is None
    assert t.find_text("granny", text=row_text(t)) == 7  # apple's row cannot take focus


def test_text_stays_alive_while_the_library_reads_it():
    with foldtable.Table() as t:
        t.append_section("big", rows=300)

        def text(item, position):
            gc.collect()  # nothing the library still reads may be collected
            return None if item.row is None else "row %d" % item.row

        assert t.find_text("row 299", text=text) == 300
        assert t.find_text("ROW 1", 2, text=text) == 11  # "row 10"


def test_an_exception_in_the_text_function_is_re_raised(words):
    t = words
    before = take_deep_snapshot(t)
    calls = []

    def text(item, position):
        calls.append(position)
        raise ValueError("no text for %d" % position)

    with pytest.raises(ValueError, match="no text for 0"):
        t.find_text("a", text=text)
    assert calls == [0]  # not asked again in that search
    assert take_deep_snapshot(t) == before
    assert t.find_text("granny", text=row_text(t)) == 3  # the table works on


def test_a_text_that_is_not_a_string(words):
    with pytest.raises(TypeError, match="must return a str or None, not int"):
        words.find_text("a", text=lambda item, position: 42)


def test_the_text_function_cannot_change_the_table(words):
    t = words

    def text(item, position):
        t.section("apple").collapse()
        return None

    with pytest.raises(BusyError):
        t.find_text("a", text=text)
    assert not t.section("apple").collapsed


def test_nothing_to_find_in_an_empty_table(table):
    assert table.find_text("a") is None


@pytest.mark.parametrize(
    "args, kwargs, error, message",
    [
        (("",), {}, InvalidArgumentError, None),
        (("a\0b",), {}, InvalidArgumentError, "contains a NUL character"),
        (("\ud800",), {}, InvalidArgumentError, None),
        ((5,), {}, TypeError, "prefix must be a str"),
        (("a", 99), {}, OutOfRangeError, None),
        (("a", -1), {}, OutOfRangeError, "start -1 is negative"),
        (("a",), {"text": 5}, TypeError, "the text function must be callable"),
    ],
)
def test_bad_input(words, args, kwargs, error, message):
    with pytest.raises(error, match=message):
        words.find_text(*args, **kwargs)


def test_start_is_looked_at_last(words):
    assert words.find_text("é", 6) == 6  # a lone match is found again
    assert words.find_text("ap", None, backward=True) == 4  # from the bottom


def test_closing_the_table_inside_the_text_function_stops_the_search(words):
    t = words

    def text(item, position):
        t.close()
        return None

    with pytest.raises(foldtable.CancelledError):
        t.find_text("a", text=text)
    assert t.closed
