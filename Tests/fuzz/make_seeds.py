#!/usr/bin/env python3
"""Writes the named seed inputs of Tests/fuzz/corpus for fuzz_ops.c.

Each seed is a short scenario spelled in fuzz_ops.c's byte encoding, so the
fuzzer starts from inputs that reach every area (flags, moves, stale ids,
texts, saved state, each hostile callback) instead of finding them by
chance. The encoding follows fuzz_ops.c: change both together, then run

    python3 Tests/fuzz/make_seeds.py            # rewrites Tests/fuzz/corpus/*
    FOLD_FUZZ_TRACE=1 scripts/fuzz 0 Tests/fuzz/corpus/<seed>   # read one back

Bytes, as fuzz_ops.c reads them: the first byte (bit 0: options follow),
then the fold_table_new byte; then operations, each a code byte, eight
height bytes, a path length and eight path bytes (the preamble), and the
operation's own bytes in the order its case reads them (the order clang
evaluates a call's arguments in, left to right, where a case reads several
inside one call). A seed that decodes differently is still a valid input.
"""
import os
import sys

# Values as fuzz_ops.c's readers decode them.
def KEY(k):        # a_key: bytes < 200 pick keys[b % 8] = "a".."h"
    return "abcdefgh".index(k)
KEY_BARS = 215     # "a|b|c" (keys[17])
KEY_CUP = 214      # "\u2615|x" (keys[16])
KEY_CAFE = 213     # "café" (keys[15])
KEY_NULL = 209     # NULL (keys[9])
KEY_BAD = 210      # "\xFF\xFE" (keys[10])
def INT(v):        # an_int: bytes < 128 give b % 12
    assert 0 <= v < 12
    return v
INT_MAX_ROWS = 149 # bytes >= 128 pick pool[b % 22]: pool[17] = FOLD_MAX_ROWS
INT_MINUS1 = 139   # pool[7] = -1 (FOLD_INDEX_END)
def H(points):     # a_height: bytes < 128 give b / 3
    b = int(round(points * 3))
    assert 0 <= b < 128
    return b
H_NAN = 250
def TOP(i):        # an_id: b % 8 < 3 picks top-level child (b / 8) % 6
    assert 0 <= i < 6
    return 8 * i
ROOT = 7           # an_id: odd[0] = FOLD_ROOT
FOREIGN = 6        # an_id: b % 8 == 6, bit 3 clear: the other table's ids
DEAD = 14          # an_id: b % 8 == 6, bit 3 set: a removed id (if any)
FLAG_COLLAPSED, FLAG_FIXED, FLAG_NO_HEADER, FLAG_EXPANDED = 1, 2, 4, 16  # bytes < 160: b % 32
FLAG_COLLAPSIBLE = 230                              # reported only: refused on insert

# Hostile callback actions (fuzz_ops.c's ACT_*).
(READ, REMOVE_OTHER, REMOVE_SELF, REPLACE_ROWS, REMOVE_ROWS, REPLACE_HEADER, ADD, FREE_TABLE,
 TRY_CHANGE, REFUSE, REPLACE_EXPANDED, OTHER_TABLE, BAD_HEIGHT) = range(13)

PREAMBLE = [H(10)] * 8 + [INT(2)] + [INT(1), INT(0)] + [0] * 6


def op(code, *args):
    assert 0 <= code < 64 and (code & 0xC7) != 0x87
    return [code] + PREAMBLE + list(args)


def hostile(*args):
    return [0x87] + PREAMBLE + list(args)


# Operations by name (the case numbers of one_op).
def insert_root(key, header, rows, flags=0):
    key_byte = KEY(key) if isinstance(key, str) else key
    return op(1, key_byte, header, INT(rows) if rows < 12 else rows, flags, 1)

def insert_under(parent, index, key, header, rows, flags=0):
    return op(0, parent, index, KEY(key), header, INT(rows), flags, 1)

def remove_section(s):
    return op(2, s)

def move_section(s, parent, index):
    return op(3, s, parent, index)

def remove_children(parent, index, count):
    return op(4, parent, INT(index), INT(count))

def set_header(s, text):
    return op(5, s, text)

def set_section_height(s, which, height):
    return op(6, s, INT(which), height)

def set_collapsible(s, value):
    return op(7, s, value)

def insert_rows(s, index, count):
    return op(8, s, index, 0, INT(count), 0)          # count by an_int, no heights

def remove_rows(s, row, count):
    return op(10, s, INT(row), INT(count))

def move_row(s, row, target, index):
    return op(11, s, INT(row), 0, target, index)      # bit 0 clear: target read

def set_row_height(s, row, height):
    return op(13, s, INT(row), height)

def set_expanded_height(s, row, height):
    return op(15, s, INT(row), height)

def expand_row(s, row):
    return op(16, s, INT(row), 1)

def toggle_row(s, row):
    return op(18, s, INT(row), 1)

def collapse(s):
    return op(19, s, 1)

def expand(s):
    return op(20, s, 1)

def toggle(s):
    return op(21, s, 1)

def collapse_all():
    return op(22, 1, 1)

def accordion(value):
    return op(24, INT(value))

def activate(position):
    return op(26, INT(position), 1)

def reveal_row(s, row):
    return op(27, s, INT(row), 1, 1)

def viewport(offset_byte, height):
    return op(28, offset_byte, 1, height)

def import_state(b):
    return op(29, b)

def invalidate(s):
    return op(30, s, 1)

def stale(b, f):
    return op(31, b, f)

def text(s, which_byte, cap):
    return op(32, s, which_byte, cap)

def item_at(position):
    return op(43, INT(position), 1)

def visible():
    return op(47, 1, INT(11), 40, H(40), INT(1), 1, 1, 1)

def sticky():
    return op(48, INT(8), 40, 1, 1, 1)

def measure(offset_byte=20, height=H(40)):
    return hostile(5, 0, 0, offset_byte, height, INT(2), 1)

def listener(kind, action, arg=0):   # kind 0 change, 1 section, 2 row
    return hostile(7 * kind, action, arg)

def provider(p, action, arg=1):      # p 0 row, 1 header, 2 expanded
    return hostile(2 + 7 * p, action, arg)


def table(*ops, first=0):
    data = [first, 0]
    for o in ops:
        data += o
    return bytes(data)


def base():
    """Three top-level sections a (5 rows), b (3 rows), c (no rows)."""
    return [insert_root("a", KEY_BARS, 5), insert_root("b", KEY("b"), 3),
            insert_root("c", KEY("c"), 0)]


SEEDS = {
    "empty-defaults": bytes([0, 0]),
    # Options follow (bit 0) with a size (bit 1): start_collapsed, five heights (a NaN
    # row height), accordion, sticky levels, size (pool[2] = 2: too small), then the
    # fold_table_new byte.
    "bad-options": bytes([3, 1, H_NAN, H(40), H(28), 0, 0, INT(1), INT(0), 200, 0]),
    "bad-strings": table(
        insert_root(KEY_NULL, 0, 1), insert_root(KEY_BAD, 0, 1), insert_root("a", KEY_BAD, 1),
        insert_root("a", KEY_CAFE, 2), insert_root("a", 0, 1), insert_root(KEY_CAFE, KEY_CUP, 1),
        text(TOP(1), 1, 5), op(23, KEY_BAD, KEY("a")), op(36, KEY_BAD, 1)),
    "sections-and-rows": table(
        *base(), insert_under(TOP(0), INT(2), "d", KEY("d"), 2),
        insert_rows(TOP(1), INT(1), 4), remove_rows(TOP(1), 0, 2),
        insert_rows(TOP(2), INT_MINUS1, 3), set_row_height(TOP(0), 1, H(33)),
        set_section_height(TOP(1), 1, H(12)), set_section_height(TOP(1), 2, H(7)),
        set_header(TOP(2), KEY_CUP), item_at(4), visible(), sticky()),
    "moves": table(
        *base(), insert_under(TOP(0), INT(1), "d", KEY("d"), 2),
        move_row(TOP(0), 0, TOP(1), INT(0)), move_row(TOP(1), 0, TOP(1), INT_MINUS1),
        move_row(TOP(0), 1, TOP(2), INT(0)), move_section(TOP(2), ROOT, INT(0)),
        move_section(TOP(1), TOP(0), INT_MINUS1), move_section(TOP(0), TOP(0), INT(0)),
        remove_children(TOP(0), 0, 2), remove_children(ROOT, 1, 1), visible()),
    "flags": table(
        insert_root("a", KEY("a"), 3, FLAG_COLLAPSED), insert_root("b", KEY("b"), 2, FLAG_FIXED),
        insert_root("c", KEY("c"), 2, FLAG_NO_HEADER),
        insert_root("d", KEY("d"), 0, FLAG_COLLAPSED),
        insert_root("e", KEY("e"), 1, FLAG_COLLAPSED | FLAG_FIXED),
        insert_root("f", KEY("f"), 1, FLAG_COLLAPSIBLE),
        insert_root("g", KEY("g"), 2, FLAG_EXPANDED | FLAG_FIXED),
        collapse(TOP(1)), toggle(TOP(2)), set_collapsible(TOP(1), 1), collapse(TOP(1)),
        set_collapsible(TOP(1), 0), set_collapsible(TOP(0), 0), set_collapsible(TOP(2), 1),
        insert_rows(TOP(3), INT(0), 2), expand(TOP(3)), text(TOP(0), 4, 2), text(TOP(1), 4, 9),
        text(TOP(4), 4, 9), remove_section(TOP(1)), stale(2, 7),
        activate(0), activate(4), collapse_all(), visible(), sticky()),
    "stale-ids": table(
        *base(), insert_under(TOP(0), INT(0), "d", KEY("d"), 1), remove_section(TOP(0)),
        stale(2, 0), stale(2, 8), stale(2, 18), stale(2, 32), stale(1, 33), stale(0, 3),
        stale(4, 28), stale(3, 10), stale(3, 26), remove_children(ROOT, 0, 1),
        stale(6, 30), stale(5, 14), insert_root("a", KEY("a"), 1), collapse(DEAD),
        collapse(FOREIGN), insert_rows(DEAD, INT(0), 1), text(DEAD, 0, 4)),
    "section-text": table(
        insert_root("a", KEY_BARS, 1), insert_root("b", KEY_CUP, 0), insert_root("c", KEY_CAFE, 2),
        *[text(TOP(s), which, cap) for s in (0, 1, 2) for which, cap in
          ((0, 0), (0, 1), (1, 3), (2, 1), (3, 2), (3, 9), (4, 2), (4, 3), (1, 5), (2, 4))],
        text(TOP(1), 64, 0), text(TOP(0), 13, 4), op(23, KEY_CUP, KEY_CAFE), text(TOP(2), 4, 2)),
    "expanded-rows": table(
        *base(), accordion(1), set_expanded_height(TOP(0), 1, H(40)),
        set_expanded_height(TOP(0), 2, H(40)), set_expanded_height(TOP(1), 0, H(42)),
        expand_row(TOP(0), 1), expand_row(TOP(0), 2), toggle_row(TOP(1), 0),
        reveal_row(TOP(0), 2), accordion(2), expand_row(TOP(0), 1), op(42, 1, 1),
        move_row(TOP(0), 1, TOP(1), INT(0)), set_expanded_height(TOP(1), 0, 0xfe)),
    "nested-collapse": table(
        *base(), insert_under(TOP(0), INT(1), "d", KEY("d"), 2),
        insert_under(TOP(0), INT(0), "e", KEY("e"), 1), collapse(TOP(0)),
        reveal_row(TOP(0), 3), collapse(TOP(1)), op(50, TOP(1), INT(5), 20, H(40), 1),
        collapse_all(), op(22, 0, 1), viewport(40, H(40)), collapse(TOP(0)), sticky()),
    "saved-state": table(
        *base(), viewport(30, H(40)),
        *[import_state(b) for b in (0, 1, 2, 3, 4, 5, 6, 7, 15, 23)]),
    "lazy-heights": table(
        *base(), provider(0, READ, 9), provider(1, READ, 5), provider(2, READ, 3), measure(),
        invalidate(TOP(0)), invalidate(ROOT), measure(), expand_row(TOP(0), 0), activate(3),
        provider(2, BAD_HEIGHT, 3), invalidate(ROOT), toggle_row(TOP(1), 1), hostile(4, 0, 0)),
    "callbacks-free-in-listener": table(
        *base(), listener(1, READ), listener(0, FREE_TABLE), collapse(TOP(0))),
    "callbacks-free-in-provider": table(*base(), provider(0, FREE_TABLE, 3), measure()),
    "callbacks-free-in-expanded-provider": table(
        *base(), provider(2, FREE_TABLE, 5), expand_row(TOP(0), 0)),
    "callbacks-remove-replace": table(
        *base(), listener(1, REMOVE_SELF), listener(0, REMOVE_OTHER, 0),
        listener(2, ADD, 7), provider(0, REPLACE_ROWS, 4),
        provider(1, REPLACE_HEADER, 3), provider(2, REPLACE_EXPANDED, 9),
        set_expanded_height(TOP(0), 0, H(40)), collapse(TOP(0)), expand(TOP(0)),
        expand_row(TOP(0), 0), measure(), hostile(3, 0, 2), measure(),
        provider(0, REMOVE_SELF, 1), measure()),
    # Six section listeners trying each change of hs_try_change, removed again; then a
    # row, a change and an other-table listener, and each provider trying changes.
    "callbacks-busy": table(
        *base(), *[listener(1, TRY_CHANGE, a) for a in range(3, 9)],
        collapse(TOP(0)), expand(TOP(0)), *[hostile(3, 0, slot) for slot in range(6)],
        listener(2, TRY_CHANGE, 8), listener(0, TRY_CHANGE, 1), listener(0, OTHER_TABLE, 0),
        set_expanded_height(TOP(0), 0, H(40)), expand_row(TOP(0), 0),
        provider(2, TRY_CHANGE, 5), expand_row(TOP(1), 0), provider(0, TRY_CHANGE, 8),
        provider(1, TRY_CHANGE, 3), measure()),
    "callbacks-refuse": table(
        *base(), listener(1, REFUSE), listener(2, REFUSE),
        set_expanded_height(TOP(0), 0, H(40)), collapse(TOP(0)), activate(0), activate(1),
        expand_row(TOP(0), 0), collapse_all(), reveal_row(TOP(1), 0), import_state(0)),
    "regression-huge-default-insert": table(
        insert_root("a", KEY("a"), INT_MAX_ROWS), insert_root("b", KEY("b"), 1),
        set_row_height(TOP(0), 3, H(20)), set_expanded_height(TOP(0), 7, H(42)),
        expand_row(TOP(0), 7), op(42, 1, 1), collapse(TOP(0)), expand(TOP(0)), item_at(5)),
}


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    os.makedirs(out, exist_ok=True)
    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print("%-40s %5d bytes" % (name, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
