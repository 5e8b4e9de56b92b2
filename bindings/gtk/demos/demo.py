#!/usr/bin/python3
"""FoldTable in a PyGObject GtkListView, through GObject Introspection.

A settings-style list: top-level sections with "Title|Detail" headers,
nested groups, a fixed section (About: no chevron, a click does nothing),
one section that starts collapsed (Privacy), rows that expand to show a
description, an accordion switch, and a lock that vetoes expanding Privacy
(a "section-will-expand" handler returns False). The status line at the
bottom shows the store's will/did events as they arrive.

Each row is a ``Fold.Expander`` (the chevron, the indentation, the keys: the
engine's keyboard model — Up, Down, Shift and Ctrl with them, Space, Left,
Right, + - *, Enter, and typing a title's first letters) as in
``examples/quickstart.py``, and the section headers stick at the top while
scrolling (``Fold.StickyHeaders``). Rows and sections can be dragged: a
``Fold.DropIndicator`` over the list shows where the engine says they would
land, and the drop is one change set with moves (the rows keep their
widgets); the rows' texts here move along.
Alt+Up and Alt+Down move the focused section above or below its neighbour
(``Fold.Store.move_section``): the engine reports a move, so its row keeps
its widget and the keyboard focus.

The engine is reached through the typelib only: ``Fold.Store`` owns the
table, ``Fold.ListModel.new_for_store`` shows it as a Gio.ListModel, and
every change (a click, a key, the accordion, a direct store call) reaches
the list through the model's own items-changed. Nothing is mirrored here.

Its parts are in the package ``demo_py`` beside it: ``data`` (the sections
and rows, the style, the store), ``rows`` (the list rows), ``window`` (Demo:
the window, the list and its handlers), ``checks`` and ``steps`` (the
self-test), ``drive`` (what paces it, real key presses) and ``gi_helpers``.

Run with the system interpreter (Debian's PyGObject), with the typelib and
the libraries on their paths (ctest sets them for the self-test)::

    GI_TYPELIB_PATH=build/bindings/gtk LD_LIBRARY_PATH=build/bindings/gtk:build \\
        /usr/bin/python3 bindings/gtk/demo.py
    ... demo.py --self-test OUT.png   # drive itself, check, save a screenshot, exit 0/1
"""

import sys

import gi  # noqa: E402

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
try:
    gi.require_version("Fold", "0.2")
except ValueError as e:  # no Fold-0.2.typelib on GI_TYPELIB_PATH
    print("demo.py: %s (set GI_TYPELIB_PATH to the directory of Fold-0.2.typelib)" % e,
          file=sys.stderr)
    sys.exit(77)
gi.require_version("Graphene", "1.0")
from gi.repository import Gio, Gtk  # noqa: E402

from demo_py import gi_helpers  # noqa: E402
from demo_py.window import Demo  # noqa: E402

# examples/quickstart_check.py imports it from here.
render_to_png = gi_helpers.render_to_png


def main(argv):
    out_png = None
    if len(argv) == 3 and argv[1] == "--self-test":
        out_png = argv[2]
    elif len(argv) != 1:
        print("usage: %s [--self-test OUT.png]" % argv[0], file=sys.stderr)
        return 2
    app = Gtk.Application(application_id="org.foldtable.DemoPython",
                          flags=Gio.ApplicationFlags.NON_UNIQUE)
    demos = []
    app.connect("activate", lambda a: demos.append(Demo(a, out_png)))
    status = app.run([argv[0]])
    if out_png:
        return 1 if status or not demos or demos[0].failures else 0
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))