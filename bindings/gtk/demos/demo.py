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
gi.require_version("Graphene", "1.0")
from gi.repository import Fold, Gdk, GdkPixbuf, Gio, GLib, GObject, Graphene, Gtk, Pango  # noqa: E402

HEADER, ROW, FOOTER = 0, 1, 2  # FoldListItem:kind
ACTIVATED_NOTHING, ACTIVATED_REFUSED = 0, 5  # FOLD_ACTIVATED_*
HEADER_HEIGHT = 28.0
ROW_HEIGHT = 40.0
EXPANDED_HEIGHT = 96.0
LEVEL = 20  # Fold.Expander's indentation: its child starts 20 px a level further
COLLAPSED = "+"  # the engine's default indicator (what the model's items say)

F = Fold.SectionFlags
# The app's data: (key, parent, header "Title|Detail", flags, rows as
# (title, value, what an expanded row says)). The store gets the structure
# and the header texts; the rows' texts stay here and reach the model
# through its text function.
GROUPS = [
    ("network", None, "Network|Wi-Fi, Bluetooth", F.NONE,
     [("Wi-Fi", "Home-5G", "Connected to Home-5G on 5 GHz; the signal is strong."),
      ("Bluetooth", "On", "Visible to nearby devices while this window is open."),
      ("Airplane mode", "Off", "Turns off Wi-Fi, Bluetooth and mobile broadband.")]),
    ("vpn", "network", "VPN|2 connections", F.NONE,
     [("Office", "Connected", "All traffic goes through the office network."),
      ("Home lab", "Off", "Connects on demand to the machines at home.")]),
    ("display", None, "Display|1920 \u00d7 1080", F.NONE,
     [("Brightness", "70 %", "Adjusts to the light around you when it changes a lot."),
      ("Night light", "Sunset", "Warmer colours from sunset to sunrise, easier on the eyes."),
      ("Scale", "100 %", "Makes text and windows larger without a lower resolution."),
      ("Refresh rate", "60 Hz", "How many times a second the picture is drawn.")]),
    ("color", "display", "Color|profiles", F.NONE,
     [("sRGB", "Default", "The profile most pictures and web pages are made for."),
      ("Display P3", "", "A wider range of colours, as on recent phones."),
      ("Adobe RGB", "", "A wide range of colours for printing photographs.")]),
    ("sound", None, "Sound|output and input", F.NONE,
     [("Output", "Speakers", "Plays through the built-in speakers."),
      ("Input", "Microphone", "Records from the built-in microphone."),
      ("Volume", "45 %", "Alerts and music play at this volume.")]),
    ("about", None, "About|fixed section", F.FIXED,
     [("Device name", "foldtable", "How this computer appears to others on the network."),
      ("System", "Debian 12", "The operating system and its version."),
      ("Memory", "16 GB", "Room for the programs that run at the same time."),
      ("Disk", "512 GB", "Room for your files and programs.")]),
    ("privacy", None, "Privacy|starts collapsed", F.COLLAPSED,
     [("Location", "Off", "Apps cannot find out where you are."),
      ("Camera", "Ask", "An app asks before it uses the camera."),
      ("Microphone", "Ask", "An app asks before it uses the microphone.")]),
    ("power", None, "Power|balanced", F.NONE,
     [("Power mode", "Balanced", "Standard performance and power use."),
      ("Battery", "82 %", "About four hours left at the current use."),
      ("Suspend", "15 min", "Suspends after 15 minutes without use.")]),
    ("empty", None, "Nothing here|empty section", F.NONE, []),
]
ROWS = {key: rows for key, _parent, _header, _flags, rows in GROUPS}
TITLES = {key: header.split("|")[0] for key, _parent, header, _flags, _rows in GROUPS}

# Adwaita's light palette, as the C list demos: headers on the window's grey,
# rows on white, an expanded row marked by the accent blue.
CSS = b"""
listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }
.fold-header { background: #f6f5f4; box-shadow: inset 0 -1px #deddda; font-weight: bold; }
.fold-header .dim-label { font-weight: normal; }
.fold-header.depth-1 { background: #faf9f8; }
listview.fold image.expander { color: #5e5c64; }
.fold-row { background: #ffffff; box-shadow: inset 0 -1px #ebe9e6; }
.fold-row.expanded { background: #fafcff; box-shadow: inset 4px 0 #1c71d8, inset 0 -1px #ebe9e6; }
.fold-row .body { color: alpha(currentColor, 0.7); }
listview.fold > row:hover .fold-header { background: #edebe9; }
listview.fold > row:hover .fold-row { background: #f3f6fb; }
.fold-status { padding: 6px 12px; box-shadow: inset 0 1px #deddda; background: #ffffff; }
.fold-row.selected, .fold-header.selected { background: #dde8f8; }
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


class Row(Gtk.Box):
    """A list row: a Fold.Expander around the line (title, detail), then the
    body an expanded row shows. It hands the keyboard focus to the expander
    (a Gtk.Box keeps it), so the expander's keys reach it and its focus ring
    shows where the keyboard is."""

    def __init__(self, model, failed):
        super().__init__(orientation=Gtk.Orientation.VERTICAL)
        self.title = Gtk.Label(xalign=0, hexpand=True)
        self.detail = Gtk.Label(css_classes=["dim-label"])
        line = Gtk.Box(spacing=6)
        line.append(self.title)
        line.append(self.detail)
        self.expander = Fold.Expander(model=model, child=line, margin_start=8, margin_end=12)
        # A key the engine refuses (the lock): said in the status line.
        self.expander.connect("failed", lambda _e, action, error: failed(action, error))
        self.body = Gtk.Label(xalign=0, wrap=True, lines=2, css_classes=["body"],
                              ellipsize=Pango.EllipsizeMode.END, margin_end=12)
        self.append(self.expander)
        self.append(self.body)
        self.item = None
        self.notify_id = 0
        self.list_item = None  # for the self-test's picking

    def do_grab_focus(self):
        return self.expander.grab_focus()

    def bind(self, item, list_item):
        # Items are live: a redraw arrives as a property notification, not
        # as items-changed, so the row follows its item until it is unbound.
        self.unbind()
        self.item, self.list_item = item, list_item
        self.notify_id = item.connect("notify", lambda *_: self.show())
        self.expander.set_item(item)
        self.show()

    def unbind(self):
        if self.item is not None:
            self.item.disconnect(self.notify_id)
        self.item, self.notify_id = None, 0
        self.expander.set_item(None)

    def show(self):
        p = self.item.props
        is_header = p.kind == HEADER
        self.title.set_text(p.title or "")
        if is_header:
            self.detail.set_text(p.detail or "")
        else:
            self.detail.set_text(ROWS[p.key][p.row][1] if p.row >= 0 else "")
        self.set_size_request(-1, round(p.height))
        self.expander.set_size_request(-1, round(p.height if is_header
                                                 else min(p.height, ROW_HEIGHT)))
        self.body.set_visible(p.expanded)
        if p.expanded:
            self.body.set_text(ROWS[p.key][p.row][2])
            self.body.set_margin_start(8 + LEVEL * (p.depth + 2))  # under the title
        self.set_css_classes(["fold-header" if is_header else "fold-row",
                              "depth-%d" % min(p.depth, 1)] + (["expanded"] if p.expanded else [])
                             + (["selected"] if p.selected else []))


def setup_row(_factory, list_item, demo):
    list_item.set_child(Row(demo.model, demo.on_expander_failed))


def bind_row(_factory, list_item):
    list_item.get_child().bind(list_item.get_item(), list_item)


def unbind_row(_factory, list_item):
    list_item.get_child().unbind()


class StepPacer:
    """Runs step() (until it returns SOURCE_REMOVE, then closes the window:
    its frame clock's handler is disconnected first) once the window shows the
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
            self.window.destroy()
            return GLib.SOURCE_REMOVE
        self.window.queue_draw()  # a frame after this step's changes, even if they queued none
        self.schedule(self.step_ms)
        return GLib.SOURCE_REMOVE


class XKeys:
    """Real key presses for the self-test: sent to the X server with XTest
    (as xdotool does; libXtst through ctypes), so they reach the window as
    a user's do. The window takes the X keyboard (no window manager under
    Xvfb). None when there is no X display or no libXtst."""

    @classmethod
    def open(cls, window):
        import ctypes
        try:
            gi.require_version("GdkX11", "4.0")
            from gi.repository import GdkX11
            x11 = ctypes.CDLL("libX11.so.6")
            xtst = ctypes.CDLL("libXtst.so.6")
        except (ValueError, ImportError, OSError):
            return None
        surface = window.get_surface()
        if not isinstance(surface, GdkX11.X11Surface):
            return None
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        display = x11.XOpenDisplay(None)
        if not display:
            return None
        self = cls()
        self.x11, self.xtst, self.display = x11, xtst, display
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                           ctypes.c_ulong]
        x11.XSetInputFocus(display, surface.get_xid(), 2, 0)  # RevertToParent, CurrentTime
        x11.XFlush(display)
        end = GLib.get_monotonic_time() + 2 * 1000000
        while not window.is_active() and GLib.get_monotonic_time() < end:
            GLib.MainContext.default().iteration(False)
        return self

    def send(self, keyval, modifiers=0):
        code = self.x11.XKeysymToKeycode(self.display, keyval)  # GDK keyvals are X keysyms
        held = [self.x11.XKeysymToKeycode(self.display, Gdk.KEY_Shift_L)] \
            if modifiers & Gdk.ModifierType.SHIFT_MASK else []
        for k in held:
            self.xtst.XTestFakeKeyEvent(self.display, k, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        for k in held:
            self.xtst.XTestFakeKeyEvent(self.display, k, 0, 0)
        self.x11.XFlush(self.display)


class Demo:
    def __init__(self, app, out_png):
        self.store, self.ids = build_store()
        self.model = Fold.ListModel.new_for_store(self.store)
        self.model.set_text_func(row_text)
        self.out_png = out_png
        self.signals = []
        self.events = []
        self.events_idle = 0
        self.xkeys = None
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
                                            default_width=480, default_height=640,
                                            titlebar=Gtk.HeaderBar())
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
        factory.connect("setup", setup_row, self)
        factory.connect("bind", bind_row)
        factory.connect("unbind", unbind_row)
        self.list = Gtk.ListView(model=Gtk.NoSelection(model=self.model), factory=factory,
                                 single_click_activate=True, css_classes=["fold"])
        self.list.connect("activate", self.on_activate)
        keys = Gtk.ShortcutController()
        for keyval, delta in ((Gdk.KEY_Up, -1), (Gdk.KEY_Down, 1)):
            keys.add_shortcut(Gtk.Shortcut.new(
                Gtk.KeyvalTrigger.new(keyval, Gdk.ModifierType.ALT_MASK),
                Gtk.CallbackAction.new(self.move_focused_section, delta)))
        self.list.add_controller(keys)
        scroller = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER)
        scroller.set_child(self.list)
        self.vadj = self.list.get_vadjustment()
        # The section headers stick at the top: the list's own header rows.
        self.sticky = Fold.StickyHeaders.new(self.model, scroller)
        self.sticky.set_vexpand(True)
        # Drag and drop: rows and headers are dragged from the list; the
        # indicator over it asks the engine where they would land (x from
        # the expander's margin, 20 px a level) and draws it.
        self.indicator = Fold.DropIndicator.new(self.model, self.list)
        self.indicator.set_indent_start(8)
        self.indicator.set_indent_width(LEVEL)
        self.dragged = []  # (section, row) of what the drag carries
        self.drag_source = Gtk.DragSource(actions=Gdk.DragAction.MOVE)
        self.drag_source.connect("prepare", self.on_drag_prepare)
        self.drag_source.connect("drag-end", lambda *_: self.end_drag())
        self.list.add_controller(self.drag_source)
        overlay = Gtk.Overlay(child=self.sticky, vexpand=True)
        overlay.add_overlay(self.indicator)
        self.drop_target = Gtk.DropTarget.new(GObject.TYPE_STRING, Gdk.DragAction.MOVE)
        self.drop_target.connect("enter", self.on_drag_motion)
        self.drop_target.connect("motion", self.on_drag_motion)
        self.drop_target.connect("leave", lambda *_: self.indicator.hide())
        self.drop_target.connect("drop", self.on_drop)
        overlay.add_controller(self.drop_target)
        self.overlay = overlay
        self.status = Gtk.Label(xalign=0, wrap=True, css_classes=["fold-status"],
                                label="Click a header to collapse it, a row to expand it.")

        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(bar)
        box.append(lock_bar)
        box.append(self.overlay)
        box.append(self.status)
        self.window.set_child(box)
        self.window.present()
        if out_png:
            self.pacer = StepPacer(self.window, 400, self.self_test_step, self.wait_failed)

    @staticmethod
    def display():
        return Gdk.Display.get_default()

    # -- the store's events ----------------------------------------------------

    # A click shows its events at once (on_activate); a key on an expander
    # acts on the model directly, and its events are shown when idle.

    def add_event(self, text):
        self.events.append(text)
        if not self.events_idle:
            self.events_idle = GLib.idle_add(self.show_events)

    def show_events(self):
        self.events_idle = 0
        if self.events:
            self.status.set_text(" \u00b7 ".join(self.events))
            self.events = []
        return GLib.SOURCE_REMOVE

    def on_section_will(self, _store, _section, key, name):
        verb = name.rsplit("-", 1)[1]
        if name == "section-will-expand" and key == "privacy" and self.lock.get_active():
            self.add_event("refused: %s is locked" % TITLES[key])
            return False
        self.add_event("will %s %s" % (verb, TITLES[key]))
        return True

    def on_section_did(self, _store, _section, key, name):
        self.add_event("did %s %s" % (name.rsplit("-", 1)[1], TITLES[key]))

    def on_row_did(self, _store, _section, key, row, what):
        self.add_event("%s %s" % (ROWS[key][row][0], what))

    def on_expander_failed(self, _action, _error):
        self.show_events()  # the refusal already said why

    def on_activate(self, _list, position):
        self.show_events()  # what came before
        action = self.model.activate(position)
        if action == ACTIVATED_NOTHING and not self.events:
            item = self.model.get_item(position)
            self.events.append("%s: nothing to do" % (item.props.title or "footer"))
        self.show_events()
        return action

    def move_focused_section(self, _widget, _args, delta):
        """Alt+Up / Alt+Down: the section whose header has the focus moves one
        place among its siblings. The engine reports a move and the model keeps
        the header's item, so the list keeps its row widget and the focus."""
        widget = self.window.get_focus()
        while widget is not None and not isinstance(widget, Row):
            widget = widget.get_parent()
        item = widget.item if widget is not None else None
        if item is None or item.props.kind != HEADER:
            return False
        section = item.props.section_id
        parent = self.store.get_section_parent(section)
        index = self.store.get_section_index(section) + delta
        if 0 <= index < self.store.get_child_count(parent):
            self.store.move_section(section, parent, index)
            self.add_event("moved %s %s" % (TITLES[item.props.key], "up" if delta < 0 else "down"))
        return True

    # -- drag and drop ---------------------------------------------------------

    def on_drag_prepare(self, _source, x, y):
        """What a drag from list point (x, y) carries: the row or the header
        whose widget is there."""
        position = self.picked_position(x, y)
        item = self.model.get_item(position) if position >= 0 else None
        if item is None or item.props.kind not in (HEADER, ROW):
            return None
        self.dragged = [(item.props.section_id, item.props.row if item.props.kind == ROW else -1)]
        self.indicator.drag_item(item)
        return Gdk.ContentProvider.new_for_value(item.props.title or "")

    def end_drag(self):
        self.dragged = []
        self.indicator.clear()

    def list_point(self, x, y):
        ok, point = self.overlay.compute_point(self.list, Graphene.Point().init(x, y))
        return (point.x, point.y) if ok else (x, y)

    def update_indicator(self, x, y):
        """The indicator at overlay point (x, y): the engine's target."""
        return last_out(self.indicator.update(*self.list_point(x, y)))

    def on_drag_motion(self, _target, x, y):
        if not self.dragged:
            return 0
        target = self.update_indicator(x, y)
        return Gdk.DragAction.MOVE if target.kind != Fold.DropKind.NONE else 0

    def on_drop(self, _target, _value, x, y):
        if not self.dragged:
            return False
        target = self.update_indicator(x, y)
        if target.kind == Fold.DropKind.NONE:
            self.end_drag()
            return False
        self.move_texts(target.parent, target.index)
        sections = [s for s, _r in self.dragged]
        rows = [r for _s, r in self.dragged]
        self.store.drop(target.parent, target.index, sections, rows)
        self.end_drag()
        return True

    def move_texts(self, parent, index):
        """The dragged rows' texts go where the engine puts the rows, before
        it does (the model reads them during the drop). Here every section's
        rows come before its subsections, so a child index at or below the
        row count is a row index."""
        if parent == 0:
            return  # sections only at the top level (their texts go with their keys)
        target_key = self.store.get_section_key(parent)
        start = min(index, self.store.get_row_count(parent))
        moved = [(self.store.get_section_key(s), r) for s, r in self.dragged if r >= 0]
        start -= sum(1 for key, r in moved if key == target_key and r < start)
        texts = [ROWS[key][r] for key, r in moved]
        for key, r in sorted(moved, key=lambda m: -m[1]):
            del ROWS[key][r]
        ROWS[target_key][start:start] = texts

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

    def item_top(self, position):
        return sum(self.model.get_item(p).props.height for p in range(position))

    def row_at(self, position):
        """The Row the list shows for `position` (mapped), or None."""
        child = self.list.get_first_child()
        while child is not None:
            row = child.get_first_child()
            if isinstance(row, Row) and row.get_mapped() and row.list_item is not None \
                    and row.item is not None and row.list_item.get_position() == position:
                return row
            child = child.get_next_sibling()
        return None

    def press_key(self, keyval, modifiers=0):
        """A key as the key and shortcut controllers of the focus widget and
        its ancestors take it, nearest first (GTK 4 has no public way to make
        a key event; the C demos' demo_press_key walks the whole chain).
        Returns the widget that took it, or None."""
        self.window.set_focus_visible(True)
        widget = self.window.get_focus()
        while widget is not None:
            controllers = widget.observe_controllers()
            for i in range(controllers.get_n_items()):
                c = controllers.get_item(i)
                if isinstance(c, Gtk.EventControllerKey):
                    if c.emit("key-pressed", keyval, 0, modifiers):
                        return widget
                    continue
                if not isinstance(c, Gtk.ShortcutController):
                    continue
                for j in range(c.get_n_items()):
                    shortcut = c.get_item(j)
                    trigger = shortcut.get_trigger()
                    if isinstance(trigger, Gtk.KeyvalTrigger) and trigger.get_keyval() == keyval \
                            and trigger.get_modifiers() == modifiers:
                        if shortcut.get_action().activate(Gtk.ShortcutActionFlags.EXCLUSIVE,
                                                          widget, shortcut.get_arguments()):
                            return widget
            widget = widget.get_parent()
        return None

    def send_key(self, keyval, modifiers=0):
        """A real key press when XTest is there (handled before the next
        step), else the controllers' signal."""
        if self.xkeys:
            self.xkeys.send(keyval, modifiers)
        else:
            self.press_key(keyval, modifiers)

    def expect_focus(self, position):
        """The engine's focus on `position`, GTK's on its row's expander."""
        row = self.row_at(position)
        self.expect(self.store.get_focus() == position and row is not None
                    and self.window.get_focus() is row.expander,
                    "focus on %d: the engine's %d, GTK's on %s" % (
                        position, self.store.get_focus(),
                        "it" if row is not None and self.window.get_focus() is row.expander
                        else "another widget"))

    def list_point_of(self, position, fraction):
        """A list point at `fraction` of the item's height."""
        height = self.model.get_item(position).props.height
        return 200.0, self.item_top(position) + fraction * height - self.vadj.get_value()

    def overlay_point(self, x, y):
        ok, point = self.list.compute_point(self.overlay, Graphene.Point().init(x, y))
        return (point.x, point.y) if ok else (x, y)

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
            # Every row is a Fold.Expander: a chevron, down while open.
            vpn = self.row_at(self.header_position("vpn"))
            self.expect(vpn is not None and vpn.expander.get_expandable()
                        and vpn.expander.get_expanded(), "VPN's chevron, down")
            print("step 1: %d items, content %.0f pt, list upper %.0f"
                  % (n, content, self.vadj.get_upper()))
        elif self.step == 2:
            p = self.header_position("vpn")
            signals = self.click(p)
            self.expect(store.get_section_collapsed(ids["vpn"]), "VPN collapsed")
            self.expect(model.get_n_items() == n - 2, "2 rows gone")
            self.expect(signals == [(p + 1, 2, 0)], "signals %r" % signals)
            self.expect(model.get_item(p).props.indicator == COLLAPSED, "indicator +")
            vpn = self.row_at(p)
            self.expect(vpn is not None and not vpn.expander.get_expanded(), "VPN's chevron, right")
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
            # The expanded row says what the setting does, under its title.
            row = self.row_at(self.row_position("display", 1))
            self.expect(row is not None and row.body.get_visible()
                        and row.body.get_text() == ROWS["display"][1][2],
                        "Night light's body: %r" % (row.body.get_text() if row else None))
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
            # Network's header sticks at the top.
            self.expect(self.sticky.get_n_headers() == 1, "one sticky header, got %d"
                        % self.sticky.get_n_headers())
            print("step 9: scrolled to 40: item %d at y=%d, %d sticky header"
                  % (shown, y, self.sticky.get_n_headers()))
            # Sound's header at the top, for the keyboard.
            self.vadj.set_value(self.item_top(self.header_position("sound")))
        elif self.step == 10:
            # The keyboard: the list focuses Sound's row, which hands the focus to
            # its expander; - folds Sound, + unfolds it. With the lock, + on
            # Privacy's is refused and the status line says so.
            sound = self.row_at(self.header_position("sound"))
            self.expect(sound is not None, "Sound's row shown")
            about = self.row_at(self.header_position("about"))
            self.expect(about is not None and not about.expander.get_expandable(),
                        "About (fixed): no chevron")
            if sound is not None:
                sound.get_parent().grab_focus()
                self.expect(self.window.get_focus() is sound.expander, "focus on Sound's expander")
                self.expect(self.press_key(Gdk.KEY_minus) is sound.expander, "- taken")
                self.expect(store.get_section_collapsed(ids["sound"]), "Sound folded by -")
                self.expect(self.press_key(Gdk.KEY_plus) is sound.expander, "+ taken")
                self.expect(not store.get_section_collapsed(ids["sound"]), "Sound unfolded by +")
            self.click(self.header_position("privacy"))  # folded again
            self.lock.set_active(True)
            privacy = self.row_at(self.header_position("privacy"))
            self.expect(privacy is not None, "Privacy's row shown")
            if privacy is not None:
                privacy.get_parent().grab_focus()
                self.press_key(Gdk.KEY_plus)
                self.expect(store.get_section_collapsed(ids["privacy"]), "locked: still folded")
                self.show_events()
                self.expect(self.status.get_text() == "refused: Privacy is locked",
                            "status %r" % self.status.get_text())
            self.lock.set_active(False)
            # The focus left on Privacy's header, for the screenshot.
            print("step 10: keys on Sound's expander folded and unfolded it; + on locked "
                  "Privacy refused: %r" % self.status.get_text())
        elif self.step == 11:
            focus = self.window.get_focus()
            self.expect(isinstance(focus, Fold.Expander), "the focus on an expander")
            self.expect(focus is not None
                        and focus.get_state_flags() & Gtk.StateFlags.FOCUS_VISIBLE,
                        "the focused expander shows its focus ring")
            # Alt+Up on Privacy's header: Privacy moves above About, and its row
            # keeps its widget and the focus (the engine reported a move).
            row = self.row_at(self.header_position("privacy"))
            before = self.header_position("privacy")
            self.expect(self.press_key(Gdk.KEY_Up, Gdk.ModifierType.ALT_MASK) is self.list,
                        "Alt+Up taken by the list")
            after = self.header_position("privacy")
            self.expect(after < before and after < self.header_position("about"),
                        "Privacy moved above About: %d -> %d" % (before, after))
            self.moved = (row, before, after)
            return GLib.SOURCE_CONTINUE
        elif self.step == 12:
            row, before, after = self.moved
            self.expect(self.status.get_text() == "moved Privacy up",
                        "status %r" % self.status.get_text())
            self.expect(row is not None and self.row_at(after) is row,
                        "the moved header keeps its row widget")
            self.expect(row is not None and self.window.get_focus() is row.expander,
                        "and the focus")
            self.expect(self.press_key(Gdk.KEY_Down, Gdk.ModifierType.ALT_MASK) is self.list,
                        "Alt+Down taken by the list")
            self.expect(self.header_position("privacy") == before, "Privacy back below About")
            self.show_events()
            self.expect(self.status.get_text() == "moved Privacy down",
                        "status %r" % self.status.get_text())
            print("step 12: Alt+Up moved Privacy from %d to %d and Alt+Down back: the same row "
                  "widget, the focus kept" % (before, after))
            # The window takes the X keyboard (real key presses from the next
            # step on); Sound's header at the top again, for them.
            self.xkeys = XKeys.open(self.window)
            self.store.set_focus(self.header_position("sound"))  # GTK's focus follows
            self.vadj.set_value(self.item_top(self.header_position("sound")))
            return GLib.SOURCE_CONTINUE
        elif self.step == 13:
            # The keyboard alone, through the engine: real key presses from here.
            print("step 13: keys through %s" % ("the X server (XTest)" if self.xkeys
                                                 else "the key controllers (no XTest)"))
            sound = self.row_at(self.header_position("sound"))
            self.expect(sound is not None, "Sound's row shown")
            if sound is not None:
                sound.get_parent().grab_focus()
            self.expect(store.get_focus() == self.header_position("sound"),
                        "the engine's focus on Sound: %d" % store.get_focus())
            self.send_key(Gdk.KEY_Down)
        elif self.step == 14:
            # Down: Output focused (GTK's focus too) and selected.
            output = self.row_position("sound", 0)
            self.expect_focus(output)
            self.expect(model.get_item(output).props.selected, "Output selected")
            self.send_key(Gdk.KEY_v)  # type-ahead
        elif self.step == 15:
            # "v": Volume, the next title starting with it.
            volume = self.row_position("sound", 2)
            self.expect_focus(volume)
            path = os.path.splitext(self.out_png)[0] + "-keyboard.png"
            colours = self.save_screenshot(path)
            print("screenshot %s (Down, then \"v\": Volume): %d distinct colours" % (path, colours))
            self.expect(colours > 1, "keyboard screenshot not blank")
            # Drag Volume (the drag source's "prepare" at its row) over
            # Output's top quarter: before Output, Sound's child 0.
            x, y = self.list_point_of(volume, 0.5)
            content = self.drag_source.emit("prepare", x, y)
            self.expect(content is not None and self.dragged == [(ids["sound"], 2)],
                        "dragging Volume: %r" % self.dragged)
            output = self.row_position("sound", 0)
            self.drag_at = self.overlay_point(*self.list_point_of(output, 0.2))
            action = self.drop_target.emit("motion", *self.drag_at)
            self.expect(action == Gdk.DragAction.MOVE, "motion: MOVE")
            target = last_out(self.indicator.get_target())
            self.expect(target is not None and (target.kind, target.parent, target.index, target.depth)
                        == (Fold.DropKind.BEFORE, ids["sound"], 0, 1),
                        "before Output: %r" % ((target.kind, target.parent, target.index,
                                               target.depth),))
            self.expect(target.line_y == self.item_top(output) and target.line_x == LEVEL,
                        "the line at Output's top, one level in: %s, %s"
                        % (target.line_y, target.line_x))
            self.volume = (model.get_item(volume), self.row_at(volume))
            print("step 15: Down then \"v\" focused Volume; dragging it before Output")
        elif self.step == 16:
            path = os.path.splitext(self.out_png)[0] + "-drop-indicator.png"
            colours = self.save_screenshot(path)
            print("screenshot %s (Volume dragged before Output): %d distinct colours"
                  % (path, colours))
            self.expect(colours > 1, "drop screenshot not blank")
            value = GObject.Value(GObject.TYPE_STRING, "Volume")
            self.expect(self.drop_target.emit("drop", value, *self.drag_at), "dropped")
            titles = [model.get_item(self.row_position("sound", r)).props.title for r in range(3)]
            self.expect(titles == ["Volume", "Output", "Input"], "Sound's rows %r" % titles)
            item, row = self.volume
            first = self.row_position("sound", 0)
            self.expect(model.get_item(first) is item, "Volume is the same item")
            self.expect(row is not None and self.row_at(first) is row, "and the same row widget")
            print("step 16: dropped Volume first in Sound: %r, the same item and widget" % titles)
        else:
            colours = self.save_screenshot(self.out_png)
            print("screenshot %s: %d distinct colours" % (self.out_png, colours))
            self.expect(colours > 1, "screenshot not blank")
            print("SELF-TEST FAILED" if self.failures else "self-test passed")
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


def last_out(result):
    """A call's out value: PyGObject returns (ok, out) or just out, as the
    typelib annotates the boolean."""
    return result[-1] if isinstance(result, tuple) else result


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
