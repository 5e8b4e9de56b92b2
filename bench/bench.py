#!/usr/bin/env python3
"""Benchmark of FoldTable's Python binding (ctypes) against pure Python lists.

Measures, at N rows (default 10^6) in one section and in N/1000 sections of
1000 rows, with uniform (40 pt) and variable (20..80 pt) row heights:

  visible items   Table.visible_items() of a 1080-pt viewport at a random offset (one C call)
  visible + read  the same, then every item's top, height and section read (a draw loop)
  visible scroll  visible_items() 16 pt further down each call, as a draw loop scrolling
                  (the binding reuses the VisibleItems of the last answer that are the same)
  position->item  Table.item() at a random position
  offset->item    Table.item_at_offset() at a random offset
  toggle          Section.collapse() then Section.expand(), reported per toggle
  build           Table() + append_section + insert_rows(heights=...) (variable heights),
                  the heights as a list, and as an array('d') (read without a copy)
  bare call       one ctypes call of fold_table_item_count with its arguments made
                  once (the cost of any call into the library; the unit of the
                  targets below)

and the same work done in pure Python two ways: "lists" is the tutorial
approach (a flat list of (section, row) rebuilt on toggle, linear scans for
offsets); "bisect" keeps a prefix-sum list next to the flat list and
bisects it (O(log n) lookups, O(n) rebuild on toggle).

The targets of issue 41 end the output, each MET or MISSED: position->item
and offset->item at most 1.5 us (and as a multiple of the bare call);
visible items on a random jump at or below bisect's, scrolling below it;
building with heights at or below bisect's.

Each measurement runs batches of many operations and reports the per-op
median and the spread (min..max) of the batches, timed with
time.perf_counter_ns(). Inputs come from random.Random(fixed seed).

Usage:
    FOLDTABLE_LIBRARY=build/libfoldtable.so PYTHONPATH=bindings/python \\
        python3 bench/bench.py [--n 1000000] [--smoke] [--json PATH]
        python3 bench/bench.py --against DIR [--n 1000000]

--against DIR compares this foldtable package with another copy of it (DIR
holds a `foldtable` package, e.g. `git archive REV bindings/python | tar -x
-C /tmp/old` and DIR=/tmp/old/bindings/python) in one process, on the same
library and the same table: visible items (with and without every item
read), position->item and offset->item, in alternating rounds, so a load on
the machine hits both alike; then building with heights from a list and
from an array('d').
"""

import argparse
import bisect
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from array import array
from ctypes import byref, c_int, c_int64
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

try:
    import foldtable
except ImportError as error:  # pragma: no cover - a setup problem, say how to fix it
    sys.exit(
        "bench.py: cannot import foldtable (%s); run with "
        "PYTHONPATH=bindings/python and FOLDTABLE_LIBRARY=path/to/libfoldtable.so" % error
    )

ROW_HEIGHT = 40.0
HEADER_HEIGHT = 28.0
VIEWPORT = 1080.0
ROWS_PER_SECTION = 1000
POOL = 4096

RESULTS: List[Dict[str, Any]] = []
BATCH_TARGET_NS = 2_000_000
BUDGET_NS = 300_000_000


def fmt(ns: float) -> str:
    if ns < 1e3:
        return "%.1f ns" % ns
    if ns < 1e6:
        return "%.2f us" % (ns / 1e3)
    if ns < 1e9:
        return "%.2f ms" % (ns / 1e6)
    return "%.2f s" % (ns / 1e9)


def measure(op: str, shape: str, heights: str, n: int, impl: str,
            fn: Callable[[int], None], per: int = 1, single: bool = False) -> Dict[str, Any]:
    """Times fn(ops) in batches; per-op figures (per: operations per unit)."""
    gc.collect()
    t0 = time.perf_counter_ns()
    fn(1)
    est = max(1, time.perf_counter_ns() - t0)
    if single:
        ops = 1
        reps = max(3, min(7, int(2e9 // est)))
    else:
        if est < 50_000:
            t0 = time.perf_counter_ns()
            fn(32)
            est = max(1, (time.perf_counter_ns() - t0) // 32)
        ops = max(1, min(1 << 16, BATCH_TARGET_NS // est))
        reps = max(5, min(21, BUDGET_NS // (ops * est)))
    if SMOKE:
        ops, reps = min(ops, 16), 3
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn(ops)
        times.append((time.perf_counter_ns() - t0) / (ops * per))
    times.sort()
    result = {
        "op": op, "shape": shape, "heights": heights, "n": n, "impl": impl,
        "median": statistics.median(times), "min": times[0], "max": times[-1],
        "batches": reps, "ops_per_batch": ops * per,
    }
    RESULTS.append(result)
    print("  %-9s %-16s %-4s %-8s N=%-8d %11s  [%s .. %s]  %d x %d" % (
        impl, op, shape, heights, n, fmt(result["median"]), fmt(result["min"]),
        fmt(result["max"]), reps, ops * per), flush=True)
    return result


# --------------------------------------------------------------------------
# Pure Python baselines
# --------------------------------------------------------------------------


class ListTable:
    """The tutorial table in Python lists: sections hold height lists, the
    flat list is rebuilt on every toggle, offsets are found by linear scans
    (or, with use_bisect, by bisecting a prefix-sum list rebuilt with it)."""

    def __init__(self, sections: List[List[float]], use_bisect: bool) -> None:
        self.heights = sections
        self.collapsed = [False] * len(sections)
        self.use_bisect = use_bisect
        self.flat: List[Tuple[int, int]] = []
        self.tops: List[float] = []
        self.reload()

    def reload(self) -> None:
        flat: List[Tuple[int, int]] = []
        for s, rows in enumerate(self.heights):
            flat.append((s, -1))
            if not self.collapsed[s]:
                flat.extend((s, r) for r in range(len(rows)))
        self.flat = flat
        if self.use_bisect:
            tops = [0.0]
            top = 0.0
            heights = self.heights
            for s, r in flat:
                top += HEADER_HEIGHT if r < 0 else heights[s][r]
                tops.append(top)
            self.tops = tops  # tops[p] = top of item p; tops[-1] = content height

    def height(self, item: Tuple[int, int]) -> float:
        s, r = item
        return HEADER_HEIGHT if r < 0 else self.heights[s][r]

    def item(self, position: int) -> Tuple[int, int]:
        return self.flat[position]

    def item_at_offset(self, y: float) -> int:
        if self.use_bisect:
            return min(len(self.flat) - 1, bisect.bisect_right(self.tops, y) - 1)
        top = 0.0
        for p, item in enumerate(self.flat):
            top += self.height(item)
            if top > y:
                return p
        return len(self.flat) - 1

    def visible_items(self, offset: float, extent: float) -> List[Tuple[int, int, float, float]]:
        end = offset + extent
        out = []
        if self.use_bisect:
            p = self.item_at_offset(offset)
            tops = self.tops
            while p < len(self.flat) and tops[p] < end:
                out.append((p, self.flat[p][1], tops[p], tops[p + 1] - tops[p]))
                p += 1
            return out
        top = 0.0
        p = 0
        flat = self.flat
        while p < len(flat):
            h = self.height(flat[p])
            if top + h > offset:
                break
            top += h
            p += 1
        while p < len(flat) and top < end:
            h = self.height(flat[p])
            out.append((p, flat[p][1], top, h))
            top += h
            p += 1
        return out

    def set_collapsed(self, section: int, collapsed: bool) -> None:
        self.collapsed[section] = collapsed
        self.reload()


# --------------------------------------------------------------------------


def scroll_offsets(rng: random.Random, content: float) -> List[float]:
    """POOL offsets 16 pt apart from a random start, wrapping before the end."""
    start = rng.random() * content
    return [(start + 16.0 * i) % max(1.0, content - VIEWPORT) for i in range(POOL)]


def build_table(sections: Sequence[Sequence[float]], uniform: bool) -> "foldtable.Table":
    table = foldtable.Table(row_height=ROW_HEIGHT, header_height=HEADER_HEIGHT)
    for s, rows in enumerate(sections):
        if uniform:
            table.append_section("s%d" % s, rows=len(rows))
        else:
            table.append_section("s%d" % s).insert_rows(0, heights=rows)
    return table


def run(n: int, shape: str, heights_mode: str, rng: random.Random) -> None:
    per = n if shape == "one" else ROWS_PER_SECTION
    uniform = heights_mode == "uniform"
    print("\n== %s, %s heights, N = %d ==" % (
        "one section" if shape == "one" else "N/1000 sections", heights_mode, n), flush=True)
    sections = []
    for start in range(0, n, per):
        count = min(per, n - start)
        sections.append([ROW_HEIGHT] * count if uniform
                        else [float(20 + rng.randrange(61)) for _ in range(count)])

    table = build_table(sections, uniform)
    baselines = {"lists": ListTable(sections, False), "bisect": ListTable(sections, True)}
    count = len(table)
    content = table.content_height
    assert count == len(baselines["lists"].flat)
    positions = [rng.randrange(count) for _ in range(POOL)]
    offsets = [rng.random() * content for _ in range(POOL)]
    toggled = [rng.randrange(len(sections)) for _ in range(POOL)]
    scrolled = scroll_offsets(rng, content)
    section_objects = [table.section(i) for i in range(len(sections))] if len(sections) <= 10000 else None

    # Same answers: item at offset, the first visible item.
    for y in offsets[:16]:
        hit = table.item_at_offset(y).position
        assert hit == baselines["lists"].item_at_offset(y) == baselines["bisect"].item_at_offset(y), y
        assert table.visible_items(y, VIEWPORT)[0].position == baselines["bisect"].visible_items(y, VIEWPORT)[0][0]

    cursor = [0]

    def nxt() -> int:
        cursor[0] = (cursor[0] + 1) % POOL
        return cursor[0]

    def ft_visible(ops: int) -> None:
        for _ in range(ops):
            table.visible_items(offsets[nxt()], VIEWPORT)

    def ft_visible_read(ops: int) -> None:
        for _ in range(ops):
            for v in table.visible_items(offsets[nxt()], VIEWPORT):
                v.top, v.height, v.section

    def ft_scroll(ops: int) -> None:
        for _ in range(ops):
            table.visible_items(scrolled[nxt()], VIEWPORT)

    def ft_item(ops: int) -> None:
        for _ in range(ops):
            table.item(positions[nxt()])

    def ft_offset(ops: int) -> None:
        for _ in range(ops):
            table.item_at_offset(offsets[nxt()])

    def ft_toggle(ops: int) -> None:
        for _ in range(ops):
            k = toggled[nxt()]
            section = section_objects[k] if section_objects else table.section(k)
            section.collapse()
            section.expand()

    measure("visible items", shape, heights_mode, n, "foldtable", ft_visible)
    measure("visible + read", shape, heights_mode, n, "foldtable", ft_visible_read)
    measure("visible scroll", shape, heights_mode, n, "foldtable", ft_scroll)
    measure("position->item", shape, heights_mode, n, "foldtable", ft_item)
    measure("offset->item", shape, heights_mode, n, "foldtable", ft_offset)
    measure("toggle", shape, heights_mode, n, "foldtable", ft_toggle, per=2)
    if not uniform and shape == "one":
        def ft_build(ops: int) -> None:
            for _ in range(ops):
                build_table(sections, False).close()
        measure("build (heights)", shape, heights_mode, n, "foldtable", ft_build, single=True)
        buffers = [array("d", rows) for rows in sections]

        def ft_build_array(ops: int) -> None:
            for _ in range(ops):
                build_table(buffers, False).close()
        measure("build (array)", shape, heights_mode, n, "foldtable", ft_build_array, single=True)
        count_fn = foldtable._ffi.lib["fold_table_item_count"]  # bound bare: no checks
        count_fn.restype = c_int
        handle, out = table._handle, c_int64()
        out_ref = byref(out)

        def ft_bare(ops: int) -> None:
            for _ in range(ops):
                count_fn(handle, out_ref)
        measure("bare call", "-", "-", n, "ctypes", ft_bare)

    for name, base in baselines.items():
        def py_visible(ops: int, base: ListTable = base) -> None:
            for _ in range(ops):
                base.visible_items(offsets[nxt()], VIEWPORT)

        def py_visible_read(ops: int, base: ListTable = base) -> None:
            for _ in range(ops):
                for v in base.visible_items(offsets[nxt()], VIEWPORT):
                    v[2], v[3], v[0]

        def py_scroll(ops: int, base: ListTable = base) -> None:
            for _ in range(ops):
                base.visible_items(scrolled[nxt()], VIEWPORT)

        def py_item(ops: int, base: ListTable = base) -> None:
            for _ in range(ops):
                base.item(positions[nxt()])

        def py_offset(ops: int, base: ListTable = base) -> None:
            for _ in range(ops):
                base.item_at_offset(offsets[nxt()])

        def py_toggle(ops: int, base: ListTable = base) -> None:
            for _ in range(ops):
                k = toggled[nxt()]
                base.set_collapsed(k, True)
                base.set_collapsed(k, False)

        measure("visible items", shape, heights_mode, n, name, py_visible)
        measure("visible + read", shape, heights_mode, n, name, py_visible_read)
        measure("visible scroll", shape, heights_mode, n, name, py_scroll)
        measure("position->item", shape, heights_mode, n, name, py_item)
        measure("offset->item", shape, heights_mode, n, name, py_offset)
        measure("toggle", shape, heights_mode, n, name, py_toggle, per=2)
        if not uniform and shape == "one":
            def py_build(ops: int, use_bisect: bool = base.use_bisect) -> None:
                for _ in range(ops):
                    ListTable([list(rows) for rows in sections], use_bisect)
            measure("build (heights)", shape, heights_mode, n, name, py_build, single=True)
    table.close()


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compare_bindings(other_dir: str, n: int) -> None:
    """This binding against the copy in other_dir, side by side (see --against)."""
    import importlib
    import shutil
    import tempfile

    where = tempfile.mkdtemp()
    shutil.copytree(os.path.join(other_dir, "foldtable"), os.path.join(where, "foldtable_other"))
    sys.path.insert(0, where)
    try:
        other = importlib.import_module("foldtable_other")
    finally:
        sys.path.remove(where)
        shutil.rmtree(where)  # imported: the copy is no longer read
    rounds, ops = (3, 200) if SMOKE else (31, 2000)
    print("Variable heights, 1080-pt viewport; %d alternating rounds of %d calls; CPU time of "
          "this thread per call (time.thread_time_ns: a shared machine's other processes do "
          "not count), median [min]" % (rounds, ops))
    print("  random: at random offsets; scroll: 16 pt further each call (a draw loop); "
          "+ read: then every item's top, height and section read")
    print("  %-28s | %-22s | %-22s | %s" % ("", "other", "this binding", "this/other"))
    rng = random.Random(0xF01DBE7C)
    heights = [20.0 + rng.randrange(61) for _ in range(n)]
    for shape, per in (("one", n), ("many", ROWS_PER_SECTION)):
        tables = []
        for module in (other, foldtable):
            table = module.Table(row_height=ROW_HEIGHT, header_height=HEADER_HEIGHT)
            for s in range(0, n, per):
                table.append_section("s%d" % s).insert_rows(0, heights=heights[s:s + per])
            tables.append(table)
        content = tables[0].content_height
        random_offsets = [rng.random() * content for _ in range(POOL)]
        scrolled = scroll_offsets(rng, content)
        for offsets in (random_offsets, scrolled):
            for y in offsets[:256]:
                assert tables[0].visible_items(y, VIEWPORT) == tables[1].visible_items(y, VIEWPORT)

        def call(table: Any, offsets: List[float]) -> float:
            visible = table.visible_items
            t0 = time.thread_time_ns()
            for i in range(ops):
                visible(offsets[i % POOL], VIEWPORT)
            return (time.thread_time_ns() - t0) / ops

        def read(table: Any, offsets: List[float]) -> float:
            visible = table.visible_items
            t0 = time.thread_time_ns()
            for i in range(ops):
                for v in visible(offsets[i % POOL], VIEWPORT):
                    v.top, v.height, v.section
            return (time.thread_time_ns() - t0) / ops

        def lookup(get: Callable[[Any], Any], inputs: List[Any]) -> float:
            t0 = time.thread_time_ns()
            for i in range(ops):
                get(inputs[i % POOL])
            return (time.thread_time_ns() - t0) / ops

        count = len(tables[0])
        positions = [rng.randrange(count) for _ in range(POOL)]
        for y, p in zip(random_offsets[:256], positions):
            assert tables[0].item(p) == tables[1].item(p)
            assert tables[0].item_at_offset(y) == tables[1].item_at_offset(y)
        cases: List[Tuple[str, Callable[[Any, Any], float], Any]] = [
            ("random", call, random_offsets), ("random + read", read, random_offsets),
            ("scroll", call, scrolled), ("scroll + read", read, scrolled),
            ("position->item", lambda table, inputs: lookup(table.item, inputs), positions),
            ("offset->item", lambda table, inputs: lookup(table.item_at_offset, inputs), random_offsets)]
        times: Dict[Tuple[int, str], List[float]] = {(k, c[0]): [] for k in (0, 1) for c in cases}
        for _ in range(rounds):
            for label, fn, offsets in cases:
                for k in (0, 1):
                    times[k, label].append(fn(tables[k], offsets))
        for label, _, _ in cases:
            a, b = times[0, label], times[1, label]
            print("  %-28s | %10s [%9s] | %10s [%9s] | %.2fx" % (
                "%s, %s" % ("1 x %d" % n if shape == "one" else "%d x %d" % (n // per, per), label),
                fmt(statistics.median(a)), fmt(min(a)), fmt(statistics.median(b)), fmt(min(b)),
                statistics.median(b) / statistics.median(a)), flush=True)
        for table in tables:
            table.close()
    build_rounds = 3 if SMOKE else 5
    print("  building %d rows with heights, %d alternating rounds, median [min]:" % (n, build_rounds))
    buffer = array("d", heights)
    for label, given in (("list", heights), ("array('d')", buffer)):
        spent: Dict[int, List[float]] = {0: [], 1: []}
        for _ in range(build_rounds):
            for k, module in enumerate((other, foldtable)):
                t0 = time.thread_time_ns()
                table = module.Table(row_height=ROW_HEIGHT, header_height=HEADER_HEIGHT)
                table.append_section("s").insert_rows(0, heights=given)
                spent[k].append(time.thread_time_ns() - t0)
                table.close()
        a, b = spent[0], spent[1]
        print("  %-28s | %10s [%9s] | %10s [%9s] | %.2fx" % (
            "1 x %d, build, %s" % (n, label), fmt(statistics.median(a)), fmt(min(a)),
            fmt(statistics.median(b)), fmt(min(b)), statistics.median(b) / statistics.median(a)), flush=True)


def report_targets(n: int) -> List[Dict[str, Any]]:
    """Prints issue 41's targets, MET or MISSED, from this run's medians."""
    def median(impl: str, op: str, shape: str, heights: str) -> Optional[float]:
        found = [r["median"] for r in RESULTS if (r["impl"], r["op"], r["shape"], r["heights"])
                 == (impl, op, shape, heights)]
        return found[0] if found else None

    bare = next((r["median"] for r in RESULTS if r["op"] == "bare call"), None)
    targets: List[Dict[str, Any]] = []
    print("\nTargets at N = %d (issue 41; one bare ctypes call = %s)" % (
        n, fmt(bare) if bare else "-"))

    def report(what: str, value: Optional[float], limit: Optional[float], strict: bool = False) -> None:
        if value is None or limit is None:
            return
        met = value < limit if strict else value <= limit
        calls = " = %.2f bare calls" % (value / bare) if bare else ""
        print("  %-44s %10s %s %10s%s -> %s" % (
            what, fmt(value), "<" if strict else "<=", fmt(limit), calls, "MET" if met else "MISSED"))
        targets.append({"target": what, "value_ns": value, "limit_ns": limit, "met": met})

    shapes = [(shape, heights) for shape in ("one", "many") for heights in ("uniform", "variable")]
    for op in ("position->item", "offset->item"):
        for shape, heights in shapes:
            report("%s, %s %s" % (op, shape, heights), median("foldtable", op, shape, heights), 1500.0)
    for op, strict in (("visible items", False), ("visible scroll", True)):
        for shape, heights in shapes:
            report("%s vs bisect, %s %s" % (op, shape, heights), median("foldtable", op, shape, heights),
                   median("bisect", op, shape, heights), strict)
    for op in ("build (heights)", "build (array)"):
        report("%s vs bisect's build" % op, median("foldtable", op, "one", "variable"),
               median("bisect", "build (heights)", "one", "variable"))
    return targets


def main() -> None:
    global SMOKE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="rows (default 10^6)")
    parser.add_argument("--smoke", action="store_true", help="N = 1000, few repetitions")
    parser.add_argument("--json", default=None, help="write the figures here")
    parser.add_argument("--against", default=None, metavar="DIR",
                        help="compare with the foldtable package in DIR, side by side")
    args = parser.parse_args()
    SMOKE = args.smoke
    n = 1000 if args.smoke else args.n
    print("bench.py: foldtable %s (%s), Python %s" % (
        foldtable.version, foldtable.library_path, platform.python_version()))
    print("machine:  %s, %d cores" % (cpu_model(), os.cpu_count() or 0))
    rng = random.Random(0xF01DBE7C)
    if args.against:
        compare_bindings(args.against, n)
        return
    for shape in ("one", "many"):
        for heights in ("uniform", "variable"):
            run(n, shape, heights, rng)

    print("\nSummary at N = %d (median per op; ratio = baseline / foldtable)" % n)
    print("  %-16s %-4s %-8s | %10s | %10s %8s | %10s %8s" % (
        "op", "shape", "heights", "foldtable", "lists", "ratio", "bisect", "ratio"))
    for r in RESULTS:
        if r["impl"] != "foldtable":
            continue
        row = [r["op"], r["shape"], r["heights"], fmt(r["median"])]
        for impl in ("lists", "bisect"):
            b = next((x for x in RESULTS if x["impl"] == impl and x["op"] == r["op"]
                      and x["shape"] == r["shape"] and x["heights"] == r["heights"]), None)
            row += [fmt(b["median"]), "%.3gx" % (b["median"] / r["median"])] if b else ["-", "-"]
        print("  %-16s %-4s %-8s | %10s | %10s %8s | %10s %8s" % tuple(row))
    targets = report_targets(n)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": {"cpu": cpu_model(), "cores": os.cpu_count()},
                       "library": foldtable.version, "python": platform.python_version(),
                       "n": n, "unit": "ns per op", "results": RESULTS,
                       "targets": targets}, f, indent=1)
        print("Wrote %s" % args.json)


SMOKE = False

if __name__ == "__main__":
    main()
