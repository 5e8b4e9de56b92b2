// A collapsible, nested, sticky-header list with GJS: Fold.Store +
// Fold.ListModel + a Gtk.ListView of Fold.Expander rows + Fold.StickyHeaders.
// `gjs quickstart.js --self-test OUT.png` checks itself (README, bindings/gtk).
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Fold = '0.2';
const {Fold, GLib, Gtk} = imports.gi;

Gtk.init();
const store = new Fold.Store({row_height: 32, header_height: 32});
const add = (parent, key, title, rows, flags = Fold.SectionFlags.NONE) =>
    store.insert_section(parent, -1, key, title, rows, flags)[1];   // [true, id] in GJS
const veg = add(0, 'veg', 'Vegetables', 0);
add(veg, 'leaf', 'Leaves', 5);
add(veg, 'root', 'Roots', 4);
const fruit = add(0, 'fruit', 'Fruit', 0);
add(fruit, 'citrus', 'Citrus', 4);
add(fruit, 'berry', 'Berries', 3, Fold.SectionFlags.COLLAPSED);
add(0, 'nut', 'Nuts', 6);
const model = Fold.ListModel.new_for_store(store);
model.set_text_func((section, key, row) => `${key} ${row + 1}`);

const factory = new Gtk.SignalListItemFactory();
factory.connect('setup', (f, listItem) =>   // an expander: indentation, chevron, keys
    listItem.set_child(new Fold.Expander({model, child: new Gtk.Label({xalign: 0})})));
factory.connect('bind', (f, listItem) => {
    const item = listItem.get_item(), expander = listItem.get_child();
    expander.set_item(item);
    expander.get_child().set_text(item.title);
    expander.set_size_request(-1, Math.trunc(item.height));   // the engine's height
});
const listView = new Gtk.ListView({model: new Gtk.NoSelection({model}), factory,
    single_click_activate: true});
listView.connect('activate', (view, position) => model.activate(position));
const scroller = new Gtk.ScrolledWindow({child: listView});
const sticky = Fold.StickyHeaders.new(model, scroller);   // where the scroller would go

const css = new Gtk.CssProvider();   // rows exactly the engine's heights
css.load_from_data('listview > row { padding: 0 8px; min-height: 0; }' +
    'foldexpander.header label { font-weight: bold; }');
Gtk.StyleContext.add_provider_for_display(listView.get_display(), css,
    Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION);
const window = new Gtk.Window({default_width: 360, default_height: 420, child: sticky});
window.present();
if (ARGV[0] === '--self-test') {
    imports.searchPath.unshift(GLib.path_get_dirname(imports.system.programPath));   // examples/
    imports.system.exit(imports.quickstart_check.selfTest(window, model, sticky, ARGV[1]));
}
while (Gtk.Window.get_toplevels().get_n_items() > 0)
    GLib.MainContext.default().iteration(true);
