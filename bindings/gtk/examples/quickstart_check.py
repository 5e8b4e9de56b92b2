"""quickstart.py's --self-test (not part of the quick start): 26 items, the
Citrus header collapsed through its Fold.Expander's "listitem.collapse"
action (22 items), scrolled into Roots (two stacked sticky headers), and a
screenshot of the window."""
import os
import sys
import time

from gi.repository import GLib, Gtk

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "demos"))
from demo import render_to_png  # noqa: E402  (ctypes: PyGObject cannot marshal render nodes)


def wait(ticks, until=lambda: False):
    """Runs the main loop for `ticks` x 10 ms, or until `until()` is true."""
    for _ in range(ticks):
        if until():
            return
        while GLib.MainContext.default().pending():
            GLib.MainContext.default().iteration(False)
        time.sleep(0.01)


def expander_at(sticky, position):
    child = sticky.get_list_view().get_first_child()
    while child:
        e = child.get_first_child()
        if e is not None and e.get_mapped() and getattr(e, "get_item", None) and \
                e.get_item() is not None and e.get_item().props.position == position:
            return e
        child = child.get_next_sibling()
    return None


def self_test(window, model, sticky, png):
    failures = []

    def expect(ok, what):
        if not ok:
            failures.append(what)
            print("FAILED:", what, file=sys.stderr)

    wait(2000, lambda: expander_at(sticky, 13) is not None)  # at most 20 s on a busy machine
    expect(model.get_n_items() == 26, f"26 items, got {model.get_n_items()}")
    citrus = expander_at(sticky, 13)
    expect(citrus is not None and citrus.get_item().props.key == "citrus", "Citrus at 13")
    if citrus is not None:
        expect(citrus.get_expanded(), "Citrus expanded")
        citrus.activate_action("listitem.collapse", None)
    expect(model.get_n_items() == 22, f"22 items after the collapse, got {model.get_n_items()}")
    wait(2000, lambda: expander_at(sticky, 13) is not None
         and not expander_at(sticky, 13).get_expanded())
    citrus = expander_at(sticky, 13)
    expect(citrus is not None and not citrus.get_expanded(), "Citrus collapsed")
    vadj = sticky.get_child().get_vadjustment()
    wait(2000, lambda: vadj.get_upper() == 22 * 32)  # laid out after the collapse
    vadj.set_value(268)
    def stuck():  # the stuck headers' positions: Vegetables at 0, Roots at 7
        return [sticky.get_header(i)[2] for i in range(sticky.get_n_headers())]
    wait(2000, lambda: stuck() == [0, 7])
    wait(20)  # painted
    expect(stuck() == [0, 7], f"Vegetables and Roots stuck, got {stuck()}")
    paintable = Gtk.WidgetPaintable.new(window)
    snapshot = Gtk.Snapshot.new()
    w, h = window.get_width(), window.get_height()
    paintable.snapshot(snapshot, w, h)
    expect(render_to_png(snapshot, window.get_native().get_renderer(), w, h, png), "screenshot")
    print(f"quickstart.py: 26 items, Citrus collapsed by its expander: 22, "
          f"{sticky.get_n_headers()} sticky headers; {png}", file=sys.stderr)
    return 1 if failures else 0
