"""demo.py's Demo: the store and the model, the window, the list and its
handlers (the store's events, clicks, keys, drag and drop, the accordion).
Its self-test: demo_py.checks (look-ups and checks) and demo_py.steps."""

from gi.repository import Fold, Gdk, GLib, GObject, Graphene, Gtk

from .checks import Checks
from .data import ACTIVATED_NOTHING, CSS, HEADER, LEVEL, ROW, ROWS, TITLES, build_store, row_text
from .drive import StepPacer
from .gi_helpers import last_out
from .rows import Row, bind_row, setup_row, unbind_row
from .steps import Steps


class Demo(Checks, Steps):
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
