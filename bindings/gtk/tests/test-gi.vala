// FoldStore and FoldListModel from Vala, through foldtable-gtk.vapi (made by
// vapigen from Fold-0.2.gir; ctest gtk-gi-vala builds and runs this).
// Prints "N passed, M failed"; exits 1 on any failure.

int passed = 0;
int failed = 0;

void check (bool condition, string what) {
    if (condition) {
        passed++;
    } else {
        failed++;
        stderr.printf ("FAILED: %s\n", what);
    }
}

string describe (Fold.ListModel model, uint position) {
    var item = (Fold.ListItem) model.get_item (position);
    return "%d %d %s %s %s".printf (item.kind, item.depth, item.key ?? "-",
                                   item.title ?? "-", item.detail ?? "-");
}

// The short calls: append_section, append_subsection and append_rows
// return the id (or true) and throw as the full calls do; the n-items
// property follows the flat list, notified after the model's items-changed.
void check_conveniences () {
    var store = new Fold.Store ();
    try {
        uint64 fruit = store.append_section ("fruit", "Fruit", 3);
        uint64 citrus = store.append_subsection (fruit, "citrus", "Citrus", 2);
        check (fruit != 0 && citrus != 0 && fruit != citrus, "two ids");
        uint64 parent = 0;
        store.get_section_parent (citrus, out parent);
        check (parent == fruit, "append_subsection: under fruit");
        var model = new Fold.ListModel.for_store (store);
        check (store.n_items == 7 && store.get_n_items () == 7 && model.get_n_items () == 7,
               "n-items: %u".printf (store.n_items));
        string[] log = {};
        model.items_changed.connect ((p, r, a) => { log += "items-changed %u %u %u".printf (p, r, a); });
        store.notify["n-items"].connect (() => {
            log += "n-items %u %u".printf (store.n_items, model.get_n_items ());
        });
        check (store.append_rows (citrus, 2), "append_rows");
        check (string.joinv (",", log) == "items-changed 7 0 2,n-items 9 9",
               "append_rows: " + string.joinv (",", log));
    } catch (GLib.Error e) {
        check (false, "short calls: " + e.message);
    }
    try {
        store.append_section ("fruit", null, 0);
        check (false, "a key in use did not fail");
    } catch (GLib.Error e) {
        check (e.code == -4, "a key in use: %d %s".printf (e.code, e.message));
    }
    check (store.n_items == 9, "a failure changes nothing");
}

// Focus, the keyboard model and drops (issue 36).
void check_focus_keys_drop () {
    try {
        var store = (Fold.Store) GLib.Object.@new (typeof (Fold.Store), "row-height", 20.0,
                                                  "header-height", 30.0);
        uint64 a, b;
        store.insert_section (0, -1, "a", "Apples", 2, Fold.SectionFlags.NONE, out a);
        store.insert_section (0, -1, "b", "Berries", 2, Fold.SectionFlags.NONE, out b);
        var model = new Fold.ListModel.for_store (store);
        store.set_focus (1);
        Fold.KeyResult r;
        store.press_key (Fold.KeyboardKey.DOWN, Fold.Modifiers.SHIFT, out r);
        check (r.handled && r.focus == 2 && model.is_selected (2),
               "Shift+Down: focus %lld".printf (r.focus));
        Fold.DropTarget t;
        uint64[] sections = { b };
        int64[] rows = { 0 };
        store.drop_target (30, 15, 20, sections, rows, out t);
        check (t.kind == Fold.DropKind.INTO && t.parent == a && t.index == 2,
               "over Apples' middle: into Apples (kind %d)".printf (t.kind));
        store.drop (a, 0, sections, rows);
        int64 count;
        store.get_row_count (a, out count);
        check (count == 3, "a Berries row dropped into Apples: %lld rows".printf (count));
    } catch (GLib.Error e) {
        check (false, "focus, keys, drop: " + e.message);
    }
}

int main () {
    var store = (Fold.Store) GLib.Object.@new (typeof (Fold.Store),
                                                "row-height", 40.0, "header-height", 28.0);
    uint64 fruit = 0, citrus = 0, veg = 0, grains = 0;
    try {
        store.insert_section (0, -1, "fruit", "Fruit|3 rows", 3, Fold.SectionFlags.NONE, out fruit);
        store.insert_section (fruit, -1, "citrus", "Citrus", 2, Fold.SectionFlags.NONE, out citrus);
        store.insert_section (0, -1, "veg", "Vegetables", 2, Fold.SectionFlags.NONE, out veg);
        store.insert_section (0, -1, "grains", "Grains", 2, Fold.SectionFlags.FIXED, out grains);
    } catch (GLib.Error e) {
        check (false, "insert_section: " + e.message);
        return 1;
    }
    var model = new Fold.ListModel.for_store (store);
    model.set_text_func ((section, key, row) => "%s-%lld".printf (key, row));
    check (model.get_n_items () == 13, "13 items, got %u".printf (model.get_n_items ()));
    check (describe (model, 0) == "0 0 fruit Fruit 3 rows", "item 0: " + describe (model, 0));
    check (describe (model, 2) == "1 0 fruit fruit-1 -", "item 2: " + describe (model, 2));
    check (describe (model, 4) == "0 1 citrus Citrus -", "item 4: " + describe (model, 4));
    check (((Fold.ListItem) model.get_item (4)).section_id == citrus, "item 4's section id");

    // A veto, then the collapse.
    string[] log = {};
    ulong handler = store.section_will_collapse.connect ((section, key) => {
        log += "will " + key;
        return false;
    });
    store.section_did_collapse.connect ((section, key) => { log += "did " + key; });
    try {
        bool changed = true;
        store.collapse (citrus, out changed);
        check (!changed, "vetoed collapse did not change");
        check (model.get_n_items () == 13, "vetoed: 13 items");
        store.disconnect (handler);
        store.collapse (citrus, out changed);
        check (changed, "collapse changed");
        check (model.get_n_items () == 11, "collapsed: 11 items, got %u".printf (model.get_n_items ()));
        check (string.joinv (",", log) == "will citrus,did citrus", "events: " + string.joinv (",", log));
    } catch (GLib.Error e) {
        check (false, "collapse: " + e.message);
    }

    // A height function (double return) and an expansion.
    try {
        store.set_expanded_height_func ((s, section, key, row, out height) => {
            height = row == 0 ? 120.0 : -1.0;
        });
        int action = 0;
        model.activate (9, out action); // grains/0: fruit 1+3, citrus 1, veg 3, grains header 8
        check (action == 3, "activate grains/0: action %d".printf (action));
        var item = (Fold.ListItem) model.get_item (9);
        check (item.expanded && item.height == 120.0, "grains/0 expanded to 120: %g".printf (item.height));
    } catch (GLib.Error e) {
        check (false, "expand: " + e.message);
    }

    // A filter with a Vala match function: grains' row 1 and the veg header
    // match; counts, flags, a function that stops (-1) leaves it as it was.
    try {
        int asked = 0;
        store.set_filter_func (Fold.FilterFlags.NONE, (s, section, key, row) => {
            asked++;
            return (key == "grains" && row == 1) || (key == "veg" && row == -1) ? 1 : 0;
        });
        check (asked == 13, "filter: asked %d times".printf (asked));
        // veg's header, grains' header and its row 1.
        check (model.get_n_items () == 3, "filtered: 3 items, got %u".printf (model.get_n_items ()));
        int64 matches = -1, rows = -1;
        store.get_match_count (grains, out matches, out rows);
        check (matches == 1 && rows == 2, "grains: %lld of %lld".printf (matches, rows));
        Fold.FilterFlags flags;
        store.get_filter_flags (out flags);
        check (flags == Fold.FilterFlags.NONE, "filter flags");
        try {
            store.set_filter_func (Fold.FilterFlags.EXPAND_MATCHES, (s, section, key, row) => -1);
            check (false, "a function that stops did not fail");
        } catch (GLib.Error e) {
            check (e.code == -8, "stopped: %d %s".printf (e.code, e.message));
        }
        check (model.get_n_items () == 3, "a failed call changes nothing");
        store.clear_filter ();
        bool active = true;
        store.get_filter_active (out active);
        check (!active && model.get_n_items () == 11,
               "cleared: %u items".printf (model.get_n_items ()));
    } catch (GLib.Error e) {
        check (false, "filter: " + e.message);
    }

    // A stale id.
    try {
        store.remove_section (citrus);
        bool changed;
        store.toggle (citrus, out changed);
        check (false, "a stale id did not fail");
    } catch (GLib.Error e) {
        check (e.domain == Fold.ListModelError.quark () && e.code == -3,
               "stale id: %s %d %s".printf (e.domain.to_string (), e.code, e.message));
    }

    check_conveniences ();
    check_focus_keys_drop ();

    print ("%d passed, %d failed\n", passed, failed);
    return failed > 0 ? 1 : 0;
}
