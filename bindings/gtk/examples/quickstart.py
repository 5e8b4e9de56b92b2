#!/usr/bin/python3
"""A collapsible, nested, sticky-header list with PyGObject: Fold.Store +
Fold.ListModel + a Gtk.ListView of Fold.Expander rows + Fold.StickyHeaders.
`quickstart.py --self-test OUT.png` checks itself (README, bindings/gtk)."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Fold", "0.2")
from gi.repository import Fold, GLib, Gtk  # noqa: E402

store = Fold.Store(row_height=32, header_height=32)
veg = store.append_section("veg", "Vegetables", 0)
store.append_subsection(veg, "leaf", "Leaves", 5)
store.append_subsection(veg, "root", "Roots", 4)
fruit = store.append_section("fruit", "Fruit", 0)
store.append_subsection(fruit, "citrus", "Citrus", 4)
store.insert_section(fruit, -1, "berry", "Berries", 3, Fold.SectionFlags.COLLAPSED)  # the full call: flags
store.append_section("nut", "Nuts", 6)
model = Fold.ListModel.new_for_store(store)
model.set_text_func(lambda section, key, row: f"{key} {row + 1}")


def setup(factory, list_item):  # an expander: indentation, chevron, keys
    list_item.set_child(Fold.Expander(model=model, child=Gtk.Label(xalign=0)))


def bind(factory, list_item):
    item, expander = list_item.get_item(), list_item.get_child()
    expander.set_item(item)
    expander.get_child().set_text(item.props.title)
    expander.set_size_request(-1, int(item.props.height))  # the engine's height


factory = Gtk.SignalListItemFactory()
factory.connect("setup", setup)
factory.connect("bind", bind)
list_view = Gtk.ListView(model=Gtk.NoSelection(model=model), factory=factory,
                         single_click_activate=True)
list_view.connect("activate", lambda view, position: model.activate(position))
scroller = Gtk.ScrolledWindow(child=list_view)
sticky = Fold.StickyHeaders.new(model, scroller)  # where the scroller would go

css = Gtk.CssProvider()  # rows exactly the engine's heights
css.load_from_data(b"listview > row { padding: 0 8px; min-height: 0; }"
                   b"foldexpander.header label { font-weight: bold; }")
Gtk.StyleContext.add_provider_for_display(list_view.get_display(), css,
                                          Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
window = Gtk.Window(default_width=360, default_height=420, child=sticky)
window.present()
if sys.argv[1:2] == ["--self-test"]:
    from quickstart_check import self_test  # examples/quickstart_check.py
    sys.exit(self_test(window, model, sticky, sys.argv[2]))
while len(Gtk.Window.get_toplevels()) > 0:
    GLib.MainContext.default().iteration(True)
