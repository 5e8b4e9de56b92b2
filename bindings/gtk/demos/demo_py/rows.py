"""demo.py's list rows: Row (a Fold.Expander around the line and the body)
and the factory's setup, bind and unbind."""

from gi.repository import Fold, Gtk, Pango

from .data import HEADER, LEVEL, ROW_HEIGHT, ROWS


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

