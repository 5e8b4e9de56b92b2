#!/usr/bin/python3
"""FoldStore and FoldListModel through GObject Introspection (PyGObject).

Loads Fold-0.2.typelib (GI_TYPELIB_PATH, LD_LIBRARY_PATH set by ctest),
builds a store with nested sections, shows it in a FoldListModel and checks
the model's items, its items-changed signals, the store's will/did signals
(a handler vetoes a collapse), errors as GLib.Error in the model's error
domain, height functions, saved state, filtering with a Python match
function, the short calls (append_section, append_subsection,
append_rows, the n-items property), moves and batches (moved items
keep their objects; a batch is one items-changed), and transitions on and
off — exact values after each step.
Prints "N passed, M failed"; exit status 1 on any failure.

ctest runs it twice: gtk-gi-python with /usr/bin/python3 and
gtk-gi-python-venv from a venv made with --system-site-packages.
"""

import json
import os
import sys

import gi

gi.require_version("Fold", "0.2")
gi.require_version("Gio", "2.0")
from gi.repository import Fold, Gio, GLib, GObject  # noqa: E402

PASSED = 0
FAILED = 0

HEADER, ROW, FOOTER = 0, 1, 2
E_INVALID, E_RANGE, E_NOT_FOUND, E_DUPLICATE, E_NOT_ALLOWED = -1, -2, -3, -4, -7
ACTIVATED_SECTION_COLLAPSED, ACTIVATED_ROW_EXPANDED, ACTIVATED_REFUSED = 1, 3, 5


def check(condition, what):
    global PASSED, FAILED
    if condition:
        PASSED += 1
    else:
        FAILED += 1
        print("FAILED: %s" % what, file=sys.stderr)


def equal(got, expected, what):
    check(got == expected, "%s: got %r, expected %r" % (what, got, expected))


def error_domain_quark():
    # FoldListModelError's quark: the enum's (once it is a GEnum error
    # domain) or the model's own function.
    enum = getattr(Fold, "ListModelError", None)
    if enum is not None and hasattr(enum, "quark"):
        return enum.quark()
    return Fold.ListModel.error_quark()


def expect_error(code, what, fn, *args):
    try:
        fn(*args)
    except GLib.Error as e:
        check(e.matches(error_domain_quark(), code),
              "%s: GLib.Error %s %d (%s), expected code %d in the model's domain"
              % (what, e.domain, e.code, e.message, code))
        equal(e.domain, "fold-list-model-error-quark", what + ": domain")
        check(e.message.startswith(("FOLD_E_INVALID", "FOLD_E_RANGE", "FOLD_E_NOT_FOUND",
                                    "FOLD_E_DUPLICATE", "FOLD_E_NOT_ALLOWED")),
              "%s: message %r names the status" % (what, e.message))
        return
    check(False, "%s: no GLib.Error raised" % what)


def describe(model, position):
    item = model.get_item(position)
    p = item.props
    return (p.kind, p.depth, p.section_id, p.key, p.title, p.detail)


def check_follow_end():
    """FoldStore:follow-end: the property, and its effect seen through the
    saved scroll anchor (the first visible item). Rows 20, header 30, ten
    rows: content 230, a viewport of 100 at 130 shows the end; three more
    rows (290) move it to 190 (row 8 on top) when following, else row 5
    stays on top."""
    for follow, first_row in ((True, 8), (False, 5)):
        store = Fold.Store(row_height=20, header_height=30, follow_end=follow)
        equal(store.props.follow_end, follow, "follow-end construct property")
        log = store.insert_section(0, -1, "log", "Log", 10, Fold.SectionFlags.NONE)
        store.set_viewport(130.0, 100.0)
        store.insert_rows(log, -1, 3)
        anchor = json.loads(store.export_state())["anchor"]
        equal((anchor["row"], anchor["offset"]), (first_row, 0),
              "follow-end %s: first visible row after appending" % follow)
    notified = []
    store.connect("notify::follow-end", lambda s, _p: notified.append(s.props.follow_end))
    store.props.follow_end = True
    store.props.follow_end = True  # the same again: no notification
    equal(notified, [True], "notify::follow-end once")
    equal(store.props.follow_end, True, "follow-end set later")


def check_lazy_loading():
    """Lazily loaded children through GI: load-start with a ticket, the
    placeholder item, finish_load with a GLib.Variant of children, a failed
    load retried by activating its placeholder, load-cancel on collapse and
    a late answer refused with FOLD_E_CANCELLED (-8)."""
    store = Fold.Store(row_height=20, header_height=30)
    docs = store.insert_section(0, -1, "docs", "Docs", 0, Fold.SectionFlags.UNLOADED)
    model = Fold.ListModel.new_for_store(store)
    events = []
    store.connect("load-start", lambda s, sec, key, ticket: events.append(("start", key, ticket)))
    store.connect("load-cancel", lambda s, sec, key, ticket: events.append(("cancel", key, ticket)))
    equal(store.expand(docs), True, "expand an unloaded section")
    equal([e[:2] for e in events], [("start", "docs")], "load-start")
    ticket = events[0][2]
    state, current = store.get_load_state(docs)
    equal((state, current), (Fold.LoadState.LOADING, ticket), "get_load_state while loading")
    item = model.get_item(1)
    equal((item.props.kind, item.props.loading, item.props.failed, item.props.row,
           item.props.height), (Fold.ItemKind.PLACEHOLDER, True, False, -1, 20.0),
          "the placeholder item")
    store.fail_load(docs, ticket, "Permission denied")
    equal((item.props.failed, item.props.title), (True, "Permission denied"), "failed placeholder")
    equal(store.get_load_error(docs), "Permission denied", "get_load_error")
    equal(model.activate(1), Fold.Activation.LOAD_RETRIED, "activating it retries")
    retry = events[-1][2]
    check(retry != ticket, "a new ticket for the retry")
    children = GLib.Variant("a(iissxuuddd)", [(1, 0, "", "", 2, 0, 0, 0.0, 0.0, 0.0)])
    store.finish_load(docs, retry, children)
    equal(model.get_n_items(), 3, "the header and two rows")
    equal(model.get_item(2).props.kind, Fold.ItemKind.ROW, "a row where the placeholder was")
    later = store.insert_section(0, -1, "later", "Later", 0, Fold.SectionFlags.UNLOADED)
    store.expand(later)
    late = events[-1][2]
    store.collapse(later)
    equal(events[-1], ("cancel", "later", late), "load-cancel on collapse")
    try:
        store.finish_load(later, late, children)
        check(False, "a late answer raises")
    except GLib.Error as e:
        check(e.matches(error_domain_quark(), -8), "a late answer: FOLD_E_CANCELLED")


def check_selection(model):
    """FoldListModel is a Gtk.SelectionModel over the engine's selection
    (items 2 and 3 are fruit's rows 1 and 2 in main's store)."""
    gi.require_version("Gtk", "4.0")
    from gi.repository import Gtk  # noqa: E402

    check(isinstance(model, Gtk.SelectionModel), "FoldListModel is a Gtk.SelectionModel")
    changed = []
    handler = model.connect("selection-changed", lambda _m, p, n: changed.append((p, n)))
    check(model.select_range(2, 2, True), "select_range")
    equal([model.is_selected(p) for p in range(5)], [False, False, True, True, False], "selected")
    equal(changed, [(2, 2)], "selection-changed")
    check(model.unselect_all(), "unselect_all")
    equal(model.get_selection().get_size(), 0, "nothing selected")
    model.disconnect(handler)


def check_filter():
    """Filtering from Python: a Python callable as the store's match
    function (Fold.MatchFunc) with Fold.FilterFlags, the model's items and
    items-changed, match counts ("2 of 5"), one answer changed, a function
    that stops (-1) refused with the old filter kept, the callable released
    when replaced or cleared."""
    store = Fold.Store(row_height=20, header_height=30)
    none = Fold.SectionFlags.NONE
    texts = {"fruit": ["apple", "blueberry", "cherry", "blackberry", "date"],
             "veg": ["leek", "strawberry spinach"], "nuts": ["almond", "cashew"]}
    fruit = store.insert_section(0, -1, "fruit", "Fruit", 5, none)
    veg = store.insert_section(0, -1, "veg", "Vegetables", 2, Fold.SectionFlags.COLLAPSED)
    nuts = store.insert_section(0, -1, "nuts", "Nuts", 2, none)
    model = Fold.ListModel.new_for_store(store)
    model.set_text_func(lambda section, key, row: texts[key][row])
    signals = []
    model.connect("items-changed", lambda _m, p, r, a: signals.append((p, r, a)))

    def shown():
        items = [model.get_item(p) for p in range(model.get_n_items())]
        return [("[%s]" % i.props.title if i.props.kind == Fold.ItemKind.HEADER
                 else i.props.title) + ("*" if i.props.match else "") for i in items]

    equal(model.get_n_items(), 10, "filter: 10 items before")
    equal(store.get_filter_active(), False, "no filter yet")
    equal(tuple(store.get_match_count(fruit)), (5, 5), "without a filter every row matches")
    asked = []
    released = []

    class Contains:
        def __init__(self, needle):
            self.needle = needle

        def __call__(self, store_, section, key, row):
            asked.append((key, row))
            if row < 0:  # a header: reading the store is allowed here
                return 1 if self.needle in store_.get_section_title(section) else 0
            return 1 if self.needle in texts[key][row] else 0

        def __del__(self):
            released.append(self.needle)

    equal(store.set_filter_func(Fold.FilterFlags.EXPAND_MATCHES, Contains("berry")), True,
          "set_filter_func")
    equal(len(asked), 9 + 3, "asked once per row and section")
    equal(shown(), ["[Fruit]", "blueberry*", "blackberry*", "[Vegetables]",
                    "strawberry spinach*"], "filtered items")
    # A step per run hidden, emitted as the one splice that covers them;
    # Fruit's header stays.
    equal(signals, [(1, 9, 4)], "filter: items-changed (one splice)")
    equal(store.get_filter_active(), True, "filter active")
    equal(store.get_filter_flags(), Fold.FilterFlags.EXPAND_MATCHES, "filter flags")
    matches, rows = store.get_match_count(fruit)
    equal("%d of %d" % (matches, rows), "2 of 5", "Fruit: 2 of 5")
    equal(tuple(store.get_match_count(0)), (3, 9), "the whole store: 3 of 9")
    check(store.get_section_flags(veg) & Fold.SectionFlags.FILTER_OPENED, "Vegetables opened")
    check(store.get_section_flags(nuts) & Fold.SectionFlags.FILTERED, "Nuts hidden")
    equal(store.get_section_collapsed(veg), True, "Vegetables' stored state: collapsed")
    equal(store.get_row_matches(fruit, 0), False, "apple does not match")

    signals.clear()
    store.set_row_match(fruit, 2, True)
    equal(signals, [(2, 0, 1)], "cherry matches now: one item added")
    equal(tuple(store.get_match_count(fruit)), (3, 5), "Fruit: 3 of 5")
    equal(store.get_row_matches(fruit, 2), True, "cherry's answer")

    signals.clear()
    asked.clear()
    try:
        store.set_filter_func(Fold.FilterFlags.NONE, lambda s, section, key, row: -1)
        check(False, "a match function that returns -1 raises")
    except GLib.Error as e:
        check(e.matches(error_domain_quark(), -8), "stopped: FOLD_E_CANCELLED")
        check("the match function stopped the filter" in e.message, "stopped: " + e.message)
    equal((signals, model.get_n_items()), ([], 6), "a failed call changes nothing")
    equal(store.get_filter_flags(), Fold.FilterFlags.EXPAND_MATCHES, "the old filter stays")
    expect_error(E_NOT_FOUND, "set_row_match of a stale section", store.set_row_match,
                 12345, 0, True)
    import gc
    gc.collect()
    equal(released, [], "the active function is kept")

    store.set_filter_func(Fold.FilterFlags.SHOW_CHILDREN, Contains("Nuts"))
    gc.collect()
    equal(released, ["berry"], "the replaced function was released")
    equal(shown(), ["[Nuts]*", "almond", "cashew"], "SHOW_CHILDREN: Nuts' rows shown")
    equal(tuple(store.get_match_count(nuts)), (0, 2), "Nuts: its rows do not match themselves")
    signals.clear()
    store.clear_filter()
    gc.collect()
    equal(released, ["berry", "Nuts"], "the cleared function was released")
    equal(store.get_filter_active(), False, "no filter after clear_filter")
    equal(model.get_n_items(), 10, "all items back")
    equal(len(signals), 1, "clear: one items-changed")
    expect_error(E_NOT_ALLOWED, "set_row_match without a filter", store.set_row_match,
                 fruit, 0, True)


def check_conveniences():
    """The short calls: append_section, append_subsection and append_rows
    return what a caller needs (the id, or True) and raise as the full calls
    do; FoldStore:n-items is the flat list's length, notified once per
    change after the model's items-changed."""
    store = Fold.Store(row_height=20, header_height=30)
    equal((store.props.n_items, store.get_n_items()), (0, 0), "n-items of an empty store")
    fruit = store.append_section("fruit", "Fruit|2 kinds", 3)
    check(isinstance(fruit, int) and fruit > 0, "append_section returns an id: %r" % fruit)
    citrus = store.append_subsection(fruit, "citrus", "Citrus", 2)
    veg = store.append_section("veg", None, 0)
    equal((store.get_section_parent(citrus), store.get_section_depth(citrus)), (fruit, 1),
          "append_subsection: under fruit")
    equal(store.get_child_count(fruit), 4, "fruit: three rows and citrus")
    equal(store.get_child_count(0), 2, "two top-level sections")
    equal(store.get_section_title(veg), "", "a None header is empty")
    equal(store.find_section("veg"), veg, "veg appended last")
    model = Fold.ListModel.new_for_store(store)
    model.set_text_func(lambda section, key, row: "%s-%d" % (key, row))
    equal(store.props.n_items, 8, "n-items: 3 headers, 5 rows")
    equal(store.props.n_items, model.get_n_items(), "n-items as the model has it")

    log = []
    model.connect("items-changed", lambda _m, p, r, a: log.append(("items-changed", p, r, a)))
    store.connect("notify::n-items", lambda s, _p: log.append(
        ("n-items", s.props.n_items, model.get_n_items())))
    equal(store.append_rows(citrus, 3), True, "append_rows")
    equal(store.get_row_count(citrus), 5, "citrus: five rows")
    equal(log, [("items-changed", 7, 0, 3), ("n-items", 11, 11)],
          "append_rows: items-changed, then n-items with the model current")
    equal([model.get_item(p).props.title for p in (5, 6, 9)], ["citrus-0", "citrus-1",
                                                               "citrus-4"], "the new rows")
    del log[:]
    store.collapse(fruit)
    equal(log, [("items-changed", 1, 9, 0), ("n-items", 2, 2)], "collapse: one notification")
    del log[:]
    store.set_row_height(fruit, 0, 25.0)  # collapsed fruit: n-items stays
    equal(log, [], "a height change does not notify n-items")

    expect_error(E_DUPLICATE, "append_section with a key in use", store.append_section,
                 "fruit", "Again", 1)
    expect_error(E_INVALID, "append_section with an empty key", store.append_section, "", "x", 1)
    expect_error(E_NOT_FOUND, "append_subsection under a stale id", store.append_subsection,
                 12345, "k", "K", 1)
    expect_error(E_NOT_FOUND, "append_rows to a stale id", store.append_rows, 12345, 1)
    expect_error(E_RANGE, "append_rows of a negative count", store.append_rows, veg, -1)
    equal((log, store.props.n_items), ([], 2), "failures change and notify nothing")

    # The full call is still there; with start-collapsed the short call
    # makes collapsed sections as the full one without flags does.
    lazy = Fold.Store(start_collapsed=True)
    a = lazy.append_section("a", "A", 2)
    b = lazy.insert_section(0, -1, "b", "B", 2, Fold.SectionFlags.NONE)
    equal((lazy.get_section_collapsed(a), lazy.get_section_collapsed(b)), (True, True),
          "start-collapsed applies to append_section as to insert_section")
    equal(lazy.props.n_items, 2, "two collapsed headers")


def check_moves_and_batches():
    """A moved section keeps its Fold.ListItem (so a list view keeps its
    widget); a batch is one items-changed, with the moved item kept."""
    store = Fold.Store(row_height=20, header_height=30)
    a = store.append_section("a", "A", 2)
    b = store.append_section("b", "B", 1)
    model = Fold.ListModel.new_for_store(store)
    signals = []
    model.connect("items-changed", lambda _m, p, r, n: signals.append((p, r, n)))
    header_a = model.get_item(0)
    equal((store.get_section_index(a), store.get_section_index(b)), (0, 1), "section indices")
    store.move_section(a, 0, -1)
    equal(store.get_section_index(a), 1, "a's index after the move")
    equal(signals, [(0, 5, 5)], "move: one items-changed over both steps")
    check(model.get_item(2) is header_a, "the moved header is the same object")
    equal(header_a.props.position, 2, "and knows its new position")

    del signals[:]
    header_b = model.get_item(0)
    equal(store.get_batch_depth(), 0, "no batch open")
    store.begin_batch()
    store.append_rows(a, 2)
    store.move_section(b, 0, -1)
    store.collapse(a)
    equal((signals, store.get_batch_depth()), ([], 1), "nothing told inside a batch")
    equal(store.get_row_count(a), 4, "queries see the batch's edits")
    store.end_batch()
    equal(signals, [(0, 5, 3)], "the batch: one items-changed")
    check(model.get_item(1) is header_b, "b moved in the batch: the same object")
    expect_error(E_INVALID, "end_batch without a batch", store.end_batch)


def check_focus_keys_drop():
    """Focus, the keyboard model, type-ahead and drops through the store:
    positions, selections and targets exact (issue 36)."""
    store = Fold.Store(row_height=20, header_height=30)
    a = store.append_section("a", "Apples", 2)   # 0 header, 1-2 rows
    b = store.append_section("b", "Berries", 2)  # 3 header, 4-5 rows
    model = Fold.ListModel.new_for_store(store)
    equal(store.get_focus(), -1, "no focus at first")
    store.set_focus(1)
    equal(store.get_focus(), 1, "set_focus")
    check(model.get_item(1).props.focused, "the focused item says so")
    check(not model.get_item(0).props.focused, "the others do not")
    equal(store.navigate(1, Fold.Navigation.NEXT), 2, "navigate NEXT")
    equal(store.navigate(1, Fold.Navigation.PARENT), 0, "navigate PARENT")
    equal(store.navigate(-1, Fold.Navigation.LAST), 5, "navigate LAST from no focus")
    result = store.press_key(Fold.KeyboardKey.DOWN, Fold.Modifiers.NONE)
    check(result.handled, "Down handled")
    equal((result.focus, store.get_focus()), (2, 2), "Down: focus 2")
    check(model.is_selected(2) and not model.is_selected(1), "Down selects only the new item")
    result = store.press_key(Fold.KeyboardKey.DOWN, Fold.Modifiers.SHIFT)
    equal(result.focus, 3, "Shift+Down: focus 3")
    check(model.is_selected(2) and model.is_selected(3), "Shift+Down extends the selection")
    store.press_key(Fold.KeyboardKey.DOWN, Fold.Modifiers.CTRL)
    equal(store.get_focus(), 4, "Ctrl+Down: focus 4")
    check(not model.is_selected(4), "Ctrl+Down selects nothing")
    store.set_focus(3)
    result = store.press_key(Fold.KeyboardKey.LEFT, Fold.Modifiers.NONE)
    equal((result.action, store.get_section_collapsed(b)),
          (Fold.Activation.SECTION_COLLAPSED, True), "Left on Berries collapses it")
    expect_error(E_INVALID, "an unknown modifier bit", store.press_key, Fold.KeyboardKey.DOWN,
                 Fold.Modifiers(4))
    # Type-ahead: headers by title, rows by the function's text.
    equal(store.find_text("ber", -1, Fold.FindFlags.NONE, None), 3, "find 'ber': Berries")
    equal(store.find_text("zz", -1, Fold.FindFlags.NONE, None), -1, "no match: -1")
    texts = []

    def text(_store, kind, section, row, position):
        texts.append(position)
        return "apple %d" % row if kind == Fold.ItemKind.ROW else None
    equal(store.find_text("apple 1", 0, Fold.FindFlags.NONE, text), 2, "rows' text by function")
    check(len(texts) > 0, "the text function was asked")
    expect_error(E_INVALID, "an empty prefix", store.find_text, "", -1, Fold.FindFlags.NONE, None)
    # NO_FOCUS: Apples' items are passed over.
    store.set_section_flags(a, Fold.SectionFlags.NO_FOCUS, Fold.SectionFlags.NO_FOCUS)
    check(store.get_section_flags(a) & Fold.SectionFlags.NO_FOCUS, "NO_FOCUS reported")
    equal(store.navigate(-1, Fold.Navigation.FIRST), 3, "FIRST passes over NO_FOCUS Apples")
    expect_error(E_NOT_ALLOWED, "set_focus on a NO_FOCUS row", store.set_focus, 1)
    store.set_section_flags(a, Fold.SectionFlags.NONE, Fold.SectionFlags.NO_FOCUS)
    store.set_focus_kinds(Fold.FocusKinds.HEADERS)
    equal(store.navigate(0, Fold.Navigation.NEXT), 3, "headers only: NEXT from Apples is Berries")
    store.set_focus_kinds(Fold.FocusKinds.ALL)
    # Drops: row a1 (0) over the middle of Apples' header goes into Apples;
    # over its bottom half, after it.
    store.expand(b)
    target = store.drop_target(30, 15, 20, [a], [1])
    equal((target.kind, target.parent, target.index), (Fold.DropKind.INTO, a, 2),
          "over Apples' middle: into Apples, at the end")
    equal((target.highlight_top, target.highlight_height), (0.0, 70.0), "the highlight")
    target = store.drop_target(30, 95, 20, [a], [0])
    equal((target.kind, target.parent, target.index, target.line_y, target.line_x),
          (Fold.DropKind.BEFORE, b, 0, 100.0, 20.0),
          "over Berries' bottom quarter: before its first row")
    target = store.drop_target(30, 35, 20, [a], [-1])
    equal(target.kind, Fold.DropKind.NONE, "a section over its own row: none")
    expect_error(E_INVALID, "lengths that differ", store.drop_target, 0, 0, 20, [a], [0, 1])
    header_b = model.get_item(3)
    store.drop(0, 0, [b], [-1])
    equal(store.get_section_index(b), 0, "Berries dropped first")
    check(model.get_item(0) is header_b, "the dropped header keeps its item")
    store.drop(b, 0, [a], [0])
    equal((store.get_row_count(a), store.get_row_count(b)), (1, 3), "a row dropped into Berries")
    expect_error(E_INVALID, "a section into itself", store.drop, b, 0, [b], [-1])
    equal((store.get_row_count(a), store.get_row_count(b)), (1, 3), "the failed drop changed nothing")


def check_transitions():
    """Transitions on and off through the store; FoldTransitionClock's
    duration property (the clock itself needs a widget: gtk-transition)."""
    store = Fold.Store()
    equal(store.get_transitions(), False, "transitions off by default")
    store.set_transitions(True)
    equal(store.get_transitions(), True, "transitions on")
    store.set_transitions(False)
    equal(store.get_transitions(), False, "transitions off again")
    spec = Fold.TransitionClock.find_property("duration")
    equal(spec.default_value, 250, "FoldTransitionClock:duration's default")


def main():
    print("python %s, prefix %s (base %s)" % (sys.version.split()[0], sys.prefix,
                                               sys.base_prefix))
    if os.environ.get("FOLD_EXPECT_VENV") == "1":
        check(sys.prefix != sys.base_prefix, "runs inside a venv")
    store = Fold.Store(row_height=40, header_height=28)
    equal((store.props.row_height, store.props.header_height, store.props.footer_height),
          (40.0, 28.0, 0.0), "construct properties")
    equal(store.props.accordion, Fold.AccordionPolicy.MULTIPLE, "accordion default")

    none = Fold.SectionFlags.NONE
    fruit = store.insert_section(0, -1, "fruit", "Fruit|3 + 2 groups", 3, none)
    citrus = store.insert_section(fruit, -1, "citrus", "Citrus", 2, none)
    berries = store.insert_section(fruit, -1, "berries", "Berries|sweet", 2, none)
    veg = store.insert_section(0, -1, "veg", "Vegetables", 2, none)
    grains = store.insert_section(0, -1, "grains", "Grains|fixed", 2, Fold.SectionFlags.FIXED)
    ids = [fruit, citrus, berries, veg, grains]
    check(all(isinstance(i, int) and i > 0 for i in ids) and len(set(ids)) == 5,
          "five distinct ids %r" % ids)
    equal(store.find_section("citrus"), citrus, "find_section")
    equal(store.get_section_key(berries), "berries", "key")
    equal(store.get_section_title(fruit), "Fruit", "title")
    equal(store.get_section_detail(fruit), "3 + 2 groups", "detail")
    equal(store.get_section_detail(citrus), None, "no detail without '|'")
    equal(store.get_section_header(berries), "Berries|sweet", "header")
    equal(store.get_section_indicator(fruit), "\u2013", "indicator expanded")
    equal(store.get_section_indicator(grains), "", "fixed: no indicator")
    equal(store.get_section_depth(citrus), 1, "depth")
    equal(store.get_section_parent(citrus), fruit, "parent")
    equal(store.get_row_count(fruit), 3, "row count")
    equal(store.get_child_count(fruit), 5, "child count")
    equal(store.get_child_count(0), 3, "top-level count")
    flags = store.get_section_flags(grains)
    check(flags & Fold.SectionFlags.FIXED and not flags & Fold.SectionFlags.COLLAPSIBLE,
          "grains FIXED, not COLLAPSIBLE: %r" % flags)
    check(store.get_section_flags(fruit) & Fold.SectionFlags.COLLAPSIBLE, "fruit COLLAPSIBLE")

    model = Fold.ListModel.new_for_store(store)
    check(isinstance(model, Gio.ListModel), "FoldListModel is a Gio.ListModel")
    check_selection(model)
    equal(model.get_item_type(), Fold.ListItem.__gtype__, "item type")
    model.set_text_func(lambda section, key, row: "%s-%d" % (key, row))
    signals = []
    model.connect("items-changed", lambda _m, p, r, a: signals.append((p, r, a)))

    equal(model.get_n_items(), 16, "n_items")
    equal(store.get_item_count(), 16, "store item count")
    equal(store.get_content_height(), 5 * 28 + 11 * 40.0, "content height")
    equal(describe(model, 0), (HEADER, 0, fruit, "fruit", "Fruit", "3 + 2 groups"), "item 0")
    equal(describe(model, 2), (ROW, 0, fruit, "fruit", "fruit-1", None), "item 2")
    equal(describe(model, 4), (HEADER, 1, citrus, "citrus", "Citrus", None), "item 4")
    equal(describe(model, 6), (ROW, 1, citrus, "citrus", "citrus-1", None), "item 6")
    equal(describe(model, 7), (HEADER, 1, berries, "berries", "Berries", "sweet"), "item 7")
    equal(describe(model, 13), (HEADER, 0, grains, "grains", "Grains", "fixed"), "item 13")
    equal(model.get_item(13).props.indicator, "", "fixed header's indicator")
    equal(model.get_item(13).props.collapsible, False, "fixed header not collapsible")
    equal(model.get_item(4).props.indicator, "\u2013", "citrus indicator")
    equal(model.get_item(6).props.row, 1, "row property")
    equal(model.get_item(6).props.height, 40.0, "row height")
    equal(model.get_item(16), None, "get_item past the end")

    # Will/did events.
    events = []
    for name in ("section-will-collapse", "section-did-collapse",
                 "section-will-expand", "section-did-expand"):
        store.connect(name, lambda _s, section, key, name=name: events.append(
            (name, section, key)) or True if "will" in name else events.append(
            (name, section, key)))

    # Collapse citrus (header at 4, two rows). Its header item is live: the
    # same object, told of its new state by notifications.
    signals.clear()
    header = model.get_item(4)
    notified = []
    handler = header.connect("notify", lambda _o, pspec: notified.append(pspec.name))
    equal(store.collapse(citrus), True, "collapse citrus changed")
    header.disconnect(handler)
    equal(sorted(notified), ["collapsed", "indicator"], "citrus header: notifications")
    equal(model.get_item(4) == header, True, "citrus header: the same object")
    equal(signals, [(5, 2, 0)], "collapse citrus: items-changed (the header's redraw is a notification)")
    equal(model.get_n_items(), 14, "n_items after collapse")
    equal(model.get_item(4).props.collapsed, True, "citrus collapsed")
    equal(model.get_item(4).props.indicator, "+", "citrus indicator +")
    equal(describe(model, 5), (HEADER, 1, berries, "berries", "Berries", "sweet"), "item 5")
    equal(events, [("section-will-collapse", citrus, "citrus"),
                   ("section-did-collapse", citrus, "citrus")], "collapse events")
    equal(store.collapse(citrus), False, "collapse again: unchanged")
    equal(store.get_section_collapsed(citrus), True, "stored state collapsed")

    # Expand it back.
    signals.clear()
    events.clear()
    equal(store.expand(citrus), True, "expand citrus")
    equal(signals, [(5, 0, 2)], "expand citrus: items-changed")
    equal(model.get_n_items(), 16, "n_items after expand")
    equal(describe(model, 5), (ROW, 1, citrus, "citrus", "citrus-0", None), "item 5 again")
    equal([e[0] for e in events], ["section-will-expand", "section-did-expand"], "expand events")

    # Move berries to the top level, first.
    signals.clear()
    store.move_section(berries, 0, 0)
    equal(model.get_n_items(), 16, "n_items after move")
    equal(describe(model, 0), (HEADER, 0, berries, "berries", "Berries", "sweet"),
          "moved: item 0")
    equal(describe(model, 2), (ROW, 0, berries, "berries", "berries-1", None), "moved: item 2")
    equal(describe(model, 3), (HEADER, 0, fruit, "fruit", "Fruit", "3 + 2 groups"),
          "moved: item 3")
    equal(describe(model, 7), (HEADER, 1, citrus, "citrus", "Citrus", None), "moved: item 7")
    equal(describe(model, 10), (HEADER, 0, veg, "veg", "Vegetables", None), "moved: item 10")
    check(len(signals) > 0, "move emitted items-changed")
    equal(store.get_section_depth(berries), 0, "berries at depth 0")

    # Collapse fruit by a click (activate) through the model.
    signals.clear()
    action = model.activate(3)
    equal(action, ACTIVATED_SECTION_COLLAPSED, "activate fruit header")
    equal(type(action), Fold.Activation, "activate's action is a Fold.Activation")
    equal(action, Fold.Activation.SECTION_COLLAPSED, "Fold.Activation.SECTION_COLLAPSED")
    equal(signals, [(4, 6, 0)], "collapse fruit: items-changed")
    equal(model.get_n_items(), 10, "n_items after collapsing fruit")
    equal(describe(model, 4), (HEADER, 0, veg, "veg", "Vegetables", None), "item 4 veg")

    # A handler vetoes collapsing veg.
    refused = []

    def veto(_store, section, key):
        refused.append((section, key))
        return False

    handler = store.connect("section-will-collapse", veto)
    signals.clear()
    events.clear()
    equal(store.collapse(veg), False, "vetoed collapse: unchanged")
    equal(refused, [(veg, "veg")], "veto handler called once")
    equal(signals, [], "vetoed collapse: no items-changed")
    equal(model.get_n_items(), 10, "vetoed collapse: n_items")
    equal(events, [("section-will-collapse", veg, "veg")], "vetoed: no did event")
    equal(model.activate(4), ACTIVATED_REFUSED, "activate veg header: refused")
    equal(store.get_section_collapsed(veg), False, "veg still expanded")
    store.disconnect(handler)
    equal(store.toggle(veg), True, "collapse veg without the veto")
    equal(model.get_n_items(), 8, "n_items after collapsing veg")
    equal(model.get_item(4).props.collapsed, True, "veg collapsed")

    # Errors: stale, root, fixed, duplicate, bad range.
    store.remove_section(citrus)
    expect_error(E_NOT_FOUND, "collapse a removed section", store.collapse, citrus)
    expect_error(E_NOT_FOUND, "model.toggle_section a removed section",
                 model.toggle_section, citrus)
    expect_error(E_NOT_FOUND, "key of a removed section", store.get_section_key, citrus)
    expect_error(E_NOT_FOUND, "find a removed key", store.find_section, "citrus")
    expect_error(E_INVALID, "collapse the root", store.collapse, 0)
    expect_error(E_NOT_ALLOWED, "collapse a fixed section", store.collapse, grains)
    expect_error(E_DUPLICATE, "duplicate key", store.insert_section, 0, -1, "veg", "x", 0,
                 none)
    expect_error(E_RANGE, "remove rows out of range", store.remove_rows, grains, 1, 5)
    expect_error(E_RANGE, "activate past the end", model.activate, 99)
    expect_error(E_INVALID, "a negative height", store.set_row_height, grains, 0, -5.0)
    expect_error(E_INVALID, "malformed saved state", store.import_state, "{nope")
    equal(model.get_n_items(), 8, "failures changed nothing")

    # Rows: expanded heights, signals, heights from a function.
    row_events = []
    store.connect("row-will-expand", lambda _s, sec, key, row: row_events.append(
        ("will-expand", key, row)) or True)
    store.connect("row-did-expand", lambda _s, sec, key, row: row_events.append(
        ("did-expand", key, row)))
    store.set_row_expanded_height(berries, 1, 96.0)
    signals.clear()
    equal(store.expand_row(berries, 1), True, "expand berries/1")
    equal(signals, [], "expand row: no items-changed (a notification)")
    equal((model.get_item(2).props.expanded, model.get_item(2).props.height), (True, 96.0),
          "berries/1 expanded to 96")
    equal(row_events, [("will-expand", "berries", 1), ("did-expand", "berries", 1)],
          "row events")
    equal(store.get_row_expanded(berries, 1), True, "row expanded")

    calls = []

    def expanded_height(_store, section, key, row):
        calls.append((key, row))
        return 120.0 if row == 0 else -1.0

    store.set_expanded_height_func(expanded_height)
    equal(model.activate(6), ACTIVATED_ROW_EXPANDED, "activate grains/0")
    equal(calls, [("grains", 0)], "expanded height asked once")
    equal(model.get_item(6).props.height, 120.0, "grains/0 expanded to 120")
    equal(store.toggle_row(grains, 1), False, "grains/1 cannot expand (no height)")
    store.set_expanded_height_func(None)

    store.insert_rows_with_heights(grains, -1, [30.0, 50.0])
    equal(model.get_n_items(), 10, "two rows inserted")
    equal((model.get_item(8).props.height, model.get_item(9).props.height), (30.0, 50.0),
          "inserted heights")
    store.set_row_heights(grains, 2, [31.0, 51.0])
    equal(model.get_item(9).props.height, 51.0, "set_row_heights")
    store.move_row(grains, 3, grains, 0)
    equal((model.get_item(6).props.height, model.get_item(6).props.row), (51.0, 0),
          "moved row first")
    store.remove_rows(grains, 0, 1)
    equal(model.get_n_items(), 9, "row removed")

    # Handlers and callbacks that misbehave: changing the store inside a
    # "will" handler fails with FOLD_E_BUSY (and the change goes on); a height
    # function that removes itself while it runs is released safely.
    busy = []

    def meddle(_store, section, key):
        try:
            _store.remove_section(section)
        except GLib.Error as e:
            busy.append(e.code)
        return True

    handler = store.connect("section-will-expand", meddle)
    equal(store.expand(veg), True, "expand veg with a meddling handler")
    equal(busy, [-6], "change inside a handler: FOLD_E_BUSY")
    store.disconnect(handler)
    equal(store.collapse(veg), True, "collapse veg again")

    released = []

    class Once:
        def __call__(self, _store, section, key, row):
            _store.set_expanded_height_func(None)
            return 100.0

        def __del__(self):
            released.append(True)

    store.set_expanded_height_func(Once())
    equal(store.toggle_row(berries, 0), True, "berries/0 expanded by a self-removing function")
    equal(model.get_item(1).props.height, 100.0, "berries/0 at 100")
    import gc
    gc.collect()
    equal(released, [True], "the self-removing function was released")
    equal(store.toggle_row(berries, 0), True, "collapse berries/0")
    equal(model.get_n_items(), 9, "unchanged item count")

    # Saved state round trip.
    state = store.export_state()
    check('"fruit": true' in state.replace('":true', '": true') and "veg" in state,
          "export_state names fruit collapsed: %s" % state)
    equal(store.expand_all(), 2, "expand_all flips fruit and veg")
    equal(model.get_n_items(), 14, "all expanded: berries 3, fruit 4, veg 3, grains 4")
    store.import_state(state)
    equal(model.get_n_items(), 9, "import_state restores the collapsed sections")
    equal(store.get_section_collapsed(fruit), True, "fruit collapsed again")

    # Properties that apply later.
    store.props.accordion = Fold.AccordionPolicy.SINGLE
    equal(store.props.accordion, Fold.AccordionPolicy.SINGLE, "accordion property")
    store.set_viewport(0.0, 200.0)
    store.clear_viewport()
    check_follow_end()
    check_lazy_loading()
    check_filter()
    check_conveniences()
    check_moves_and_batches()
    check_focus_keys_drop()
    check_transitions()

    # The model keeps the store alive.
    weak = []
    store.weak_ref(lambda: weak.append(True))
    del store
    equal(weak, [], "the model holds the store")
    equal(model.get_n_items(), 9, "model still works without the app's reference")
    del model
    import gc
    gc.collect()
    equal(weak, [True], "store finalized with its model")

    print("%d passed, %d failed" % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
