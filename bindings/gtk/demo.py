#!/usr/bin/python3
"""FoldTable in a PyGObject GtkListView, through the ctypes package ``foldtable``.

The engine holds the structure (nested sections, row heights, collapsed and
expanded state); this script keeps the text and mirrors the engine's flat
list in a ``Gio.ListStore``. Every mutation goes through the engine and is
then re-spliced into the store from the engine's change events: a section flip
at header position p is ``splice(p + 1, d, [])`` / ``splice(p + 1, 0, new items)``
and then ``splice(p, 1, [header])``; a row flip rebinds ``splice(q, 1, [row])`` for
each row whose expanded state changed (the accordion's too). The store emits
``items-changed`` with exactly those numbers.

Run with the system interpreter (Debian's PyGObject works only with it)::

    FOLDTABLE_LIBRARY=/path/to/libfoldtable.so /usr/bin/python3 bindings/gtk/demo.py
    ... demo.py --self-test OUT.png   # drive itself, check, save a screenshot, exit 0/1
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import gi  # noqa: E402

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, Gio, GLib, GObject, Gtk  # noqa: E402

import foldtable  # noqa: E402
from foldtable import Accordion, Activation, ItemKind  # noqa: E402

HEADER_HEIGHT = 28.0
ROW_HEIGHT = 40.0
EXPANDED_HEIGHT = 96.0
INDENT = 22
COLLAPSED, EXPANDED = "+", "\u2013"  # the engine's default indicators

# The app's data: (key, parent, header text, row titles). The engine gets the
# structure and the header texts; row titles stay here.
GROUPS = [
    ("fruit", None, "Fruit|3 + 2 groups", ["Apple", "Banana", "Cherry"]),
    ("citrus", "fruit", "Citrus", ["Lemon", "Lime", "Orange", "Grapefruit", "Mandarin"]),
    ("berries", "fruit", "Berries", ["Strawberry", "Blueberry", "Raspberry", "Gooseberry"]),
    ("veg", None, "Vegetables|2 + 2 groups", ["Carrot", "Potato"]),
    ("leaves", "veg", "Leaves", ["Spinach", "Lettuce", "Kale", "Chard"]),
    ("roots", "veg", "Roots", ["Beetroot", "Parsnip", "Radish"]),
    ("grains", None, "Grains", ["Wheat", "Rice", "Barley", "Oats", "Rye", "Millet"]),
    ("nuts", None, "Nuts", ["Almond", "Walnut", "Hazelnut", "Pecan"]),
    ("tree-nuts", "nuts", "Tree nuts", ["Cashew", "Pistachio", "Macadamia"]),
    ("empty", None, "Nothing here|empty section", []),
    ("spices", None, "Spices", ["Pepper", "Cumin", "Cinnamon", "Clove", "Nutmeg"]),
    ("hot", "spices", "Hot", ["Chili", "Cayenne", "Paprika"]),
]
ROWS = {key: rows for key, _parent, _header, rows in GROUPS}

CSS = b"""
listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }
.fold-header { background: #d8e0ec; font-weight: bold; }
.fold-header.depth-1 { background: #e6ecf4; }
.fold-row { background: #ffffff; box-shadow: inset 0 -1px #e8e8e8; }
.fold-row.expanded { background: #fff6d8; }
"""


def build_table():
    table = foldtable.Table(row_height=ROW_HEIGHT, header_height=HEADER_HEIGHT)
    for key, parent, header, rows in GROUPS:
        section = table.append_section(key, header, rows=len(rows), parent=parent)
        for row in range(len(rows)):
            section.set_expanded_height(row, EXPANDED_HEIGHT)
    return table


class FoldRow(GObject.Object):
    """One item of the flat list, as the store holds it (a snapshot)."""

    kind = GObject.Property(type=int)
    depth = GObject.Property(type=int)
    key = GObject.Property(type=str)
    row = GObject.Property(type=GObject.TYPE_INT64, default=-1)
    title = GObject.Property(type=str)
    detail = GObject.Property(type=str)
    indicator = GObject.Property(type=str)
    height = GObject.Property(type=float)
    expanded = GObject.Property(type=bool, default=False)
    collapsed = GObject.Property(type=bool, default=False)

    def describe(self):
        return (self.kind, self.depth, self.key, self.row, self.title, self.detail,
                self.indicator, self.height, self.expanded, self.collapsed)


def make_item(table, position):
    """A FoldRow for the engine's item at ``position``."""
    item = table.item(position)
    key = table.item_key(position)
    obj = FoldRow()
    obj.kind = int(item.kind)
    obj.depth = item.depth
    obj.key = key
    obj.height = table.item_height(position)
    obj.collapsed = item.collapsed
    obj.expanded = item.expanded
    if item.kind == ItemKind.HEADER:
        # Title, detail and indicator from the engine, at any depth: the
        # indicator is "" for a section that cannot collapse now.
        section = table.section(key)
        obj.title, obj.detail = section.title, section.detail or ""
        obj.indicator = section.indicator
    elif item.kind == ItemKind.ROW:
        obj.row = item.row
        obj.title = ROWS[key][item.row]
    return obj


class Mirror:
    """A Gio.ListStore kept equal to the engine's flat list by the engine's own
    change events (Table.on_change), so any change to the table shows."""

    def __init__(self, table):
        self.table = table
        self.store = Gio.ListStore(item_type=FoldRow)
        self.store.splice(0, 0, [make_item(table, p) for p in range(len(table))])
        table.on_change(self._changed)

    def _changed(self, change_set):
        # Runs inside the change with the table in its final state, so the
        # items of a step can be built from the table only when no later step
        # moves them; several steps (rare here) become one full re-splice.
        table = self.table
        if len(change_set.changes) > 1:
            self.store.splice(0, self.store.get_n_items(),
                              [make_item(table, p) for p in range(len(table))])
            return
        for position, removed, added in change_set.changes:
            self.store.splice(position, removed,
                              [make_item(table, q) for q in range(position, position + added)])
        for redraw in change_set.redraw:
            for q in redraw:
                self.store.splice(q, 1, [make_item(table, q)])

    def activate(self, position):
        """What a click on the item at ``position`` does; the store follows."""
        return self.table.activate(position)

    def set_accordion(self, policy):
        self.table.accordion = policy  # applies to later expansions: nothing to re-splice

    def check(self):
        """The store equals a fresh snapshot of the engine."""
        fresh = [make_item(self.table, p).describe() for p in range(len(self.table))]
        mirrored = [self.store.get_item(p).describe() for p in range(self.store.get_n_items())]
        return fresh == mirrored


def setup_row(_factory, list_item):
    outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    line = Gtk.Box(spacing=6, valign=Gtk.Align.CENTER)
    indicator = Gtk.Label(width_chars=2)
    title = Gtk.Label(xalign=0, hexpand=True)
    detail = Gtk.Label(css_classes=["dim-label"])
    body = Gtk.Label(xalign=0, ellipsize=3)  # PANGO_ELLIPSIZE_END
    for child in (indicator, title, detail):
        line.append(child)
    outer.append(line)
    outer.append(body)
    outer.parts = (line, indicator, title, detail, body)
    list_item.set_child(outer)


def bind_row(_factory, list_item):
    obj = list_item.get_item()
    outer = list_item.get_child()
    line, indicator, title, detail, body = outer.parts
    is_header = obj.kind == ItemKind.HEADER
    indicator.set_text(obj.indicator or "")
    title.set_text(obj.title or "")
    detail.set_text(obj.detail or "")
    line.set_margin_start(8 + INDENT * obj.depth + (0 if is_header else INDENT))
    line.set_margin_end(12)
    outer.set_size_request(-1, round(obj.height))
    line.set_size_request(-1, round(obj.height if is_header else min(obj.height, ROW_HEIGHT)))
    body.set_visible(obj.expanded)
    if obj.expanded:
        body.set_text("%s, expanded to %.0f pt (Python). Click again to collapse."
                      % (obj.title, obj.height))
        body.set_margin_start(8 + INDENT * (obj.depth + 2))
    outer.set_css_classes(["fold-header" if is_header else "fold-row",
                           "depth-%d" % min(obj.depth, 1)] + (["expanded"] if obj.expanded else []))
    outer.list_item = list_item  # for the self-test's picking


class Demo:
    def __init__(self, app, out_png):
        self.table = build_table()
        self.mirror = Mirror(self.table)
        self.out_png = out_png
        self.signals = []
        self.failures = 0
        self.step = 0
        self.mirror.store.connect("items-changed",
                                  lambda _s, p, r, a: self.signals.append((p, r, a)))

        provider = Gtk.CssProvider()
        try:
            provider.load_from_data(CSS)  # GTK < 4.12: bytes
        except TypeError:
            provider.load_from_data(CSS.decode(), -1)  # GTK >= 4.12: (str, length)
        Gtk.StyleContext.add_provider_for_display(
            self.display(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

        self.window = Gtk.ApplicationWindow(application=app, title="FoldTable — PyGObject",
                                            default_width=480, default_height=560)
        bar = Gtk.Box(spacing=8, margin_start=10, margin_end=10, margin_top=6, margin_bottom=6)
        bar.append(Gtk.Label(label="Accordion (one expanded row)", xalign=0, hexpand=True))
        self.switch = Gtk.Switch()
        self.switch.connect("notify::active", self.on_accordion)
        bar.append(self.switch)

        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", setup_row)
        factory.connect("bind", bind_row)
        self.list = Gtk.ListView(model=Gtk.NoSelection(model=self.mirror.store), factory=factory,
                                 single_click_activate=True, css_classes=["fold"])
        self.list.connect("activate", lambda _l, position: self.mirror.activate(position))
        scroller = Gtk.ScrolledWindow(vexpand=True, hscrollbar_policy=Gtk.PolicyType.NEVER)
        scroller.set_child(self.list)
        self.vadj = self.list.get_vadjustment()

        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(bar)
        box.append(scroller)
        self.window.set_child(box)
        self.window.present()
        if out_png:
            GLib.timeout_add(400, self.self_test_step)

    @staticmethod
    def display():
        from gi.repository import Gdk
        return Gdk.Display.get_default()

    def on_accordion(self, switch, _pspec):
        self.mirror.set_accordion(Accordion.SINGLE if switch.get_active() else Accordion.MULTIPLE)

    # -- self-test -------------------------------------------------------------

    def expect(self, condition, what):
        if not condition:
            print("self-test step %d: CHECK failed: %s" % (self.step, what), file=sys.stderr)
            self.failures += 1

    def picked_position(self, x, y):
        widget = self.list.pick(x, y, Gtk.PickFlags.DEFAULT)
        while widget is not None and widget is not self.list:
            list_item = getattr(widget, "list_item", None)
            if list_item is not None:
                return list_item.get_position()
            widget = widget.get_parent()
        return -1

    def activate(self, position):
        self.signals.clear()
        self.list.emit("activate", position)
        self.expect(self.mirror.check(), "the store equals a fresh snapshot of the engine")
        return list(self.signals)

    def self_test_step(self):
        try:
            return self._self_test_step()
        except Exception:  # a broken step fails the run instead of hanging it
            import traceback
            traceback.print_exc()
            self.failures += 1
            self.window.destroy()
            return GLib.SOURCE_REMOVE

    def _self_test_step(self):
        self.step += 1
        table = self.table
        store = self.mirror.store
        if self.step == 1:
            n = len(table)
            self.expect(n == 54 and store.get_n_items() == n, "54 items in engine and store")
            self.expect(self.mirror.check(), "initial store equals the engine")
            self.expect(abs(self.vadj.get_upper() - table.content_height) < 0.5,
                        "list height %s = content height %s"
                        % (self.vadj.get_upper(), table.content_height))
            print("step 1: %d items, content %.0f pt, list upper %.0f"
                  % (n, table.content_height, self.vadj.get_upper()))
        elif self.step == 2:
            p = table.section("citrus").header_position
            n = len(table)
            signals = self.activate(p)
            self.expect(table.section("citrus").collapsed, "citrus collapsed")
            self.expect(len(table) == n - 5 and store.get_n_items() == n - 5, "5 rows gone")
            self.expect(signals == [(p + 1, 5, 0), (p, 1, 1)], "signals %r" % signals)
            self.expect(store.get_item(p).indicator == COLLAPSED, "indicator +")
            print("step 2: collapsed citrus at %d: %d -> %d items, items-changed %r"
                  % (p, n, len(table), signals))
        elif self.step == 3:
            p = table.section("fruit").row_position(1)
            before = table.content_height
            signals = self.activate(p)
            self.expect(table.section("fruit").is_row_expanded(1), "fruit/1 expanded")
            self.expect(signals == [(p, 1, 1)], "signals %r" % signals)
            self.expect(store.get_item(p).height == EXPANDED_HEIGHT, "height 96")
            self.expect(table.content_height == before + EXPANDED_HEIGHT - ROW_HEIGHT,
                        "content grew by 56")
            print("step 3: expanded fruit/1 at %d, items-changed %r" % (p, signals))
        elif self.step == 4:
            self.switch.set_active(True)
            self.expect(table.accordion == Accordion.SINGLE, "accordion SINGLE")
            p1 = table.section("fruit").row_position(1)
            p2 = table.section("fruit").row_position(2)
            signals = self.activate(p2)
            self.expect(table.expanded_rows() == [("fruit", 2)], "only fruit/2 expanded")
            self.expect(signals == [(p1, 1, 1), (p2, 1, 1)], "signals %r" % signals)
            print("step 4: accordion on, expanded fruit/2, items-changed %r" % (signals,))
        elif self.step == 5:
            self.vadj.set_value(40)
            self.expect(self.vadj.get_value() == 40, "scrolled to 40")
        elif self.step == 6:
            expected = table.item_at_offset(40 + 70).position
            shown = self.picked_position(200, 70)
            self.expect(shown == expected, "at y=70 the list shows %d, engine says %d"
                        % (shown, expected))
            print("step 6: scrolled to 40: item %d at y=70" % shown)
        else:
            colours = self.save_screenshot(self.out_png)
            print("screenshot %s: %d distinct colours" % (self.out_png, colours))
            self.expect(colours > 1, "screenshot not blank")
            print("SELF-TEST FAILED" if self.failures else "self-test passed")
            self.window.destroy()
            return GLib.SOURCE_REMOVE
        return GLib.SOURCE_CONTINUE

    def save_screenshot(self, path):
        w, h = self.window.get_width(), self.window.get_height()
        paintable = Gtk.WidgetPaintable.new(self.window)
        snapshot = Gtk.Snapshot.new()
        paintable.snapshot(snapshot, w, h)
        renderer = self.window.get_native().get_renderer()
        if not render_to_png(snapshot, renderer, w, h, path):
            return 0
        pixbuf = GdkPixbuf.Pixbuf.new_from_file(path)
        data, stride = pixbuf.get_pixels(), pixbuf.get_rowstride()
        step, width = pixbuf.get_n_channels(), pixbuf.get_width()
        return len({bytes(data[y * stride + x * step:y * stride + (x + 1) * step])
                    for y in range(pixbuf.get_height()) for x in range(width)})


def render_to_png(snapshot, renderer, width, height, path):
    """gtk_snapshot_to_node -> gsk_renderer_render_texture ->
    gdk_texture_save_to_png. Called through ctypes on the objects' C
    pointers, because PyGObject (3.42) cannot marshal GskRenderNode
    subclasses (Gtk.Snapshot.to_node raises TypeError)."""
    import ctypes
    from ctypes import POINTER, c_char_p, c_float, c_int, c_void_p

    capsule = ctypes.pythonapi.PyCapsule_GetPointer
    capsule.restype, capsule.argtypes = c_void_p, [ctypes.py_object, c_char_p]
    gtk = ctypes.CDLL("libgtk-4.so.1")
    gobject = ctypes.CDLL("libgobject-2.0.so.0")
    gtk.gtk_snapshot_to_node.restype, gtk.gtk_snapshot_to_node.argtypes = c_void_p, [c_void_p]
    gtk.gsk_renderer_render_texture.restype = c_void_p
    gtk.gsk_renderer_render_texture.argtypes = [c_void_p, c_void_p, POINTER(c_float)]
    gtk.gdk_texture_save_to_png.restype = c_int
    gtk.gdk_texture_save_to_png.argtypes = [c_void_p, c_char_p]
    gtk.gsk_render_node_unref.argtypes = [c_void_p]
    gobject.g_object_unref.argtypes = [c_void_p]

    node = gtk.gtk_snapshot_to_node(capsule(snapshot.__gpointer__, None))
    if not node:
        return False
    viewport = (c_float * 4)(0, 0, width, height)  # graphene_rect_t
    texture = gtk.gsk_renderer_render_texture(capsule(renderer.__gpointer__, None), node, viewport)
    gtk.gsk_render_node_unref(node)
    if not texture:
        return False
    saved = gtk.gdk_texture_save_to_png(texture, os.fsencode(path))
    gobject.g_object_unref(texture)
    return bool(saved)


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
