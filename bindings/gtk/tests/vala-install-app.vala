// A Vala app built against an installed FoldTable the way the README says:
//   valac --pkg foldtable-gtk --vapidir $prefix/share/vala/vapi app.vala
// with PKG_CONFIG_PATH=$prefix/lib/pkgconfig (tests/vala-install.sh, ctest
// gtk-vala-install). A store filled with the short calls, shown in a
// Gtk.ListView of Fold.Expanders; once rows are bound, it collapses a
// section through the model, prints the items and quits. Needs a display.

int main (string[] args) {
    Gtk.init ();
    var store = new Fold.Store ();
    uint64 fruit = 0;
    try {
        fruit = store.append_section ("fruit", "Fruit|2 groups", 0);
        store.append_subsection (fruit, "citrus", "Citrus", 2);
        store.append_subsection (fruit, "berries", "Berries", 3);
        store.append_section ("veg", "Vegetables", 2);
    } catch (GLib.Error e) {
        stderr.printf ("FAIL: %s\n", e.message);
        return 1;
    }
    var model = new Fold.ListModel.for_store (store);
    model.set_text_func ((section, key, row) => "%s %lld".printf (key, row));

    int bound = 0;
    var factory = new Gtk.SignalListItemFactory ();
    factory.setup.connect ((f, obj) => {
        ((Gtk.ListItem) obj).child = new Fold.Expander () { model = model, child = new Gtk.Label (null) };
    });
    factory.bind.connect ((f, obj) => {
        var list_item = (Gtk.ListItem) obj;
        var expander = (Fold.Expander) list_item.child;
        expander.item = (Fold.ListItem) list_item.item;
        ((Gtk.Label) expander.child).label = expander.item.title;
        bound++;
    });
    factory.unbind.connect ((f, obj) => {
        ((Fold.Expander) ((Gtk.ListItem) obj).child).set_item (null);
    });
    var window = new Gtk.Window () { default_width = 300, default_height = 400 };
    window.child = new Gtk.ScrolledWindow () {
        child = new Gtk.ListView (new Gtk.NoSelection (model), factory)
    };
    window.present ();

    var loop = new MainLoop ();
    int status = 1;
    Timeout.add (50, () => {
        if (bound == 0)
            return Source.CONTINUE;
        uint before = store.n_items;
        try {
            bool changed;
            model.toggle_section (fruit, out changed);
            status = changed ? 0 : 1;
        } catch (GLib.Error e) {
            stderr.printf ("FAIL: toggle_section: %s\n", e.message);
        }
        print ("items %u -> %u\n", before, store.n_items);
        for (uint i = 0; i < model.get_n_items (); i++)
            print ("%s\n", ((Fold.ListItem) model.get_item (i)).title);
        loop.quit ();
        return Source.REMOVE;
    });
    Timeout.add_seconds (30, () => {
        stderr.printf ("FAIL: no row was bound in 30 s\n");
        loop.quit ();
        return Source.REMOVE;
    });
    loop.run ();
    return status;
}
