// quickstart.js's --self-test (not part of the quick start): 26 items, the
// Citrus header collapsed through its Fold.Expander's "listitem.collapse"
// action (22 items), scrolled into Roots (two stacked sticky headers), and a
// screenshot of the window.
const {GLib, Gtk} = imports.gi;

// Runs the main loop for `ticks` x 10 ms, or until `until()` is true.
function wait(ticks, until = () => false) {
    const context = GLib.MainContext.default();
    for (let i = 0; i < ticks && !until(); i++) {
        while (context.pending())
            context.iteration(false);
        GLib.usleep(10000);
    }
}

function expanderAt(sticky, position) {
    for (let c = sticky.get_list_view().get_first_child(); c; c = c.get_next_sibling()) {
        const e = c.get_first_child();
        if (e && e.get_mapped() && e.get_item && e.get_item() && e.get_item().position === position)
            return e;
    }
    return null;
}

function selfTest(window, model, sticky, png) {
    let failures = 0;
    const expect = (ok, what) => {
        if (!ok) {
            failures++;
            printerr(`FAILED: ${what}`);
        }
    };
    wait(2000, () => expanderAt(sticky, 13) !== null);   // at most 20 s on a busy machine
    expect(model.get_n_items() === 26, `26 items, got ${model.get_n_items()}`);
    let citrus = expanderAt(sticky, 13);
    expect(citrus && citrus.get_item().key === 'citrus', 'Citrus at 13');
    if (citrus) {
        expect(citrus.get_expanded(), 'Citrus expanded');
        citrus.activate_action('listitem.collapse', null);
    }
    expect(model.get_n_items() === 22, `22 items after the collapse, got ${model.get_n_items()}`);
    wait(2000, () => expanderAt(sticky, 13) !== null && !expanderAt(sticky, 13).get_expanded());
    citrus = expanderAt(sticky, 13);
    expect(citrus && !citrus.get_expanded(), 'Citrus collapsed');
    const vadj = sticky.get_child().get_vadjustment();
    wait(2000, () => vadj.get_upper() === 22 * 32);   // laid out after the collapse
    vadj.set_value(268);
    // The stuck headers' positions: Vegetables at 0, Roots at 7.
    const stuck = () => [...Array(sticky.get_n_headers()).keys()]
        .map(i => sticky.get_header(i)[2]).join(',');
    wait(2000, () => stuck() === '0,7');
    wait(20);   // painted
    expect(stuck() === '0,7', `Vegetables and Roots stuck, got ${stuck()}`);
    const w = window.get_width(), h = window.get_height();
    const snapshot = Gtk.Snapshot.new();
    Gtk.WidgetPaintable.new(window).snapshot(snapshot, w, h);
    const node = snapshot.to_node();
    const texture = node && window.get_native().get_renderer().render_texture(node, null);
    expect(texture && texture.save_to_png(png), 'screenshot');
    printerr(`quickstart.js: 26 items, Citrus collapsed by its expander: 22, ` +
        `${sticky.get_n_headers()} sticky headers; ${png}`);
    return failures ? 1 : 0;
}
