/*
 * foldtable-gtk.c — FoldListModel, a GListModel over a fold_table's flat list.
 * See foldtable-gtk.h for the contract (ownership, what items-changed says).
 *
 * Every answer comes from the engine; this file only converts. The one rule it
 * states itself is the header indicator of a nested section (see
 * header_indicator), because the C API has no key-addressed indicator yet.
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
    char *key;
    char *title;
    char *detail;
    char *indicator;
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
    ITEM_PROP_KEY,
    ITEM_PROP_TITLE,
    ITEM_PROP_DETAIL,
    ITEM_PROP_INDICATOR,
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
    case ITEM_PROP_KEY: g_value_set_string(value, self->key); break;
    case ITEM_PROP_TITLE: g_value_set_string(value, self->title); break;
    case ITEM_PROP_DETAIL: g_value_set_string(value, self->detail); break;
    case ITEM_PROP_INDICATOR: g_value_set_string(value, self->indicator); break;
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
    item_props[ITEM_PROP_KEY] = g_param_spec_string("key", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_TITLE] = g_param_spec_string("title", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_DETAIL] = g_param_spec_string("detail", NULL, NULL, NULL, ro);
    item_props[ITEM_PROP_INDICATOR] = g_param_spec_string("indicator", NULL, NULL, NULL, ro);
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
const char *fold_list_item_get_key(FoldListItem *item) { return item->key; }
const char *fold_list_item_get_title(FoldListItem *item) { return item->title; }
const char *fold_list_item_get_detail(FoldListItem *item) { return item->detail; }
const char *fold_list_item_get_indicator(FoldListItem *item) { return item->indicator; }
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
    /* The count last reported through items-changed (the GListModel contract:
     * get_n_items agrees with the signals, not with the live table). */
    guint n_items;
    char *indicator_collapsed;
    char *indicator_expanded;
};

static void fold_list_model_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldListModel, fold_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL,
                                                    fold_list_model_list_model_init))

static guint
engine_count(FoldListModel *self)
{
    int64_t count = 0;
    if (fold_table_item_count(self->table, &count) != FOLD_OK || count < 0)
        return 0;
    /* A GListModel counts in guint; a larger table shows its first 2^32-1 items. */
    return count > G_MAXUINT ? G_MAXUINT : (guint)count;
}

static char *
take_fold_string(char *s)
{
    char *copy = s ? g_strdup(s) : NULL;
    fold_free(s);
    return copy;
}

/* The indicator of the header of section `key`: the engine's answer for a
 * top-level section; for a nested one the same rule (empty section: "",
 * else the collapsed or expanded string), because fold_table_section_indicator
 * addresses top-level sections only. */
static char *
header_indicator(FoldListModel *self, const fold_item *it, const char *key)
{
    if (it->depth == 0) {
        char *s = NULL;
        if (fold_table_section_indicator(self->table, it->section, &s) == FOLD_OK)
            return take_fold_string(s);
        return g_strdup("");
    }
    int64_t children = 0;
    if (fold_table_child_count(self->table, key, &children) != FOLD_OK || children == 0)
        return g_strdup("");
    return g_strdup((it->flags & FOLD_ITEM_FLAG_COLLAPSED) ? self->indicator_collapsed
                                                           : self->indicator_expanded);
}

static char *
call_text(FoldListModel *self, const char *key, int64_t row)
{
    return self->text_func ? self->text_func(key, row, self->text_data) : NULL;
}

static FoldListItem *
build_item(FoldListModel *self, guint position)
{
    fold_item it;
    if (fold_table_item_at(self->table, position, &it) != FOLD_OK)
        return NULL;
    FoldListItem *item = g_object_new(FOLD_TYPE_LIST_ITEM, NULL);
    item->kind = it.kind;
    item->depth = it.depth;
    item->row = it.row;
    item->position = position;
    item->expanded = (it.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
    item->expandable = (it.flags & FOLD_ITEM_FLAG_EXPANDABLE) != 0;
    item->collapsed = (it.flags & FOLD_ITEM_FLAG_COLLAPSED) != 0;
    fold_table_item_height(self->table, position, &item->height);
    char *key = NULL;
    if (fold_table_item_key(self->table, position, &key) == FOLD_OK)
        item->key = take_fold_string(key);
    if (it.kind == FOLD_ITEM_HEADER) {
        if (it.depth == 0) {
            char *title = NULL, *detail = NULL;
            if (fold_table_section_header(self->table, it.section, &title, &detail) == FOLD_OK) {
                item->title = take_fold_string(title);
                item->detail = take_fold_string(detail);
            }
        } else {
            item->title = call_text(self, item->key, -1);
            if (!item->title)
                item->title = g_strdup(item->key);
        }
        item->indicator = header_indicator(self, &it, item->key);
    } else if (it.kind == FOLD_ITEM_ROW) {
        item->title = call_text(self, item->key, it.row);
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
    return build_item(self, position);
}

static void
fold_list_model_list_model_init(GListModelInterface *iface)
{
    iface->get_item_type = model_get_item_type;
    iface->get_n_items = model_get_n_items;
    iface->get_item = model_get_item;
}

static void
fold_list_model_finalize(GObject *object)
{
    FoldListModel *self = FOLD_LIST_MODEL(object);
    if (self->text_destroy)
        self->text_destroy(self->text_data);
    if (self->table_free)
        self->table_free(self->table);
    g_free(self->indicator_collapsed);
    g_free(self->indicator_expanded);
    G_OBJECT_CLASS(fold_list_model_parent_class)->finalize(object);
}

static void
fold_list_model_class_init(FoldListModelClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = fold_list_model_finalize;
}

static void
fold_list_model_init(FoldListModel *self)
{
    self->indicator_collapsed = g_strdup("+");
    self->indicator_expanded = g_strdup("\xE2\x80\x93");
}

FoldListModel *
fold_list_model_new(fold_table *table, GDestroyNotify table_free)
{
    g_return_val_if_fail(table != NULL, NULL);
    FoldListModel *self = g_object_new(FOLD_TYPE_LIST_MODEL, NULL);
    self->table = table;
    self->table_free = table_free;
    self->n_items = engine_count(self);
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

/* ---- emitting ------------------------------------------------------------ */

static void
emit(FoldListModel *self, guint position, guint removed, guint added)
{
    if (removed == 0 && added == 0)
        return;
    self->n_items = self->n_items - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

void
fold_list_model_reload(FoldListModel *model)
{
    g_return_if_fail(FOLD_IS_LIST_MODEL(model));
    guint old = model->n_items;
    guint now = engine_count(model);
    model->n_items = now;
    if (old || now)
        g_list_model_items_changed(G_LIST_MODEL(model), 0, old, now);
}

/* A section whose header was at `header` (-1: not visible) flipped; the item
 * count went from model->n_items to the engine's count. */
static void
emit_section_flip(FoldListModel *self, int64_t header)
{
    guint now = engine_count(self);
    guint old = self->n_items;
    if (header < 0 || (guint)header >= old) {
        /* A hidden section: nothing visible may have changed. */
        if (now != old)
            fold_list_model_reload(self);
        return;
    }
    guint p = (guint)header;
    if (now < old)
        emit(self, p + 1, old - now, 0);
    else if (now > old)
        emit(self, p + 1, 0, now - old);
    emit(self, p, 1, 1);
}

/* ---- expanded rows, before and after ------------------------------------- */

typedef struct {
    fold_row_ref *rows;
    int64_t count;
} RowSet;

static gboolean
accordion_on(FoldListModel *self)
{
    fold_table_options options;
    fold_table_options_init(&options);
    if (fold_table_get_options(self->table, &options) != FOLD_OK)
        return TRUE; /* be safe: look at every expanded row */
    return options.accordion != FOLD_ACCORDION_MULTIPLE;
}

static void
rowset_take(FoldListModel *self, RowSet *set)
{
    set->rows = NULL;
    set->count = 0;
    if (fold_table_expanded_rows(self->table, &set->rows, &set->count) != FOLD_OK) {
        set->rows = NULL;
        set->count = 0;
    }
}

static char *
row_id(const fold_row_ref *ref)
{
    return g_strdup_printf("%" G_GINT64_FORMAT ":%s", ref->row, ref->key);
}

static GHashTable *
rowset_ids(const RowSet *set)
{
    GHashTable *ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (int64_t i = 0; i < set->count; i++)
        g_hash_table_add(ids, row_id(&set->rows[i]));
    return ids;
}

static gint
compare_guint(gconstpointer a, gconstpointer b)
{
    guint x = *(const guint *)a, y = *(const guint *)b;
    return x < y ? -1 : x > y;
}

static void
add_row_position(FoldListModel *self, GArray *positions, const char *key, int64_t row)
{
    int64_t p;
    if (fold_table_row_position_key(self->table, key, row, &p) != FOLD_OK)
        return; /* inside a collapsed section: no item to rebind */
    if (p < 0 || (guint64)p >= self->n_items)
        return;
    guint q = (guint)p;
    for (guint i = 0; i < positions->len; i++)
        if (g_array_index(positions, guint, i) == q)
            return;
    g_array_append_val(positions, q);
}

/* Rows whose expanded state differs between `before` and `after`, plus
 * (key, row) when `key` is set, rebound in increasing position order. */
static void
emit_row_flips(FoldListModel *self, const RowSet *before, const RowSet *after, const char *key,
               int64_t row)
{
    GArray *positions = g_array_new(FALSE, FALSE, sizeof(guint));
    if (key)
        add_row_position(self, positions, key, row);
    GHashTable *in_before = rowset_ids(before), *in_after = rowset_ids(after);
    for (int64_t i = 0; i < before->count; i++) {
        char *id = row_id(&before->rows[i]);
        if (!g_hash_table_contains(in_after, id))
            add_row_position(self, positions, before->rows[i].key, before->rows[i].row);
        g_free(id);
    }
    for (int64_t i = 0; i < after->count; i++) {
        char *id = row_id(&after->rows[i]);
        if (!g_hash_table_contains(in_before, id))
            add_row_position(self, positions, after->rows[i].key, after->rows[i].row);
        g_free(id);
    }
    g_hash_table_unref(in_before);
    g_hash_table_unref(in_after);
    g_array_sort(positions, compare_guint);
    for (guint i = 0; i < positions->len; i++)
        emit(self, g_array_index(positions, guint, i), 1, 1);
    g_array_unref(positions);
}

typedef int (*RowOp)(fold_table *, const char *, int64_t, int *);

static gboolean
row_change(FoldListModel *self, RowOp op, const char *key, int64_t row, gboolean *out_changed,
           GError **error)
{
    RowSet before = {NULL, 0}, after = {NULL, 0};
    gboolean watch = accordion_on(self);
    if (watch)
        rowset_take(self, &before);
    int changed = 0;
    int status = op(self->table, key, row, &changed);
    if (status != FOLD_OK) {
        fold_free(before.rows);
        return fail(error, status);
    }
    if (watch)
        rowset_take(self, &after);
    if (changed)
        emit_row_flips(self, &before, &after, key, row);
    fold_free(before.rows);
    fold_free(after.rows);
    if (out_changed)
        *out_changed = changed != 0;
    return TRUE;
}

/* ---- mutations ----------------------------------------------------------- */

gboolean
fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                         GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    fold_item it;
    int status = fold_table_item_at(model->table, position, &it);
    if (status != FOLD_OK)
        return fail(error, status);
    RowSet before = {NULL, 0}, after = {NULL, 0};
    gboolean watch = it.kind == FOLD_ITEM_ROW && accordion_on(model);
    if (watch)
        rowset_take(model, &before);
    char *key = NULL;
    if (it.kind == FOLD_ITEM_ROW && (status = fold_table_item_key(model->table, position, &key)) != FOLD_OK) {
        fold_free(before.rows);
        return fail(error, status);
    }
    int32_t action = FOLD_ACTIVATED_NOTHING;
    status = fold_table_activate(model->table, position, &action);
    if (status != FOLD_OK) {
        fold_free(before.rows);
        fold_free(key);
        return fail(error, status);
    }
    switch (action) {
    case FOLD_ACTIVATED_SECTION_COLLAPSED:
    case FOLD_ACTIVATED_SECTION_EXPANDED:
        emit_section_flip(model, position);
        break;
    case FOLD_ACTIVATED_ROW_EXPANDED:
    case FOLD_ACTIVATED_ROW_COLLAPSED:
        if (watch)
            rowset_take(model, &after);
        emit_row_flips(model, &before, &after, key, it.row);
        break;
    default:
        break;
    }
    fold_free(before.rows);
    fold_free(after.rows);
    fold_free(key);
    if (out_action)
        *out_action = action;
    return TRUE;
}

typedef int (*SectionOp)(fold_table *, const char *, int *);

static gboolean
section_change(FoldListModel *self, SectionOp op, const char *key, gboolean *out_changed,
               GError **error)
{
    int64_t header = -1;
    if (key && fold_table_header_position_key(self->table, key, &header) != FOLD_OK)
        header = -1; /* unknown key: op reports it; hidden: nothing visible */
    int changed = 0;
    int status = op(self->table, key, &changed);
    if (status != FOLD_OK)
        return fail(error, status);
    if (changed)
        emit_section_flip(self, header);
    if (out_changed)
        *out_changed = changed != 0;
    return TRUE;
}

gboolean
fold_list_model_toggle_section(FoldListModel *model, const char *key, gboolean *out_changed,
                               GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return section_change(model, fold_table_toggle_key, key, out_changed, error);
}

gboolean
fold_list_model_set_section_collapsed(FoldListModel *model, const char *key, gboolean collapsed,
                                      gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return section_change(model, collapsed ? fold_table_collapse_key : fold_table_expand_key, key,
                          out_changed, error);
}

gboolean
fold_list_model_toggle_row(FoldListModel *model, const char *key, int64_t row,
                           gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return row_change(model, fold_table_toggle_row, key, row, out_changed, error);
}

gboolean
fold_list_model_set_row_expanded(FoldListModel *model, const char *key, int64_t row,
                                 gboolean expanded, gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return row_change(model, expanded ? fold_table_expand_row : fold_table_collapse_row, key, row,
                      out_changed, error);
}

gboolean
fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    RowSet before, after;
    rowset_take(model, &before);
    int status = fold_table_set_accordion(model->table, accordion);
    if (status != FOLD_OK) {
        fold_free(before.rows);
        return fail(error, status);
    }
    /* The header says the policy applies to later expansions; should a
     * version collapse rows here, they are rebound all the same. */
    rowset_take(model, &after);
    emit_row_flips(model, &before, &after, NULL, -1);
    fold_free(before.rows);
    fold_free(after.rows);
    return TRUE;
}

gboolean
fold_list_model_set_indicators(FoldListModel *model, const char *collapsed, const char *expanded,
                               GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    int status = fold_table_set_indicators(model->table, collapsed, expanded);
    if (status != FOLD_OK)
        return fail(error, status);
    g_free(model->indicator_collapsed);
    g_free(model->indicator_expanded);
    model->indicator_collapsed = g_strdup(collapsed);
    model->indicator_expanded = g_strdup(expanded);
    guint n = model->n_items;
    if (n)
        g_list_model_items_changed(G_LIST_MODEL(model), 0, n, n);
    return TRUE;
}
