"""Randomized operations (fixed seeds) through the binding, with every
answer of the binding checked against the C library's own answer on the
same table: the raw ctypes calls of ``foldtable._ffi.lib`` on the table's
handle. One oracle per layer: the engine's behaviour is checked by the
Swift tree model and the C differential test; this file checks that the
Python layer passes arguments, converts results (ids to sibling indices,
flags to bools, -1 to None, statuses to exceptions) and keeps its caches
(sibling indices, the viewport buffer) right after any sequence of changes.

Heights are small integers (exact in float32 and double), so every top and
total is exact and compared with ==.
"""

import ctypes
import random
from ctypes import byref, c_double, c_int32, c_int64, c_size_t

import pytest

import foldtable
from foldtable import (
    DuplicateKeyError,
    ItemKind,
    OffsetHit,
    OffsetPlace,
    OutOfRangeError,
    VisibleItem,
)
from foldtable import _ffi

lib = _ffi.lib
ROOT = 0


class Raw:
    """The C library's answers for one table, straight from the C calls."""

    def __init__(self, table):
        self.h = table._handle

    def _out(self, fn, ctype, *args):
        out = ctype()
        fn(self.h, *args, byref(out))
        return out.value

    def child_ids(self, parent=ROOT):
        count = self._out(lib.fold_table_child_count, c_int64, parent)
        ids = []
        for i in range(count):
            kind, section = c_int32(), _ffi.section_id()
            lib.fold_table_child_at(self.h, parent, i, byref(kind), byref(section), None)
            ids.append(section.value)
        return ids

    def info(self, section):
        out = _ffi.fold_section_info()
        lib.fold_table_section_info(self.h, section, byref(out))
        return out

    def text(self, section, which):
        length = c_size_t()
        lib.fold_table_section_text(self.h, section, which, None, 0, byref(length))
        buffer = ctypes.create_string_buffer(length.value + 1)
        lib.fold_table_section_text(self.h, section, which, buffer, len(buffer), byref(length))
        return buffer.value.decode()

    def key(self, section):
        return self.text(section, _ffi.TEXT_KEY)

    def collapsed(self, section):
        return bool(self.info(section).flags & _ffi.SECTION_COLLAPSED)

    def row_height(self, section, row):
        out = _ffi.fold_row_info()
        lib.fold_table_row_info(self.h, section, row, byref(out))
        return out.height

    def states(self):
        memory = ctypes.c_void_p()
        count = c_int64()
        lib.fold_table_section_states(self.h, byref(memory), byref(count))
        states = ctypes.cast(memory, ctypes.POINTER(_ffi.fold_section_state))
        try:
            return [(ctypes.string_at(states[i].key).decode(), bool(states[i].collapsed))
                    for i in range(count.value)]
        finally:
            lib.fold_free(memory)

    def item_count(self):
        return self._out(lib.fold_table_item_count, c_int64)

    def content_height(self):
        return self._out(lib.fold_table_content_height, c_double)

    def visible(self, offset, height, overscan):
        written, total = c_int64(), c_int64()
        lib.fold_table_visible_items(self.h, offset, height, overscan, None, 0,
                                     byref(written), byref(total))
        out = (_ffi.fold_visible_item * total.value)()
        lib.fold_table_visible_items(self.h, offset, height, overscan, out, total.value,
                                     byref(written), byref(total))
        return [
            VisibleItem(v.position, ItemKind(v.kind), v.depth, self.info(v.section).index,
                        None if v.row < 0 else v.row, v.top, v.height, v.flags)
            for v in out[: written.value]
        ]

    def item(self, position):
        out = _ffi.fold_item()
        lib.fold_table_item_at(self.h, position, byref(out))
        return (position, ItemKind(out.kind), out.depth, self.info(out.section).index,
                None if out.row < 0 else out.row, out.flags)

    def at_offset(self, y):
        position, place = c_int64(), c_int32()
        lib.fold_table_item_at_offset(self.h, y, byref(position), byref(place))
        return OffsetHit(None if position.value < 0 else position.value, OffsetPlace(place.value))


def compare(t, raw, proxies):
    """Every query of the binding equals the library's answer."""
    count = raw.item_count()
    total = raw.content_height()
    assert len(t) == count
    assert t.content_height == total
    assert t.section_states() == raw.states()
    assert t.visible_items(-1, total + 2) == raw.visible(-1.0, total + 2, 0)
    assert [tuple(item) for item in t] == [raw.item(p) for p in range(count)]
    ids = raw.child_ids()
    assert t.sections.keys() == [raw.key(s) for s in ids]
    for s in ids:
        info = raw.info(s)
        section = proxies[raw.key(s)]
        assert section.id == s
        assert section.index == info.index
        assert section.collapsed == raw.collapsed(s)
        assert section.row_count == info.row_count
        assert section.visible_row_count == info.visible_row_count
        assert section.heights == (info.header_height, info.footer_height, info.row_height)
        assert section.header == raw.text(s, _ffi.TEXT_HEADER)
        assert section.indicator == raw.text(s, _ffi.TEXT_INDICATOR)
        assert [section.row_height(r) for r in range(info.row_count)] == [
            raw.row_height(s, r) for r in range(info.row_count)
        ]


CONFIGS = [
    # seed, options
    (1, dict()),
    (2, dict(footer_height=6, padding_top=3, padding_bottom=5)),
    (3, dict(start_collapsed=True, row_height=10, header_height=0)),
    (4, dict(footer_height=2, row_height=0)),
]


@pytest.mark.parametrize("seed, options", CONFIGS, ids=[str(c[0]) for c in CONFIGS])
def test_random_operations_match_the_library(seed, options):
    rng = random.Random(seed)
    serial = [0]

    def height():
        return float(rng.choice([0, 1, 5, 17, 44, 60, 100]))

    def new_key():
        serial[0] += 1
        return "k%d-\u00e9" % serial[0]

    def rows_heights(n):
        return [height() for _ in range(n)] if rng.random() < 0.5 else None

    with foldtable.Table(**options) as t:
        raw = Raw(t)
        proxies = {}
        for step in range(600):
            ids = raw.child_ids()
            n = len(ids)
            op = rng.randrange(14)
            sid = ids[rng.randrange(n)] if n else None
            key = raw.key(sid) if n else None
            s = proxies.get(key)
            rows = raw.info(sid).row_count if n else 0
            if op == 0 or n == 0:
                new, count = new_key(), rng.randrange(6)
                header = rng.choice(["", "Title", "Title|Detail", "a|b|c"]) + new
                proxies[new] = t.append_section(new, header, rows=count)
                assert raw.child_ids() == ids + [proxies[new].id]
                assert raw.text(proxies[new].id, _ffi.TEXT_HEADER) == header
                assert raw.info(proxies[new].id).row_count == count
            elif op == 1:
                index = rng.randrange(-1, n + 2)
                new = new_key()
                if 0 <= index <= n:
                    proxies[new] = t.insert_section(index, new, "", rows=2)
                    assert raw.child_ids() == ids[:index] + [proxies[new].id] + ids[index:]
                else:
                    with pytest.raises(OutOfRangeError):
                        t.insert_section(index, new)
            elif op == 2:
                with pytest.raises(DuplicateKeyError):
                    t.append_section(key)
            elif op == 3 and n > 3:
                if rng.random() < 0.5:
                    t.remove_section(key)
                else:
                    t.remove_section(ids.index(sid))
                del proxies[key]
                assert raw.child_ids() == [i for i in ids if i != sid]
            elif op == 4:
                to = rng.randrange(n)
                t.move_section(key, to)
                rest = [i for i in ids if i != sid]
                assert raw.child_ids() == rest[:to] + [sid] + rest[to:]
            elif op == 5:
                at = rng.randrange(rows + 2)
                count = rng.randrange(4)
                heights = rows_heights(count)
                if at <= rows:
                    s.insert_rows(at, count, heights)
                    assert raw.info(sid).row_count == rows + count
                    if heights is not None:
                        assert [raw.row_height(sid, at + i) for i in range(count)] == heights
                else:
                    with pytest.raises(OutOfRangeError):
                        s.insert_rows(at, count, heights)
            elif op == 6 and rows:
                at = rng.randrange(rows)
                count = rng.randrange(1, 4)
                if at + count <= rows:
                    s.remove_rows(at, count)
                    assert raw.info(sid).row_count == rows - count
                else:
                    with pytest.raises(OutOfRangeError):
                        s.remove_rows(at, count)
            elif op == 7 and rows:
                at = rng.randrange(rows)
                h = None if rng.random() < 0.3 else height()
                s.set_row_height(at, h)
                assert raw.row_height(sid, at) == (raw.info(sid).row_height if h is None else h)
            elif op == 8 and rows:
                at = rng.randrange(rows)
                values = [None if rng.random() < 0.2 else height()
                          for _ in range(rng.randrange(rows - at + 1))]
                s.set_row_heights(at, values)
                default = raw.info(sid).row_height
                assert [raw.row_height(sid, at + i) for i in range(len(values))] == [
                    default if v is None else v for v in values
                ]
            elif op == 9:
                what = rng.choice(["collapse", "expand", "toggle"])
                before = raw.collapsed(sid)
                want = {"collapse": True, "expand": False, "toggle": not before}[what]
                changed = getattr(s, what)()
                assert raw.collapsed(sid) == want
                assert changed is (before != want)
            elif op == 10 and rng.random() < 0.3:
                before = [raw.collapsed(i) for i in ids]
                changed = t.collapse_all() if rng.random() < 0.5 else t.expand_all()
                after = [raw.collapsed(i) for i in ids]
                assert changed == sum(b != a for b, a in zip(before, after))
            elif op == 11:
                name, which = rng.choice([("header_height", "header_height"),
                                          ("footer_height", "footer_height"),
                                          ("default_row_height", "row_height")])
                value = None if rng.random() < 0.3 else height()
                setattr(s, name, value)
                if value is not None:
                    assert getattr(raw.info(sid), which) == value
            elif op == 12:
                header = rng.choice(["", "x", "x|y", "Ünï|cödé"])
                s.header = header
                assert raw.text(sid, _ffi.TEXT_HEADER) == header
            elif op == 13:
                # Queries only.
                total = raw.content_height()
                for _ in range(5):
                    y = rng.choice([rng.uniform(-20, total + 20), float(rng.randrange(int(total) + 1))])
                    assert t.item_at_offset(y) == raw.at_offset(y)
                    off, h, over = rng.uniform(-50, total + 50), rng.uniform(0, 300), rng.randrange(3)
                    assert t.visible_items(off, h, over) == raw.visible(off, h, over)
            if step % 3 == 0:
                compare(t, raw, proxies)
        compare(t, raw, proxies)
