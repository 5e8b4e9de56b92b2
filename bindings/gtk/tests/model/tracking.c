/*
 * tracking.c — test-model's view of the list: every item the model hands
 * out is held in list order (`held`, kept from items-changed), with the
 * property values last seen, updated only from notify; each item's
 * identity and state as text (snapshots); the handlers check, while they
 * run, that the table refuses changes (FOLD_E_BUSY).
 */
#include "model-test.h"

GArray *signals;     /* Signal */
GPtrArray *held;     /* FoldListItem * (a reference each): the list as signalled */
gboolean probe_busy = TRUE; /* handlers check that the table is busy */
FoldListModel *model;

/* The notifications of the current mutation. */
GArray *notes;         /* Note */
guint n_items_notes;   /* notify::n-items */
guint spurious_notes;  /* notify without a change (failures) */
gboolean signal_notified; /* the last items-changed got its notify::n-items */

/* An item's identity: kind and section, and for a row its data (its index
 * moves when rows are inserted before it, and FoldListItem's "row", like
 * "position", is where it was when the item was built). */
char *
identity(FoldListItem *item)
{
    const char *title = fold_list_item_get_title(item);
    return g_strdup_printf("%d|%s|%s", fold_list_item_get_kind(item),
                           fold_list_item_get_key(item),
                           fold_list_item_get_kind(item) == FOLD_ITEM_ROW && title ? title : "-");
}

/* An item's state as a view shows it; a header's includes its section's row
 * count (what a header that shows a count displays). */
static char *
describe(FoldListItem *item)
{
    char *id = identity(item);
    const char *detail = fold_list_item_get_detail(item);
    const char *indicator = fold_list_item_get_indicator(item);
    const char *title = fold_list_item_get_title(item);
    int64_t rows = -1;
    if (fold_list_item_get_kind(item) == FOLD_ITEM_HEADER)
        rows = row_count(fold_list_model_get_table(model), fold_list_item_get_section_id(item));
    char *s = g_strdup_printf("%s\td=%d t=%s/%s i=%s h=%g e=%d x=%d c=%d k=%d n=%" G_GINT64_FORMAT,
                              id, fold_list_item_get_depth(item), title ? title : "(null)",
                              detail ? detail : "(null)", indicator ? indicator : "(null)",
                              fold_list_item_get_height(item), fold_list_item_get_expanded(item),
                              fold_list_item_get_expandable(item),
                              fold_list_item_get_collapsed(item),
                              fold_list_item_get_collapsible(item), rows);
    g_free(id);
    return s;
}

static char *
describe_at(guint position)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), position);
    if (!item)
        return g_strdup("(missing)");
    CHECK(fold_list_item_get_position(item) == position);
    /* The item carries its section's id: the id of its key, and what the
     * engine says is at this position of the list as signalled so far. */
    fold_section_id id = fold_list_item_get_section_id(item);
    CHECK(id != FOLD_ROOT);
    CHECK(id == sec(fold_list_model_get_table(model), fold_list_item_get_key(item)));
    char *s = describe(item);
    g_object_unref(item);
    return s;
}

GPtrArray *
snapshot(void)
{
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(a, describe_at(i));
    return a;
}

/* The identity part of a description (up to the tab). */
gboolean
same_identity(const char *a, const char *b)
{
    size_t la = strcspn(a, "\t"), lb = strcspn(b, "\t");
    return la == lb && strncmp(a, b, la) == 0;
}

static void
probe_table_busy(void)
{
    /* Emitted from the table's listener: changes are refused. */
    fold_table *t = fold_list_model_get_table(model);
    CHECK_STATUS(fold_table_collapse_all(t, NULL), FOLD_E_BUSY);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "busy", "Busy", 1, 0,
                                           NULL),
                 FOLD_E_BUSY);
}

/* The value of one property as text. */
char *
property_text(GObject *object, GParamSpec *pspec)
{
    GValue v = G_VALUE_INIT;
    g_value_init(&v, pspec->value_type);
    g_object_get_property(object, pspec->name, &v);
    char *text = g_strdup_value_contents(&v);
    g_value_unset(&v);
    return text;
}

GQuark observed_quark;

/* The values the test last saw of an item's properties (name -> text). */
GHashTable *
observed(FoldListItem *item)
{
    return g_object_get_qdata(G_OBJECT(item), observed_quark);
}

static void
on_item_notify(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)data;
    FoldListItem *item = FOLD_LIST_ITEM(object);
    Note note = {item, g_intern_string(pspec->name)};
    g_array_append_val(notes, note);
    /* Notifications come after all the steps: the list is the table's. */
    int64_t engine = -1;
    OK(fold_table_item_count(fold_list_model_get_table(model), &engine));
    CHECK((int64_t)held->len == engine);
    guint index = 0;
    gboolean in_list = g_ptr_array_find(held, item, &index);
    CHECK(in_list); /* an item that left the model is not updated */
    if (note.property == g_intern_static_string("position"))
        CHECK(in_list && fold_list_item_get_position(item) == index);
    char *now = property_text(object, pspec);
    const char *seen = g_hash_table_lookup(observed(item), pspec->name);
    if (g_strcmp0(seen, now) == 0) {
        spurious_notes++;
        fprintf(stderr, "notify::%s without a change (%s)\n", pspec->name, now);
    }
    g_hash_table_insert(observed(item), g_strdup(pspec->name), now);
    if (probe_busy)
        probe_table_busy();
}

/* An item enters the list: the test holds it, and watches it from the
 * first time it sees it. */
void
hold(FoldListItem *item, guint index)
{
    if (!observed(item)) {
        GHashTable *values = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
        guint n = 0;
        GParamSpec **pspecs = g_object_class_list_properties(G_OBJECT_GET_CLASS(item), &n);
        for (guint i = 0; i < n; i++)
            g_hash_table_insert(values, g_strdup(pspecs[i]->name),
                                property_text(G_OBJECT(item), pspecs[i]));
        g_free(pspecs);
        g_object_set_qdata_full(G_OBJECT(item), observed_quark, values,
                                (GDestroyNotify)g_hash_table_unref);
        g_signal_connect(item, "notify", G_CALLBACK(on_item_notify), NULL);
    }
    g_ptr_array_insert(held, (gint)index, item);
}

void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)data;
    Signal s = {position, removed, added};
    g_array_append_val(signals, s);
    CHECK(signal_notified); /* the previous one's notify::n-items came before this */
    signal_notified = removed == added;
    /* After the last signal of a mutation the counts agree; in between, the
     * model's count follows the signals. */
    CHECK(position + removed <= held->len);
    if (position + removed <= held->len)
        g_ptr_array_remove_range(held, position, removed);
    for (guint i = 0; i < added; i++) {
        FoldListItem *item = g_list_model_get_item(list, position + i);
        CHECK(item != NULL);
        if (!item)
            continue;
        CHECK(fold_list_item_get_position(item) == position + i);
        hold(item, position + i);
    }
    CHECK(g_list_model_get_n_items(list) == held->len);
    if (probe_busy)
        probe_table_busy();
}

void
on_n_items(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    n_items_notes++;
    guint n = 0;
    g_object_get(object, "n-items", &n, NULL);
    CHECK(n == held->len && n == g_list_model_get_n_items(G_LIST_MODEL(object)));
    CHECK(!signal_notified); /* right after an items-changed that changed the count */
    signal_notified = TRUE;
}

/* How many notify::`property` `item` got in this mutation. */
guint
notes_for(FoldListItem *item, const char *property)
{
    guint n = 0;
    for (guint i = 0; i < notes->len; i++) {
        Note *note = &g_array_index(notes, Note, i);
        if (note->item == item && (!property || note->property == g_intern_string(property)))
            n++;
    }
    return n;
}

/* The item at `position` of the list as the test holds it (no reference). */
FoldListItem *
held_at(int64_t position)
{
    return position >= 0 && position < (int64_t)held->len ? g_ptr_array_index(held, position)
                                                           : NULL;
}
