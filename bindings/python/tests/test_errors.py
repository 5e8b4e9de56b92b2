"""Error classes, messages, and bad input that must leave the table unchanged."""

import math
import pickle
import threading

import pytest

import foldtable
from foldtable import (
    BusyError,
    DuplicateKeyError,
    FoldError,
    InvalidArgumentError,
    NotFoundError,
    NotVisibleError,
    OutOfRangeError,
)
from foldtable import _errors


@pytest.mark.parametrize(
    "cls, builtin, status",
    [
        (InvalidArgumentError, ValueError, -1),
        (OutOfRangeError, IndexError, -2),
        (NotFoundError, KeyError, -3),
        (DuplicateKeyError, ValueError, -4),
        (NotVisibleError, LookupError, -5),
        (BusyError, RuntimeError, -6),
    ],
)
def test_error_classes(cls, builtin, status):
    assert issubclass(cls, FoldError)
    assert issubclass(cls, builtin)
    err = _errors.error_for(status, "the message", "fold_x")
    assert type(err) is cls
    assert (err.status, err.message, err.function, str(err)) == (status, "the message", "fold_x", "the message")
    assert err.status_name.startswith("FOLD_E_")
    assert repr(err) == "%s(%s, 'the message')" % (cls.__name__, err.status_name)
    again = pickle.loads(pickle.dumps(err))
    assert (type(again), again.status, again.message) == (cls, status, "the message")


def test_internal_and_unknown_status_are_fold_errors():
    assert type(_errors.error_for(-99, "x")) is FoldError
    assert type(_errors.error_for(-1234, "x")) is FoldError
    assert _errors.error_for(-1234, "").status_name == "unknown status -1234"
    assert str(_errors.error_for(-99, "")) == "FOLD_E_INTERNAL"
    assert issubclass(FoldError, Exception)


def test_library_errors_carry_status_message_function(worked):
    with pytest.raises(OutOfRangeError) as info:
        worked.item(99)
    err = info.value
    assert err.status == -2
    assert err.status_name == "FOLD_E_RANGE"
    assert err.function == "fold_table_item_at"
    assert err.message and isinstance(err.message, str)
    assert str(err) == err.message


def test_status_names_match_the_library():
    lib = foldtable._ffi.lib
    for status, name in _errors._STATUS_NAMES.items():
        assert lib.fold_status_name(status).decode() == name
    assert lib.fold_status_name(12345).decode() == "unknown status"


def test_messages_are_per_thread(worked):
    """Each failing call reports its own message, even while other threads
    fail differently at the same time."""
    messages = {"range": set(), "key": set()}
    errors = []

    def fail_range():
        for _ in range(300):
            try:
                worked.item(10**6)
            except OutOfRangeError as e:
                messages["range"].add(e.message)
            except Exception as e:  # pragma: no cover - reported below
                errors.append(e)

    def fail_key():
        for _ in range(300):
            try:
                worked.sections["no such key"]
            except NotFoundError as e:
                messages["key"].add(e.message)
            except Exception as e:  # pragma: no cover
                errors.append(e)

    threads = [threading.Thread(target=f) for f in (fail_range, fail_key) * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(messages["range"]) == 1
    assert len(messages["key"]) == 1
    assert messages["range"] != messages["key"]


# -- bad input leaves the table as it was ----------------------------------------

BAD_CALLS = [
    # (description, call, expected class)
    ("NaN row height", lambda t: t.sections[0].set_row_height(0, math.nan), InvalidArgumentError),
    ("inf header height", lambda t: setattr(t.sections[1], "header_height", math.inf), InvalidArgumentError),
    ("negative footer", lambda t: setattr(t.sections[1], "footer_height", -3), InvalidArgumentError),
    ("too tall", lambda t: t.sections[0].set_row_height(0, 1e8), InvalidArgumentError),
    ("huge row", lambda t: t.sections[0].set_row_height(2**62, 1), OutOfRangeError),
    ("huge section", lambda t: t.remove_section(2**62), OutOfRangeError),
    ("beyond int64", lambda t: t.remove_section(2**64 + 1), OutOfRangeError),
    ("negative section", lambda t: t.move_section(-5, 0), OutOfRangeError),
    ("surrogate key", lambda t: t.append_section("bad\udc80key"), InvalidArgumentError),
    ("surrogate header", lambda t: t.append_section("k", "\ud83d"), InvalidArgumentError),
    ("surrogate set_header", lambda t: t.sections[0].set_header("x\udfff"), InvalidArgumentError),
    ("NUL in key", lambda t: t.append_section("a\0b"), InvalidArgumentError),
    ("NUL in indicators", lambda t: t.set_indicators("+\0", "-"), InvalidArgumentError),
    ("empty key", lambda t: t.insert_section(0, ""), InvalidArgumentError),
    ("duplicate key", lambda t: t.insert_section(1, "iPhone", rows=5), DuplicateKeyError),
    ("unknown key", lambda t: t.move_section("Watch", 0), NotFoundError),
    ("collapse unknown", lambda t: foldtable.Section(t, "Watch").collapse(), NotFoundError),
    ("surrogate section", lambda t: foldtable.Section(t, "\ud800").toggle(), InvalidArgumentError),
    ("bad heights", lambda t: t.sections[2].set_row_heights(0, [1, 2, -9, 4]), InvalidArgumentError),
    ("too many heights", lambda t: t.sections[2].set_row_heights(0, [1] * 5), OutOfRangeError),
    ("insert bad heights", lambda t: t.sections[2].insert_rows(4, heights=[1, math.nan]), InvalidArgumentError),
    ("remove too many", lambda t: t.sections[2].remove_rows(0, 5), OutOfRangeError),
    ("insert section huge rows", lambda t: t.append_section("x", rows=2**62), OutOfRangeError),
    ("offset NaN", lambda t: t.item_at_offset(math.nan), InvalidArgumentError),
    ("viewport negative", lambda t: t.visible_items(0, -1), InvalidArgumentError),
]


@pytest.mark.parametrize("what, call, cls", BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_input_changes_nothing(worked, snapshot, what, call, cls):
    worked.sections["iPad"].collapse()
    worked.sections["iPhone"].set_row_heights(0, [10, 20, 30, 40])
    before = snapshot(worked)
    with pytest.raises(cls) as info:
        call(worked)
    assert isinstance(info.value, FoldError)
    assert info.value.message
    assert snapshot(worked) == before


def test_bad_options():
    for kwargs in [
        {"row_height": math.nan},
        {"header_height": math.inf},
        {"footer_height": -1.0},
        {"padding_top": -0.5},
        {"padding_bottom": 2e7},
    ]:
        with pytest.raises(InvalidArgumentError):
            foldtable.Table(**kwargs)
    with pytest.raises(TypeError):
        foldtable.Table(row_height="44")
    with pytest.raises(TypeError):
        foldtable.Table(44)  # keyword-only
