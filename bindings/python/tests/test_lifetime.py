"""Closing, context managers, finalizers, interpreter shutdown, module attributes."""

import copy
import gc
import os
import pickle
import weakref

import pytest

import foldtable
from foldtable import FoldError, InvalidArgumentError

from conftest import header_version, run_python


def test_close_is_idempotent():
    t = foldtable.Table()
    t.append_section("a", rows=1)
    assert t.closed is False
    t.close()
    assert t.closed is True
    t.close()
    t.close()
    assert repr(t) == "<foldtable.Table (closed)>"


@pytest.mark.parametrize(
    "call",
    [
        lambda t, s: len(t),
        lambda t, s: t.item(0),
        lambda t, s: t.append_section("b"),
        lambda t, s: t.content_height,
        lambda t, s: t.visible_items(0, 10),
        lambda t, s: t.options,
        lambda t, s: len(t.sections),
        lambda t, s: list(t.sections),
        lambda t, s: s.collapse(),
        lambda t, s: s.row_count,
        lambda t, s: s.header,
        lambda t, s: t.section_states(),
    ],
)
def test_use_after_close(call):
    t = foldtable.Table()
    s = t.append_section("a", rows=1)
    t.close()
    with pytest.raises(InvalidArgumentError) as info:
        call(t, s)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, FoldError)
    assert "closed" in str(info.value)


def test_closed_table_membership_raises():
    t = foldtable.Table()
    t.close()
    with pytest.raises(ValueError):
        "a" in t.sections  # noqa: B015
    s = foldtable.Section(t, "a")
    assert s.exists is False


def test_context_manager():
    with foldtable.Table() as t:
        assert isinstance(t, foldtable.Table)
        t.append_section("a")
    assert t.closed


def test_context_manager_closes_on_error():
    with pytest.raises(RuntimeError):
        with foldtable.Table() as t:
            raise RuntimeError("boom")
    assert t.closed
    with foldtable.Table() as t2:
        t2.close()  # closing inside the block is fine too


def test_finalizer_frees_without_close():
    t = foldtable.Table()
    t.append_section("a", rows=10)
    ref = weakref.ref(t)
    del t
    gc.collect()
    assert ref() is None


def test_section_keeps_table_alive():
    t = foldtable.Table()
    s = t.append_section("a", rows=2)
    del t
    gc.collect()
    assert s.row_count == 2
    s.table.close()


def test_tables_cannot_be_copied_or_pickled(table):
    for copier in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError):
            copier(table)


def test_repr(worked):
    assert repr(worked) == "<foldtable.Table sections=3 items=12>"


def test_module_attributes():
    version, number = header_version()
    assert foldtable.version == version
    assert foldtable.version_number == number
    assert foldtable.__version__ == version
    assert os.path.exists(foldtable.library_path)
    assert foldtable.MAX_HEIGHT == 65536.0
    assert foldtable.MAX_ROWS == 2**28
    assert foldtable.MAX_SECTIONS == 2**26
    assert foldtable.HEIGHT_UNIT == 1 / 256
    assert foldtable.HEIGHT_DEFAULT == -1.0
    for name in foldtable.__all__:
        assert getattr(foldtable, name) is not None


def test_every_public_name_is_documented():
    for name in foldtable.__all__:
        obj = getattr(foldtable, name)
        if isinstance(obj, (str, int, float)):
            continue
        assert obj.__doc__, name
    for cls in (foldtable.Table, foldtable.Section, foldtable.SectionsView):
        for attr, value in vars(cls).items():
            if attr.startswith("_"):
                continue
            assert getattr(value, "__doc__", None), "%s.%s" % (cls.__name__, attr)
    assert "collapsible" in foldtable.Table.__doc__


def test_interpreter_shutdown_with_live_tables():
    """Tables alive at exit, in a reference cycle, and half-built ones
    (failed __init__) must not print 'Exception ignored' at shutdown."""
    result = run_python(
        """
        import foldtable
        keep = foldtable.Table()
        keep.append_section("a", rows=3)
        cycle = foldtable.Table()
        cycle_holder = [cycle]
        cycle_holder.append(cycle_holder)
        cycle.append_section("b", rows=1)
        sec = cycle.sections["b"]
        try:
            foldtable.Table(row_height=float("nan"))
        except foldtable.InvalidArgumentError:
            pass
        try:
            foldtable.Table(row_height="x")
        except TypeError:
            pass
        import foldtable._table as m
        m.Table.__del__  # keep a reference path through the module
        print("ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    assert result.stderr == ""
