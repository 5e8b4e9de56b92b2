"""What demo.py's self-test steps use: checks, look-ups, key presses,
clicks and screenshots (a mixin of Demo)."""

import sys

from gi.repository import GdkPixbuf, Graphene, Gtk

from .data import HEADER, ROW
from .gi_helpers import render_to_png
from .rows import Row


class Checks:
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

