"""Randomized operations (fixed seeds) checked against a pure-Python model of
the flat list, written from foldtable.h. The model lives only here: the
binding itself never re-implements engine rules.

Heights are small integers (exact in float32 and double), so every top and
total is exact and compared with ==.
"""

import random
from dataclasses import dataclass, field
from typing import List, Optional

import pytest

import foldtable
from foldtable import (
    DuplicateKeyError,
    ItemKind,
    OffsetPlace,
    OutOfRangeError,
)


@dataclass
class MSection:
    key: str
    header: str
    collapsed: bool
    rows: List[Optional[float]]  # None: the section's default row height
    header_h: Optional[float] = None
    footer_h: Optional[float] = None
    row_h: Optional[float] = None


@dataclass
class Model:
    row_height: float
    header_height: float
    footer_height: float
    padding_top: float
    padding_bottom: float
    start_collapsed: bool
    sections: List[MSection] = field(default_factory=list)

    def heights(self, s):
        return (
            self.header_height if s.header_h is None else s.header_h,
            self.footer_height if s.footer_h is None else s.footer_h,
            self.row_height if s.row_h is None else s.row_h,
        )

    def row_height_of(self, s, r):
        return self.heights(s)[2] if s.rows[r] is None else s.rows[r]

    def flat(self):
        """[(kind, section, row, top, height, collapsed_flag)]"""
        out = []
        top = self.padding_top
        for i, s in enumerate(self.sections):
            hh, fh, _ = self.heights(s)
            out.append((ItemKind.HEADER, i, None, top, hh, s.collapsed))
            top += hh
            if not s.collapsed:
                for r in range(len(s.rows)):
                    h = self.row_height_of(s, r)
                    out.append((ItemKind.ROW, i, r, top, h, False))
                    top += h
            if fh > 0:
                out.append((ItemKind.FOOTER, i, None, top, fh, s.collapsed))
                top += fh
        return out

    def content_height(self):
        flat = self.flat()
        end = flat[-1][3] + flat[-1][4] if flat else self.padding_top
        return end + self.padding_bottom

    def index(self, key):
        return [s.key for s in self.sections].index(key)

    def set_collapsed(self, s, want, every=False):
        # ABI 0.2: collapsing or expanding one section without rows stores
        # the state; collapse_all / expand_all (every) still skip it.
        if (every and not s.rows) or s.collapsed == want:
            return False
        s.collapsed = want
        return True

    def visible(self, offset, height, overscan):
        flat = self.flat()
        hits = [
            p for p, (_, _, _, top, h, _) in enumerate(flat)
            if (top < offset + height and top + h > offset)
            or (h == 0 and offset <= top < offset + height)
        ]
        if not hits:
            return []
        first = max(0, hits[0] - overscan)
        last = min(len(flat) - 1, hits[-1] + overscan)
        return list(range(first, last + 1))

    def at_offset(self, y):
        flat = self.flat()
        if not flat:
            return (None, OffsetPlace.ABOVE if y < self.padding_top else OffsetPlace.BELOW)
        if y < flat[0][3]:
            return (0, OffsetPlace.ABOVE)
        end = flat[-1][3] + flat[-1][4]
        if y >= end:
            return (len(flat) - 1, OffsetPlace.BELOW)
        for p, (_, _, _, top, h, _) in enumerate(flat):
            if top <= y < top + h:
                return (p, OffsetPlace.IN_ITEM)
        raise AssertionError("offset %r inside the list but in no item" % y)


def compare(t, m, proxies):
    flat = m.flat()
    assert len(t) == len(flat)
    assert t.section_states() == [(s.key, s.collapsed) for s in m.sections]
    assert t.content_height == m.content_height()
    got = [
        (v.kind, v.section, v.row, v.top, v.height, v.collapsed)
        for v in t.visible_items(-1, m.content_height() + 2)
    ]
    assert got == flat
    for i, s in enumerate(m.sections):
        section = proxies[s.key]
        assert section.index == i
        assert section.row_count == len(s.rows)
        assert section.visible_row_count == (0 if s.collapsed else len(s.rows))
        assert section.heights == m.heights(s)
        assert section.header == s.header
        assert [section.row_height(r) for r in range(len(s.rows))] == [
            m.row_height_of(s, r) for r in range(len(s.rows))
        ]
        assert section.indicator == ("" if not s.rows else "+" if s.collapsed else "\u2013")


CONFIGS = [
    # seed, options
    (1, dict()),
    (2, dict(footer_height=6, padding_top=3, padding_bottom=5)),
    (3, dict(start_collapsed=True, row_height=10, header_height=0)),
    (4, dict(footer_height=2, row_height=0)),
]


@pytest.mark.parametrize("seed, options", CONFIGS, ids=[str(c[0]) for c in CONFIGS])
def test_random_operations_match_the_model(seed, options):
    rng = random.Random(seed)
    opts = dict(row_height=44.0, header_height=28.0, footer_height=0.0, padding_top=0.0,
                padding_bottom=0.0, start_collapsed=False)
    opts.update(options)
    m = Model(**opts)
    proxies = {}
    serial = [0]

    def height():
        return float(rng.choice([0, 1, 5, 17, 44, 60, 100]))

    def new_key():
        serial[0] += 1
        return "k%d-\u00e9" % serial[0]

    def rows_heights(n):
        return [height() for _ in range(n)] if rng.random() < 0.5 else None

    with foldtable.Table(**opts) as t:
        for step in range(600):
            n = len(m.sections)
            op = rng.randrange(14)
            s = m.sections[rng.randrange(n)] if n else None
            if op == 0 or n == 0:
                key, rows = new_key(), rng.randrange(6)
                header = rng.choice(["", "Title", "Title|Detail", "a|b|c"]) + key
                proxies[key] = t.append_section(key, header, rows=rows)
                m.sections.append(MSection(key, header, m.start_collapsed, [None] * rows))
            elif op == 1:
                index = rng.randrange(-1, n + 2)
                key = new_key()
                if 0 <= index <= n:
                    proxies[key] = t.insert_section(index, key, "", rows=2)
                    m.sections.insert(index, MSection(key, "", m.start_collapsed, [None, None]))
                else:
                    with pytest.raises(OutOfRangeError):
                        t.insert_section(index, key)
            elif op == 2:
                with pytest.raises(DuplicateKeyError):
                    t.append_section(s.key)
            elif op == 3 and n > 3:
                if rng.random() < 0.5:
                    t.remove_section(s.key)
                else:
                    t.remove_section(m.index(s.key))
                m.sections.remove(s)
                del proxies[s.key]
            elif op == 4:
                to = rng.randrange(n)
                t.move_section(s.key, to)
                m.sections.remove(s)
                m.sections.insert(to, s)
            elif op == 5:
                at = rng.randrange(len(s.rows) + 2)
                count = rng.randrange(4)
                heights = rows_heights(count)
                if at <= len(s.rows):
                    proxies[s.key].insert_rows(at, count, heights)
                    s.rows[at:at] = heights if heights is not None else [None] * count
                else:
                    with pytest.raises(OutOfRangeError):
                        proxies[s.key].insert_rows(at, count, heights)
            elif op == 6 and s.rows:
                at = rng.randrange(len(s.rows))
                count = rng.randrange(1, 4)
                if at + count <= len(s.rows):
                    proxies[s.key].remove_rows(at, count)
                    del s.rows[at:at + count]
                else:
                    with pytest.raises(OutOfRangeError):
                        proxies[s.key].remove_rows(at, count)
            elif op == 7 and s.rows:
                at = rng.randrange(len(s.rows))
                h = None if rng.random() < 0.3 else height()
                proxies[s.key].set_row_height(at, h)
                s.rows[at] = h
            elif op == 8 and s.rows:
                at = rng.randrange(len(s.rows))
                values = [None if rng.random() < 0.2 else height()
                          for _ in range(rng.randrange(len(s.rows) - at + 1))]
                proxies[s.key].set_row_heights(at, values)
                s.rows[at:at + len(values)] = values
            elif op == 9:
                what = rng.choice(["collapse", "expand", "toggle"])
                want = {"collapse": True, "expand": False, "toggle": not s.collapsed}[what]
                assert getattr(proxies[s.key], what)() == m.set_collapsed(s, want)
            elif op == 10 and rng.random() < 0.3:
                if rng.random() < 0.5:
                    assert t.collapse_all() == sum(m.set_collapsed(x, True, True) for x in m.sections)
                else:
                    assert t.expand_all() == sum(m.set_collapsed(x, False, True) for x in m.sections)
            elif op == 11:
                attr = rng.choice(["header_h", "footer_h", "row_h"])
                value = None if rng.random() < 0.3 else height()
                name = {"header_h": "header_height", "footer_h": "footer_height",
                        "row_h": "default_row_height"}[attr]
                setattr(proxies[s.key], name, value)
                setattr(s, attr, value)
            elif op == 12:
                s.header = rng.choice(["", "x", "x|y", "Ünï|cödé"])
                proxies[s.key].header = s.header
            elif op == 13:
                # Queries only.
                total = m.content_height()
                for _ in range(5):
                    y = rng.choice([rng.uniform(-20, total + 20), float(rng.randrange(int(total) + 1))])
                    assert t.item_at_offset(y) == m.at_offset(y)
                    off, h, over = rng.uniform(-50, total + 50), rng.uniform(0, 300), rng.randrange(3)
                    assert [v.position for v in t.visible_items(off, h, over)] == m.visible(off, h, over)
            if step % 3 == 0:
                compare(t, m, proxies)
        compare(t, m, proxies)
