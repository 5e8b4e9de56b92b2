#!/usr/bin/env python3
"""Animating a collapse with foldtable's transitions, drawn as ASCII.

A view that draws its items itself (a canvas, a terminal, a game UI)
animates a change in four steps:

1. turn transitions on and tell the table its viewport;
2. make the change (here: collapse a section, as a click on its header does);
3. read ``table.transition`` once: every item drawn before or after, with
   its rect before and after, in viewport coordinates;
4. at each frame, ask ``table.transition_frame(eased_t)`` where the items
   are, draw them, and tell the table the progress drawn
   (``table.transition_progress = eased_t``) so that a change arriving
   meanwhile starts from where the items are drawn.

This script prints five frames side by side, one text line per 10 points
of a 200-point viewport: the rows of "Fruit" fold under its header while
"Nuts" slides up. Run it from a checkout after building::

    FOLDTABLE_LIBRARY=build/libfoldtable.so PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/transition.py
"""

from __future__ import annotations

import sys
from typing import Dict, List, Sequence

import foldtable

LINE = 10.0  # points per text line
WIDTH = 14  # characters per frame column
FRAMES = (0.0, 0.25, 0.5, 0.75, 1.0)


def ease(t: float) -> float:
    """Ease in and out (smoothstep): the table interpolates linearly, the
    view picks the curve."""
    return t * t * (3.0 - 2.0 * t)


def label(item: foldtable.TransitionItem, keys: Dict[int, str]) -> str:
    name = keys.get(item.section, "?") if item.section is not None else "(gone)"
    if item.kind == foldtable.ItemKind.HEADER:
        return ("v " if not item.collapsed else "> ") + name
    return "   %s %d" % (name.lower(), (item.row or 0) + 1)


def draw(
    items: Sequence[foldtable.TransitionItem],
    frame: Sequence[foldtable.FrameItem],
    keys: Dict[int, str],
    height: float,
) -> List[str]:
    """One column: a line is an item's when the line's middle is inside the
    item's rect and below its clip (a folding row shows only below its
    header). Stuck headers are drawn last, over the rows under them."""
    lines = [" " * WIDTH for _ in range(int(height // LINE))]
    stuck_last = sorted(frame, key=lambda f: items[f.index].stuck_before or items[f.index].stuck_after)
    for place in stuck_last:
        item = items[place.index]
        text = label(item, keys)[: WIDTH - 1].ljust(WIDTH)
        for n in range(len(lines)):
            middle = n * LINE + LINE / 2
            if place.top <= middle < place.top + place.height and middle >= place.clip_top:
                lines[n] = text
    return lines


def main() -> int:
    with foldtable.Table(row_height=20, header_height=20) as table:
        for key, rows in (("Veg", 2), ("Fruit", 6), ("Nuts", 4)):
            table.append_section(key, key, rows=rows)
        keys = {section.index: section.key for section in table.sections}
        table.set_viewport(0, 200)
        table.transitions = True

        table.activate(table.sections["Fruit"].header_position)  # a click: collapse
        transition = table.transition
        assert transition is not None
        print("serial %d: %d items, content %g -> %g points"
              % (transition.serial, len(transition.items), transition.content_height_before,
                 transition.content_height_after))
        for item in transition.items:
            print("  %-12s %-10s %6.1f+%-5.1f -> %6.1f+%-5.1f%s"
                  % (label(item, keys).strip(), item.change, item.top_before, item.height_before,
                     item.top_after, item.height_after, "  folds" if item.folds else ""))

        columns = []
        for t in FRAMES:
            progress = ease(t)
            frame = table.transition_frame(progress)
            # What a view does at every frame: tell the table the progress
            # it drew (eased), so a change now starts from these rects.
            table.transition_progress = progress
            columns.append(draw(transition.items, frame, keys, transition.viewport_height))
        print()
        print("".join(("t = %.2f" % t).ljust(WIDTH) + "|" for t in FRAMES))
        for row in zip(*columns):
            print("".join(cell + "|" for cell in row))

        # The last frame is the list at rest: each item that stays in the
        # list is where the table now puts it.
        for place in table.transition_frame(1.0):
            item = transition.items[place.index]
            if item.position_after is None or item.stuck_after:
                continue
            top = table.item_top(item.position_after) - transition.offset_after
            if (place.top, place.height) != (top, table.item_height(item.position_after)):
                print("frame 1 differs from the list at rest at item %d" % place.index, file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
