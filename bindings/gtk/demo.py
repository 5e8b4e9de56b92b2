#!/usr/bin/python3
"""FoldTable in a PyGObject GtkListView, through GObject Introspection.

A settings-style list: top-level sections with "Title|Detail" headers,
nested groups, a fixed section (About: no indicator, a click does nothing),
one section that starts collapsed (Privacy), rows that expand to show a
description, an accordion switch, and a lock that vetoes expanding Privacy
(a "section-will-expand" handler returns False). The status line at the
bottom shows the store's will/did events as they arrive.

The engine is reached through the typelib only: ``Fold.Store`` owns the
table, ``Fold.ListModel.new_for_store`` shows it as a Gio.ListModel, and
every change (a click, the accordion, a direct store call) reaches the list
through the model's own items-changed. Nothing is mirrored here.

Run with the system interpreter (Debian's PyGObject), with the typelib and
the libraries on their paths (ctest sets them for the self-test)::

    GI_TYPELIB_PATH=build/bindings/gtk LD_LIBRARY_PATH=build/bindings/gtk:build \\
        /usr/bin/python3 bindings/gtk/demo.py
    ... demo.py --self-test OUT.png   # drive itself, check, save a screenshot, exit 0/1
"""

import os
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
from gi.repository import Fold, GdkPixbuf, Gio, GLib, Gtk  # noqa: E402

HEADER, ROW, FOOTER = 0, 1, 2  # FoldListItem:kind
ACTIVATED_NOTHING, ACTIVATED_REFUSED = 0, 5  # FOLD_ACTIVATED_*
HEADER_HEIGHT = 28.0
ROW_HEIGHT = 40.0
EXPANDED_HEIGHT = 96.0
INDENT = 22
COLLAPSED, EXPANDED = "+", "\u2013"  # the engine's default indicators

F = Fold.SectionFlags
# The app's data: (key, parent, header "Title|Detail", flags, rows as
# (title, value)). The store gets the structure and the header texts; the
# rows' texts stay here and reach the model through its text function.
GROUPS = [
    ("network", None, "Network|Wi-Fi, Bluetooth", F.NONE,
     [("Wi-Fi", "Home-5G"), ("Bluetooth", "On"), ("Airplane mode", "Off")]),
    ("vpn", "network", "VPN|2 connections", F.NONE,
     [("Office", "Connected"), ("Home lab", "Off")]),
    ("display", None, "Display|1920 \u00d7 1080", F.NONE,
     [("Brightness", "70 %"), ("Night light", "Sunset"), ("Scale", "100 %"),
      ("Refresh rate", "60 Hz")]),
    ("color", "display", "Color|profiles", F.NONE,
     [("sRGB", "Default"), ("Display P3", ""), ("Adobe RGB", "")]),
    ("sound", None, "Sound|output and input", F.NONE,
     [("Output", "Speakers"), ("Input", "Microphone"), ("Volume", "45 %")]),
    ("about", None, "About|fixed section", F.FIXED,
     [("Device name", "foldtable"), ("System", "Debian 12"), ("Memory", "16 GB"),
      ("Disk", "512 GB")]),
    ("privacy", None, "Privacy|starts collapsed", F.COLLAPSED,
     [("Location", "Off"), ("Camera", "Ask"), ("Microphone", "Ask")]),
    ("power", None, "Power|balanced", F.NONE,
     [("Power mode", "Balanced"), ("Battery", "82 %"), ("Suspend", "15 min")]),
    ("empty", None, "Nothing here|empty section", F.NONE, []),
]
ROWS = {key: rows for key, _parent, _header, _flags, rows in GROUPS}
TITLES = {key: header.split("|")[0] for key, _parent, header, _flags, _rows in GROUPS}

CSS = b"""
listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }
.fold-header { background: #d8e0ec; font-weight: bold; }
.fold-header.depth-1 { background: #e6ecf4; }
.fold-row { background: #ffffff; box-shadow: inset 0 -1px #e8e8e8; }
.fold-row.expanded { background: #fff6d8; }
.fold-status { padding: 4px 10px; border-top: 1px solid #c8c8c8; background: #f4f4f4; }
"""


def build_store():
    store = Fold.Store(row_height=ROW_HEIGHT, header_height=HEADER_HEIGHT)
    ids = {}
    for key, parent, header, flags, rows in GROUPS:
        ids[key] = store.insert_section(ids[parent] if parent else 0, -1, key, header,
                                        len(rows), flags)
        for row in range(len(rows)):
            store.set_row_expanded_height(ids[key], row, EXPANDED_HEIGHT)
    return store, ids


def row_text(_section, key, row):
    return ROWS[key][row][0]


def setup_row(_factory, list_item):
    outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    line = Gtk.Box(spacing=6, valign=Gtk.Align.CENTER)
    indicator = Gtk.Label(width_chars=2)
    title = Gtk.Label(xalign=0, hexpand=True)
    detail = Gtk.Label(css_classes=["dim-label"])
    body = Gtk.Label(xalign=0, wrap=True)
    for child in (indicator, title, detail):
        line.append(child)
    outer.append(line)
    outer.append(body)
    outer.parts = (line, indicator, title, detail, body)
    list_item.set_child(outer)


def bind_row(_factory, list_item):
    # Items are live: a redraw arrives as a property notification, not as
    # items-changed, so the row follows its item until it is unbound.
    item = list_item.get_item()
    outer = list_item.get_child()
    outer.notify_id = item.connect("notify", lambda *_: show_item(item, list_item))
    show_item(item, list_item)


def unbind_row(_factory, list_item):
    outer = list_item.get_child()
    if getattr(outer, "notify_id", 0):
        list_item.get_item().disconnect(outer.notify_id)
        outer.notify_id = 0


def show_item(item, list_item):
    outer = list_item.get_child()
    line, indicator, title, detail, body = outer.parts
    p = item.props
    is_header = p.kind == HEADER
    indicator.set_text(p.indicator or "")
    title.set_text(p.title or "")
    if is_header:
        detail.set_text(p.detail or "")
    else:
        detail.set_text(ROWS[p.key][p.row][1] if p.row >= 0 else "")
    line.set_margin_start(8 + INDENT * p.depth + (0 if is_header else INDENT))
    line.set_margin_end(12)
    outer.set_size_request(-1, round(p.height))
    line.set_size_request(-1, round(p.height if is_header else min(p.height, ROW_HEIGHT)))
    body.set_visible(p.expanded)
    if p.expanded:
        body.set_text("%s: %s. Expanded to %.0f pt; click again to collapse."
                      % (p.title, ROWS[p.key][p.row][1] or "not set", p.height))
        body.set_margin_start(8 + INDENT * (p.depth + 2))
        body.set_margin_end(12)
    outer.set_css_classes(["fold-header" if is_header else "fold-row",
                           "depth-%d" % min(p.depth, 1)] + (["expanded"] if p.expanded else []))
    outer.list_item = list_item  # for the self-test's picking


class StepPacer:
    """Runs step() (until it returns SOURCE_REMOVE) once the window shows the
    last step's changes, not after a fixed time (a loaded machine may take
    longer than any fixed interval): at least `step_ms` after the last step,
    a frame painted since it (each step queues one), no frame for QUIET_MS
    with the X server caught up (Gdk.Display.sync: a configure event is in).
    Polled at PRIORITY_LOW, below the frame clock and the events. After
    LIMIT_S the step runs anyway and failed(LIMIT_S) is called: as demo_run
    in demo-app.c."""
    POLL_MS, QUIET_MS, LIMIT_S = 20, 50, 10

    def __init__(self, window, step_ms, step, failed):
        self.window, self.step_ms, self.step, self.failed = window, step_ms, step, failed
        self.paints = self.paints_at_step = self.paints_synced = 0
        self.last_paint = 0
        self.clock = window.get_frame_clock()  # realized by present()
        self.handler = self.clock.connect("after-paint", self.on_after_paint)
        self.step_end = GLib.get_monotonic_time()
        self.schedule(step_ms)

    def on_after_paint(self, _clock):
        self.paints += 1
        self.last_paint = GLib.get_monotonic_time()

    def schedule(self, ms):
        GLib.timeout_add(ms, self.poll, priority=GLib.PRIORITY_LOW)

    def settled(self):
        if (self.paints == self.paints_at_step
                or GLib.get_monotonic_time() - self.last_paint < self.QUIET_MS * 1000):
            return False
        if self.paints_synced != self.paints:
            self.window.get_display().sync()  # quiet here; the X server may have more
            self.paints_synced = self.paints
            return False
        return True

    def poll(self):
        if not self.settled():
            if GLib.get_monotonic_time() - self.step_end < self.LIMIT_S * 1000000:
                self.schedule(self.POLL_MS)
                return GLib.SOURCE_REMOVE
            self.failed(self.LIMIT_S)
        self.paints_at_step = self.paints
        self.step_end = GLib.get_monotonic_time()
        if self.step() == GLib.SOURCE_REMOVE:
            self.clock.disconnect(self.handler)
            return GLib.SOURCE_REMOVE
        self.window.queue_draw()  # a frame after this step's changes, even if they queued none
        self.schedule(self.step_ms)
        return GLib.SOURCE_REMOVE


class Demo:
    def __init__(self, app, out_png):
        self.store, self.ids = build_store()
        self.model = Fold.ListModel.new_for_store(self.store)
        self.model.set_text_func(row_text)
        self.out_png = out_png
        self.signals = []
        self.events = []
        self.failures = 0
        self.step = 0
        self.model.connect("items-changed", lambda _m, p, r, a: self.signals.append((p, r, a)))
        for name in ("section-will-collapse", "section-will-expand"):
            self.store.connect(name, self.on_section_will, name)
        for name in ("section-did-collapse", "section-did-expand"):
            self.store.connect(name, self.on_section_did, name)
        self.store.connect("row-did-expand", self.on_row_did, "expanded")
        self.store.connect("row-did-collapse", self.on_row_did, "collapsed")

        provider = Gtk.CssProvider()
        try:
            provider.load_from_data(CSS)  # GTK < 4.12: bytes
        except TypeError:
            provider.load_from_data(CSS.decode(), -1)  # GTK >= 4.12: (str, length)
        Gtk.StyleContext.add_provider_for_display(
            self.display(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

        self.window = Gtk.ApplicationWindow(application=app, title="FoldTable \u2014 PyGObject",
                                            default_width=480, default_height=600)
        bar = Gtk.Box(spacing=8, margin_start=10, margin_end=10, margin_top=6, margin_bottom=6)
        bar.append(Gtk.Label(label="Accordion (one expanded row)", xalign=0, hexpand=True))
        self.switch = Gtk.Switch()
        self.switch.connect("notify::active", self.on_accordion)
        bar.append(self.switch)
        lock_bar = Gtk.Box(spacing=8, margin_start=10, margin_end=10, margin_bottom=6)
        lock_bar.append(Gtk.Label(label="Lock Privacy (refuse to expand it)", xalign=0,
                                  hexpand=True))
        self.lock = Gtk.Switch()
        lock_bar.append(self.lock)

        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", setup_row)
        factory.connect("bind", bind_row)
        factory.connect("unbind", unbind_row)
        self.list = Gtk.ListView(model=Gtk.NoSelection(model=self.model), factory=factory,
                                 single_click_activate=True, css_classes=["fold"])
        self.list.connect("activate", self.on_activate)
        scroller = Gtk.ScrolledWindow(vexpand=True, hscrollbar_policy=Gtk.PolicyType.NEVER)
        scroller.set_child(self.list)
        self.vadj = self.list.get_vadjustment()
        self.status = Gtk.Label(xalign=0, wrap=True, css_classes=["fold-status"],
                                label="Click a header to collapse it, a row to expand it.")

        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(bar)
        box.append(lock_bar)
        box.append(scroller)
        box.append(self.status)
        self.window.set_child(box)
        self.window.present()
        if out_png:
            self.pacer = StepPacer(self.window, 400, self.self_test_step, self.wait_failed)

    @staticmethod
    def display():
        from gi.repository import Gdk
        return Gdk.Display.get_default()

    # -- the store's events ----------------------------------------------------

    def on_section_will(self, _store, _section, key, name):
        verb = name.rsplit("-", 1)[1]
        if name == "section-will-expand" and key == "privacy" and self.lock.get_active():
            self.events.append("refused: %s is locked" % TITLES[key])
            return False
        self.events.append("will %s %s" % (verb, TITLES[key]))
        return True

    def on_section_did(self, _store, _section, key, name):
        self.events.append("did %s %s" % (name.rsplit("-", 1)[1], TITLES[key]))

    def on_row_did(self, _store, _section, key, row, what):
        self.events.append("%s %s" % (ROWS[key][row][0], what))

    def on_activate(self, _list, position):
        self.events = []
        action = self.model.activate(position)
        if action == ACTIVATED_NOTHING and not self.events:
            item = self.model.get_item(position)
            self.events.append("%s: nothing to do" % (item.props.title or "footer"))
        self.status.set_text(" \u00b7 ".join(self.events))
        return action

    def on_accordion(self, switch, _pspec):
        self.store.props.accordion = (Fold.AccordionPolicy.SINGLE if switch.get_active()
                                      else Fold.AccordionPolicy.MULTIPLE)

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

    def header_position(self, key):
        for p in range(self.model.get_n_items()):
            item = self.model.get_item(p)
            if item.props.kind == HEADER and item.props.key == key:
                return p
        return -1

    def row_position(self, key, row):
        for p in range(self.model.get_n_items()):
            item = self.model.get_item(p)
            if item.props.kind == ROW and item.props.key == key and item.props.row == row:
                return p
        return -1

    def click(self, position):
        """A click through the list's own activate signal."""
        self.signals.clear()
        self.list.emit("activate", position)
        return list(self.signals)

    def wait_failed(self, seconds):
        print("self-test step %d: WAIT failed: the window did not show step %d's changes "
              "within %d s" % (self.step + 1, self.step, seconds), file=sys.stderr)
        self.failures += 1

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
        store, model, ids = self.store, self.model, self.ids
        n = model.get_n_items()
        if self.step == 1:
            self.expect(n == 31 and store.get_item_count() == 31, "31 items, got %d" % n)
            content = store.get_content_height()
            self.expect(content == 9 * HEADER_HEIGHT + 22 * ROW_HEIGHT,
                        "content height %s" % content)
            self.expect(abs(self.vadj.get_upper() - content) < 0.5,
                        "list height %s = content height %s" % (self.vadj.get_upper(), content))
            about = self.header_position("about")
            item = model.get_item(about)
            self.expect((item.props.title, item.props.detail, item.props.indicator,
                         item.props.collapsible) == ("About", "fixed section", "", False),
                        "About is fixed")
            privacy = model.get_item(self.header_position("privacy"))
            self.expect(privacy.props.collapsed and privacy.props.indicator == COLLAPSED,
                        "Privacy starts collapsed")
            print("step 1: %d items, content %.0f pt, list upper %.0f"
                  % (n, content, self.vadj.get_upper()))
        elif self.step == 2:
            p = self.header_position("vpn")
            signals = self.click(p)
            self.expect(store.get_section_collapsed(ids["vpn"]), "VPN collapsed")
            self.expect(model.get_n_items() == n - 2, "2 rows gone")
            self.expect(signals == [(p + 1, 2, 0)], "signals %r" % signals)
            self.expect(model.get_item(p).props.indicator == COLLAPSED, "indicator +")
            self.expect(self.status.get_text() == "will collapse VPN \u00b7 did collapse VPN",
                        "status %r" % self.status.get_text())
            print("step 2: collapsed VPN at %d, items-changed %r, status %r"
                  % (p, signals, self.status.get_text()))
        elif self.step == 3:
            self.lock.set_active(True)
            p = self.header_position("privacy")
            signals = self.click(p)
            self.expect(store.get_section_collapsed(ids["privacy"]), "Privacy still collapsed")
            self.expect(signals == [] and model.get_n_items() == n, "nothing changed")
            self.expect(self.status.get_text() == "refused: Privacy is locked",
                        "status %r" % self.status.get_text())
            self.expect(self.model.activate(p) == ACTIVATED_REFUSED, "activate: REFUSED")
            print("step 3: locked, click on Privacy refused: %r" % self.status.get_text())
        elif self.step == 4:
            self.lock.set_active(False)
            p = self.header_position("privacy")
            signals = self.click(p)
            self.expect(not store.get_section_collapsed(ids["privacy"]), "Privacy expanded")
            self.expect(signals == [(p + 1, 0, 3)], "signals %r" % signals)
            self.expect(self.status.get_text() ==
                        "will expand Privacy \u00b7 did expand Privacy",
                        "status %r" % self.status.get_text())
        elif self.step == 5:
            p = self.row_position("display", 1)
            before = store.get_content_height()
            signals = self.click(p)
            self.expect(store.get_row_expanded(ids["display"], 1), "display/1 expanded")
            self.expect(signals == [], "signals %r (a redraw is a notification)" % signals)
            self.expect(model.get_item(p).props.height == EXPANDED_HEIGHT, "height 96")
            self.expect(store.get_content_height() == before + EXPANDED_HEIGHT - ROW_HEIGHT,
                        "content grew by 56")
            self.expect(self.status.get_text() == "Night light expanded",
                        "status %r" % self.status.get_text())
        elif self.step == 6:
            self.switch.set_active(True)
            self.expect(store.props.accordion == Fold.AccordionPolicy.SINGLE, "accordion SINGLE")
            p1 = self.row_position("display", 1)
            p2 = self.row_position("display", 2)
            signals = self.click(p2)
            self.expect(store.get_row_expanded(ids["display"], 2)
                        and not store.get_row_expanded(ids["display"], 1),
                        "only display/2 expanded")
            self.expect(signals == [] and p2 == p1 + 1, "signals %r" % signals)
            self.expect(self.status.get_text() == "Night light collapsed \u00b7 Scale expanded",
                        "status %r" % self.status.get_text())
            print("step 6: accordion, expanded display/2, items-changed %r" % (signals,))
        elif self.step == 7:
            p = self.header_position("about")
            signals = self.click(p)
            self.expect(signals == [] and model.get_n_items() == n, "fixed: nothing changed")
            self.expect(self.status.get_text() == "About: nothing to do",
                        "status %r" % self.status.get_text())
            # Back to the first screen's state for the screenshot, with the
            # expanded row left open; the status line says what happened last.
            self.click(self.header_position("vpn"))
        elif self.step == 8:
            top = os.path.splitext(self.out_png)[0] + "-top.png"
            colours = self.save_screenshot(top)
            print("screenshot %s (unscrolled): %d distinct colours" % (top, colours))
            self.expect(colours > 1, "top screenshot not blank")
            self.vadj.set_value(40)
            self.expect(self.vadj.get_value() == 40, "scrolled to 40")
        elif self.step == 9:
            y = 70
            shown = self.picked_position(200, y)
            # The engine's item at offset 40 + 70: sum heights through the model.
            offset, expected = 0.0, -1
            for p in range(model.get_n_items()):
                height = model.get_item(p).props.height
                if offset <= 40 + y < offset + height:
                    expected = p
                    break
                offset += height
            self.expect(shown == expected, "at y=%d the list shows %d, the model's heights say %d"
                        % (y, shown, expected))
            print("step 9: scrolled to 40: item %d at y=%d" % (shown, y))
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
