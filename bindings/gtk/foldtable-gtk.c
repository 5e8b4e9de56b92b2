/*
 * foldtable-gtk.c — FoldListModel, a GListModel over a fold_table's flat list.
 * See foldtable-gtk.h for the contract (ownership, what items-changed says).
 *
 * Every answer comes from the engine; this file only converts. The model
 * follows the table's change events (fold_table_add_change_listener) and
 * turns each fold_change_set into items-changed; it computes no diff itself.
 */
#include "foldtable-gtk.h"

#include <string.h>

G_DEFINE_QUARK(fold-list-model-error-quark, fold_list_model_error)

static gboolean
fail(GError **error, int status)
{
    g_set_error(error, FOLD_LIST_MODEL_ERROR, status, "%s: %s", fold_status_name(status),
                fold_last_error_message());
    return FALSE;
}

/* ------------------------------------------------------------------------- */
/* FoldListItem                                                              */
/* ------------------------------------------------------------------------- */

struct _FoldListItem {
    GObject parent_instance;
    int32_t kind;
    int32_t depth;
    fold_section_id section;
    char *key;
    char *title;
    char *detail;
    char *indicator;
    gboolean collapsible;
    int64_t row;
    guint position;
    double height;
    gboolean expanded;
    gboolean expandable;
    gboolean collapsed;
};

G_DEFINE_FINAL_TYPE(FoldListItem, fold_list_item, G_TYPE_OBJECT)

enum {
    ITEM_PROP_0,
    ITEM_PROP_KIND,
    ITEM_PROP_DEPTH,
    ITEM_PROP_SECTION_ID,
    ITEM_PROP_KEY,
    ITEM_PROP_TITLE,
    ITEM_PROP_DETAIL,
    ITEM_PROP_INDICATOR,
    ITEM_PROP_COLLAPSIBLE,
    ITEM_PROP_ROW,
    ITEM_PROP_POSITION,
    ITEM_PROP_HEIGHT,
    ITEM_PROP_EXPANDED,
    ITEM_PROP_EXPANDABLE,
    ITEM_PROP_COLLAPSED,
    ITEM_N_PROPS
};

static GParamSpec *item_props[ITEM_N_PROPS];

static void
fold_list_item_finalize(GObject *object)
{
    FoldListItem *self = FOLD_LIST_ITEM(object);
    g_free(self->key);
    g_free(self->title);
    g_free(self->detail);
    g_free(self->indicator);
    G_OBJECT_CLASS(fold_list_item_parent_class)->finalize(object);
}

static void
fold_list_item_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldListItem *self = FOLD_LIST_ITEM(object);
    switch (id) {
    case ITEM_PROP_KIND: g_value_set_int(value, self->kind); break;
    case ITEM_PROP_DEPTH: g_value_set_int(value, self->depth); break;
    case ITEM_PROP_SECTION_ID: g_value_set_uint64(value, self->section); break;
    case ITEM_PROP_KEY: g_value_set_string(value, self->key); break;
    case ITEM_PROP_TITLE: g_value_set_string(value, self->title); break;
    case ITEM_PROP_DETAIL: g_value_set_string(value, self->detail); break;
    case ITEM_PROP_INDICATOR: g_value_set_string(value, self->indicator); break;
    case ITEM_PROP_COLLAPSIBLE: g_value_set_boolean(value, self->collapsible); break;
    case ITEM_PROP_ROW: g_value_set_int64(value, self->row); break;
    case ITEM_PROP_POSITION: g_value_set_uint(value, self->position); break;
    case ITEM_PROP_HEIGHT: g_value_set_double(value, self->height); break;
    case ITEM_PROP_EXPANDED: g_value_set_boolean(value, self->expanded); break;
    case ITEM_PROP_EXPANDABLE: g_value_set_boolean(value, self->expandable); break;
    case ITEM_PROP_COLLAPSED: g_value_set_boolean(value, self->collapsed); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_list_item_class_init(FoldListItemClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
    object_class->finalize = fold_list_item_finalize;
    object_class->get_property = fold_list_item_get_property;
    item_props[ITEM_PROP_KIND] =
        g_param_spec_int("kind", NULL, NULL, FOLD_ITEM_HEADER, FOLD_ITEM_FOOTER, 0, ro);
    item_props[ITEM_PROP_DEPTH] = g_param_spec_int("depth", NULL, NULL, 0, G_MAXINT, 0, ro);
    item_props[ITEM_PROP_SECTION_ID] =
        g_param_spec_uint64("section-id", NULL, NULL, 0, G_MAXUINT64, 0, ro);
    item_props[ITEM_PROP_KEY] = g_param_spec_string("key", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_TITLE] = g_param_spec_string("title", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_DETAIL] = g_param_spec_string("detail", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_INDICATOR] = g_param_spec_string("indicator", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_COLLAPSIBLE] =
        g_param_spec_boolean("collapsible", NULL, NULL, FALSE, ro);
    item_props[ITEM_PROP_ROW] =
        g_param_spec_int64("row", NULL, NULL, -1, G_MAXINT64, -1, ro);
    item_props[ITEM_PROP_POSITION] =
        g_param_spec_uint("position", NULL, NULL, 0, G_MAXUINT, 0, ro);
    item_props[ITEM_PROP_HEIGHT] =
        g_param_spec_double("height", NULL, NULL, 0, FOLD_MAX_HEIGHT, 0, ro);
    item_props[ITEM_PROP_EXPANDED] = g_param_spec_boolean("expanded", NULL, NULL, FALSE, ro);
    item_props[ITEM_PROP_EXPANDABLE] = g_param_spec_boolean("expandable", NULL, NULL, FALSE, ro);
    item_props[ITEM_PROP_COLLAPSED] = g_param_spec_boolean("collapsed", NULL, NULL, FALSE, ro);
    g_object_class_install_properties(object_class, ITEM_N_PROPS, item_props);
}

static void
fold_list_item_init(FoldListItem *self)
{
    self->row = -1;
}

int32_t fold_list_item_get_kind(FoldListItem *item) { return item->kind; }
int32_t fold_list_item_get_depth(FoldListItem *item) { return item->depth; }
fold_section_id fold_list_item_get_section_id(FoldListItem *item) { return item->section; }
const char *fold_list_item_get_key(FoldListItem *item) { return item->key; }
const char *fold_list_item_get_title(FoldListItem *item) { return item->title; }
const char *fold_list_item_get_detail(FoldListItem *item) { return item->detail; }
const char *fold_list_item_get_indicator(FoldListItem *item) { return item->indicator; }
gboolean fold_list_item_get_collapsible(FoldListItem *item) { return item->collapsible; }
int64_t fold_list_item_get_row(FoldListItem *item) { return item->row; }
guint fold_list_item_get_position(FoldListItem *item) { return item->position; }
double fold_list_item_get_height(FoldListItem *item) { return item->height; }
gboolean fold_list_item_get_expanded(FoldListItem *item) { return item->expanded; }
gboolean fold_list_item_get_expandable(FoldListItem *item) { return item->expandable; }
gboolean fold_list_item_get_collapsed(FoldListItem *item) { return item->collapsed; }

/* ------------------------------------------------------------------------- */
/* FoldListModel                                                             */
/* ------------------------------------------------------------------------- */

struct _FoldListModel {
    GObject parent_instance;
    fold_table *table;
    GDestroyNotify table_free;
    FoldTextFunc text_func;
    void *text_data;
    GDestroyNotify text_destroy;
    int64_t listener; /* the change listener's id; 0 when none */
    gboolean listening;
    /* The thread and main context the model was made on: change sets that
     * arrive on another thread are not emitted there (see on_table_changed). */
    GThread *owner;
    GMainContext *context;
    gint resync_queued; /* atomic */
    /* The list as the signals so far describe it (the GListModel contract:
     * get_n_items agrees with the signals, not with the live table):
     * n_items is what the model shows, engine_items the engine's count that
     * corresponds to it (they differ only beyond G_MAXUINT items). */
    guint n_items;
    int64_t engine_items;
    /* While the steps of a change set are emitted one by one: the steps that
     * are still to come. A position of the list as signalled so far maps to
     * the table's position through them (they only insert; see
     * on_table_changed). */
    const fold_change *pending;
    int64_t n_pending;
    gboolean emitting;
    gboolean rebind_pending; /* a rebind-all asked for while emitting */
};

static void fold_list_model_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldListModel, fold_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL,
                                                    fold_list_model_list_model_init))

static int64_t
engine_count(FoldListModel *self)
{
    int64_t count = 0;
    if (fold_table_item_count(self->table, &count) != FOLD_OK || count < 0)
        return 0;
    return count;
}

/* A GListModel counts in guint; a larger table shows its first G_MAXUINT items. */
static guint
shown(int64_t count)
{
    return count > (int64_t)G_MAXUINT ? G_MAXUINT : (guint)count;
}

/* A text of a section (FOLD_TEXT_*) as a new string, NULL if it has none
 * (FOLD_E_NOT_FOUND: a header without '|' has no detail). Copied straight
 * from the engine into a stack buffer, or, for a longer text, into the
 * string itself: one allocation, no fold_free. */
static char *
section_text(FoldListModel *self, fold_section_id section, int32_t which)
{
    char buffer[256];
    size_t length = 0;
    if (fold_table_section_text(self->table, section, which, buffer, sizeof buffer, &length) !=
        FOLD_OK)
        return NULL;
    if (length < sizeof buffer)
        return g_strndup(buffer, length);
    /* Cut: ask again with room for all of it. */
    char *text = g_malloc(length + 1);
    size_t again = 0;
    if (fold_table_section_text(self->table, section, which, text, length + 1, &again) !=
            FOLD_OK ||
        again != length) {
        g_free(text);
        return NULL;
    }
    return text;
}

/* The item at table position `at`, presented at model position `position`
 * (they differ only while the steps of a change set are being emitted). */
static FoldListItem *
build_item(FoldListModel *self, int64_t at, guint position)
{
    fold_item it;
    if (fold_table_item_at(self->table, at, &it) != FOLD_OK)
        return NULL;
    FoldListItem *item = g_object_new(FOLD_TYPE_LIST_ITEM, NULL);
    item->kind = it.kind;
    item->depth = it.depth;
    item->section = it.section;
    item->row = it.row;
    item->position = position;
    item->expanded = (it.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
    item->expandable = (it.flags & FOLD_ITEM_FLAG_EXPANDABLE) != 0;
    item->collapsed = (it.flags & FOLD_ITEM_FLAG_COLLAPSED) != 0;
    item->collapsible = (it.flags & FOLD_ITEM_FLAG_COLLAPSIBLE) != 0;
    fold_table_item_height(self->table, at, &item->height);
    item->key = section_text(self, it.section, FOLD_TEXT_KEY);
    if (it.kind == FOLD_ITEM_HEADER) {
        item->title = section_text(self, it.section, FOLD_TEXT_TITLE);
        item->detail = section_text(self, it.section, FOLD_TEXT_DETAIL);
        item->indicator = section_text(self, it.section, FOLD_TEXT_INDICATOR);
        if (!item->indicator)
            item->indicator = g_strdup("");
    } else if (it.kind == FOLD_ITEM_ROW && item->key && self->text_func) {
        item->title = self->text_func(it.section, item->key, it.row, self->text_data);
    }
    return item;
}

static GType
model_get_item_type(GListModel *list)
{
    (void)list;
    return FOLD_TYPE_LIST_ITEM;
}

static guint
model_get_n_items(GListModel *list)
{
    return FOLD_LIST_MODEL(list)->n_items;
}

static gpointer
model_get_item(GListModel *list, guint position)
{
    FoldListModel *self = FOLD_LIST_MODEL(list);
    if (position >= self->n_items)
        return NULL;
    /* Between two steps of one change set the table is already in its final
     * state: map the position through the steps still to come. */
    int64_t at = position;
    for (int64_t i = 0; i < self->n_pending; i++) {
        const fold_change *c = &self->pending[i];
        if (at < c->position)
            continue;
        if (at < c->position + c->removed)
            return NULL; /* not reached: later steps only insert */
        at += c->added - c->removed;
    }
    return build_item(self, at, position);
}

static void
fold_list_model_list_model_init(GListModelInterface *iface)
{
    iface->get_item_type = model_get_item_type;
    iface->get_n_items = model_get_n_items;
    iface->get_item = model_get_item;
}

/* ---- emitting ------------------------------------------------------------ */

static void
emit(FoldListModel *self, guint position, guint removed, guint added)
{
    if (removed == 0 && added == 0)
        return;
    self->n_items = self->n_items - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

/* items-changed(0, n, count): every item is fetched again; also takes the
 * engine's count, whatever the signals said before. */
static void
emit_reset(FoldListModel *self)
{
    guint old = self->n_items;
    self->engine_items = engine_count(self);
    self->n_items = shown(self->engine_items);
    if (old || self->n_items)
        g_list_model_items_changed(G_LIST_MODEL(self), 0, old, self->n_items);
}

/* Emits the redraw ranges as (p, n, n), leaving out [skip, skip_end), whose
 * items were just fetched again. */
static void
emit_redraws(FoldListModel *self, const fold_change_set *cs, int64_t skip, int64_t skip_end)
{
    for (int64_t i = 0; i < cs->redraw_count; i++) {
        int64_t lo = cs->redraw[i].position, hi = lo + cs->redraw[i].count;
        if (lo < 0 || hi <= lo)
            continue;
        int64_t pieces[2][2] = {{lo, MIN(hi, skip)}, {MAX(lo, skip_end), hi}};
        for (int k = 0; k < 2; k++) {
            int64_t a = pieces[k][0], b = MIN(pieces[k][1], (int64_t)self->n_items);
            if (a < b)
                emit(self, (guint)a, (guint)(b - a), (guint)(b - a));
        }
    }
}

/* Composes steps (applied in order) into one splice of the old list that
 * covers all of them: what changed lies in [*p, *p + *removed) of the old
 * list and [*p, *p + *added) of the new one. */
static void
compose_steps(const fold_change *steps, int64_t n, int64_t *p, int64_t *removed, int64_t *added)
{
    int64_t P = steps[0].position, R = steps[0].removed, A = steps[0].added;
    for (int64_t i = 1; i < n; i++) {
        const fold_change *c = &steps[i];
        /* In the list after the previous steps, the splice so far covers
         * [P, P + A) and this step [c->position, c->position + c->removed). */
        int64_t lo = MIN(P, c->position), hi = MAX(P + A, c->position + c->removed);
        int64_t old_hi = hi - A + R; /* hi >= P + A: after the splice so far */
        R = old_hi - lo;
        A = (hi - lo) - c->removed + c->added;
        P = lo;
    }
    *p = P;
    *removed = R;
    *added = A;
}

static gboolean
resync_idle(gpointer data)
{
    FoldListModel *self = data;
    g_atomic_int_set(&self->resync_queued, 0);
    if (self->table)
        emit_reset(self);
    return G_SOURCE_REMOVE;
}

static void
queue_resync(FoldListModel *self)
{
    /* An idle source, not g_main_context_invoke(), which would run the
     * callback right here when no thread runs the context. */
    if (g_atomic_int_compare_and_exchange(&self->resync_queued, 0, 1)) {
        GSource *source = g_idle_source_new();
        g_source_set_callback(source, resync_idle, g_object_ref(self), g_object_unref);
        g_source_attach(source, self->context);
        g_source_unref(source);
    }
}

/* The table's change listener. The engine calls it after each mutation,
 * with the table consistent; GTK's handlers of items-changed call back into
 * get_item, which only reads the table (allowed inside a listener).
 *
 * Each step becomes items-changed(position, removed, added), in order, then
 * each redraw range items-changed(p, n, n). While a step is emitted the
 * table is already past the later steps, so get_item maps positions through
 * them; that works when the later steps only insert. When a later step
 * removes items (importing state that collapses several sections, say), the
 * lists between the steps hold items the table no longer has, which a
 * handler could not be given: the steps are then emitted as the one splice
 * that covers them all. */
static void
on_table_changed(fold_table *table, const fold_change_set *cs, void *data)
{
    FoldListModel *self = data;
    (void)table;
    if (g_thread_self() != self->owner) {
        /* GTK is not thread-safe: catch up on the model's own thread. */
        queue_resync(self);
        return;
    }
    if (self->emitting) {
        /* Not reached: the engine refuses changes inside listeners. */
        self->rebind_pending = TRUE;
        return;
    }
    self->emitting = TRUE;

    /* Check the steps against the count, and choose how to emit them. */
    gboolean valid = cs->change_count >= 0 && (cs->change_count == 0 || cs->changes);
    gboolean stepwise = TRUE, fits = self->engine_items <= (int64_t)G_MAXUINT;
    int64_t total = self->engine_items;
    for (int64_t i = 0; valid && i < cs->change_count; i++) {
        const fold_change *c = &cs->changes[i];
        if (c->position < 0 || c->removed < 0 || c->added < 0 ||
            c->removed > total - c->position) {
            valid = FALSE;
            break;
        }
        if (i > 0 && c->removed > 0)
            stepwise = FALSE;
        total += c->added - c->removed;
        if (total > (int64_t)G_MAXUINT)
            fits = FALSE;
    }
    int64_t now = engine_count(self);
    if (!valid || total != now) {
        g_warning("FoldListModel: a change set does not match the table's item count "
                  "(%" G_GINT64_FORMAT " expected, %" G_GINT64_FORMAT " in the table); "
                  "reloading the whole list",
                  valid ? total : (int64_t)-1, now);
        emit_reset(self);
    } else if (!fits) {
        emit_reset(self);
    } else if (stepwise) {
        for (int64_t i = 0; i < cs->change_count; i++) {
            const fold_change *c = &cs->changes[i];
            self->pending = cs->changes + i + 1;
            self->n_pending = cs->change_count - i - 1;
            self->engine_items += c->added - c->removed;
            emit(self, (guint)c->position, (guint)c->removed, (guint)c->added);
        }
        self->pending = NULL;
        self->n_pending = 0;
        emit_redraws(self, cs, 0, 0);
    } else {
        int64_t p, removed, added;
        compose_steps(cs->changes, cs->change_count, &p, &removed, &added);
        self->engine_items = total;
        emit(self, (guint)p, (guint)removed, (guint)added);
        emit_redraws(self, cs, p, p + added);
    }

    self->emitting = FALSE;
    if (self->rebind_pending) {
        self->rebind_pending = FALSE;
        emit_reset(self);
    }
}

/* ---- lifetime ------------------------------------------------------------ */

static void
fold_list_model_dispose(GObject *object)
{
    FoldListModel *self = FOLD_LIST_MODEL(object);
    if (self->listening) {
        fold_table_remove_listener(self->table, self->listener);
        self->listening = FALSE;
    }
    G_OBJECT_CLASS(fold_list_model_parent_class)->dispose(object);
}

static void
fold_list_model_finalize(GObject *object)
{
    FoldListModel *self = FOLD_LIST_MODEL(object);
    if (self->text_destroy)
        self->text_destroy(self->text_data);
    if (self->table_free)
        self->table_free(self->table);
    if (self->context)
        g_main_context_unref(self->context);
    G_OBJECT_CLASS(fold_list_model_parent_class)->finalize(object);
}

static void
fold_list_model_class_init(FoldListModelClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = fold_list_model_dispose;
    G_OBJECT_CLASS(klass)->finalize = fold_list_model_finalize;
}

static void
fold_list_model_init(FoldListModel *self)
{
    self->owner = g_thread_self();
    self->context = g_main_context_ref_thread_default();
}

FoldListModel *
fold_list_model_new(fold_table *table, GDestroyNotify table_free)
{
    g_return_val_if_fail(table != NULL, NULL);
    FoldListModel *self = g_object_new(FOLD_TYPE_LIST_MODEL, NULL);
    self->table = table;
    self->table_free = table_free;
    self->engine_items = engine_count(self);
    self->n_items = shown(self->engine_items);
    int status = fold_table_add_change_listener(table, on_table_changed, self, &self->listener);
    if (status == FOLD_OK)
        self->listening = TRUE;
    else
        g_critical("FoldListModel: cannot listen to the table's changes: %s: %s",
                   fold_status_name(status), fold_last_error_message());
    return self;
}

fold_table *
fold_list_model_get_table(FoldListModel *model)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), NULL);
    return model->table;
}

void
fold_list_model_set_text_func(FoldListModel *model, FoldTextFunc func, void *user_data,
                              GDestroyNotify destroy)
{
    g_return_if_fail(FOLD_IS_LIST_MODEL(model));
    if (model->text_destroy)
        model->text_destroy(model->text_data);
    model->text_func = func;
    model->text_data = user_data;
    model->text_destroy = destroy;
}

void
fold_list_model_reload(FoldListModel *model)
{
    g_return_if_fail(FOLD_IS_LIST_MODEL(model));
    if (model->emitting)
        model->rebind_pending = TRUE; /* after the change set being emitted */
    else
        emit_reset(model);
}

/* ---- mutations: the engine's calls; the listener emits ------------------- */

static gboolean
check(int status, GError **error)
{
    return status == FOLD_OK ? TRUE : fail(error, status);
}

gboolean
fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                         GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return check(fold_table_activate(model->table, position, out_action), error);
}

typedef int (*SectionOp)(fold_table *, fold_section_id, int *);
typedef int (*RowOp)(fold_table *, fold_section_id, int64_t, int *);

static gboolean
section_change(FoldListModel *self, SectionOp op, fold_section_id section,
               gboolean *out_changed, GError **error)
{
    int changed = 0;
    if (!check(op(self->table, section, &changed), error))
        return FALSE;
    if (out_changed)
        *out_changed = changed != 0;
    return TRUE;
}

static gboolean
row_change(FoldListModel *self, RowOp op, fold_section_id section, int64_t row,
           gboolean *out_changed, GError **error)
{
    int changed = 0;
    if (!check(op(self->table, section, row, &changed), error))
        return FALSE;
    if (out_changed)
        *out_changed = changed != 0;
    return TRUE;
}

gboolean
fold_list_model_toggle_section(FoldListModel *model, fold_section_id section,
                               gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return section_change(model, fold_table_toggle, section, out_changed, error);
}

gboolean
fold_list_model_set_section_collapsed(FoldListModel *model, fold_section_id section,
                                      gboolean collapsed, gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return section_change(model, collapsed ? fold_table_collapse : fold_table_expand, section,
                          out_changed, error);
}

gboolean
fold_list_model_toggle_row(FoldListModel *model, fold_section_id section, int64_t row,
                           gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return row_change(model, fold_table_toggle_row, section, row, out_changed, error);
}

gboolean
fold_list_model_set_row_expanded(FoldListModel *model, fold_section_id section, int64_t row,
                                 gboolean expanded, gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return row_change(model, expanded ? fold_table_expand_row : fold_table_collapse_row, section,
                      row, out_changed, error);
}

gboolean
fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return check(fold_table_set_accordion(model->table, accordion), error);
}

gboolean
fold_list_model_set_indicators(FoldListModel *model, const char *collapsed, const char *expanded,
                               GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    if (!check(fold_table_set_indicators(model->table, collapsed, expanded), error))
        return FALSE;
    /* The engine reports nothing for indicators: rebind every item. */
    fold_list_model_reload(model);
    return TRUE;
}
