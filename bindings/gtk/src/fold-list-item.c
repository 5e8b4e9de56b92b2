/*
 * fold-list-item.c — FoldListItem, a live item of a FoldListModel. The model
 * fills and updates it (fold-list-item-private.h); this file holds its
 * properties and their notifications.
 */
#include "fold-list-item-private.h"

G_DEFINE_FINAL_TYPE(FoldListItem, fold_list_item, G_TYPE_OBJECT)

static GParamSpec *item_props[FOLD_LIST_ITEM_N_PROPS];

void
fold_list_item_take_string(FoldListItem *item, char **field, guint prop, char *value)
{
    if (g_strcmp0(*field, value) == 0) {
        g_free(value);
        return;
    }
    g_free(*field);
    *field = value;
    item->pending |= 1u << prop;
}

void
fold_list_item_flush_notify(FoldListItem *item)
{
    guint32 pending = item->pending;
    item->pending = 0;
    for (guint prop = 1; pending && prop < FOLD_LIST_ITEM_N_PROPS; prop++)
        if (pending & (1u << prop))
            g_object_notify_by_pspec(G_OBJECT(item), item_props[prop]);
}

static void
fold_list_item_dispose(GObject *object)
{
    FoldListItem *self = FOLD_LIST_ITEM(object);
    if (self->model) {
        fold_list_model_forget_item(self->model, self);
        self->model = NULL;
    }
    G_OBJECT_CLASS(fold_list_item_parent_class)->dispose(object);
}

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

/* Each property shows one field (fold_get_field_property). */
#define ITEM_PROP(PROP, field, pspec)                                                        \
    item_props[FOLD_LIST_ITEM_PROP_##PROP] =                                                 \
        fold_param_field(pspec, G_STRUCT_OFFSET(FoldListItem, field))

static void
fold_list_item_class_init(FoldListItemClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
    object_class->dispose = fold_list_item_dispose;
    object_class->finalize = fold_list_item_finalize;
    object_class->get_property = fold_get_field_property;
    ITEM_PROP(KIND, kind,
              g_param_spec_enum("kind", NULL, NULL, FOLD_TYPE_ITEM_KIND, FOLD_ITEM_KIND_HEADER,
                                ro));
    ITEM_PROP(DEPTH, depth, g_param_spec_int("depth", NULL, NULL, 0, G_MAXINT, 0, ro));
    ITEM_PROP(SECTION_ID, section,
              g_param_spec_uint64("section-id", NULL, NULL, 0, G_MAXUINT64, 0, ro));
    ITEM_PROP(KEY, key, g_param_spec_string("key", NULL, NULL, NULL, ro));
    ITEM_PROP(TITLE, title, g_param_spec_string("title", NULL, NULL, NULL, ro));
    ITEM_PROP(DETAIL, detail, g_param_spec_string("detail", NULL, NULL, NULL, ro));
    ITEM_PROP(INDICATOR, indicator, g_param_spec_string("indicator", NULL, NULL, NULL, ro));
    ITEM_PROP(COLLAPSIBLE, collapsible, g_param_spec_boolean("collapsible", NULL, NULL, FALSE, ro));
    ITEM_PROP(ROW, row, g_param_spec_int64("row", NULL, NULL, -1, G_MAXINT64, -1, ro));
    ITEM_PROP(POSITION, position, g_param_spec_uint("position", NULL, NULL, 0, G_MAXUINT, 0, ro));
    ITEM_PROP(HEIGHT, height, g_param_spec_double("height", NULL, NULL, 0, FOLD_MAX_HEIGHT, 0, ro));
    ITEM_PROP(EXPANDED, expanded, g_param_spec_boolean("expanded", NULL, NULL, FALSE, ro));
    ITEM_PROP(EXPANDABLE, expandable, g_param_spec_boolean("expandable", NULL, NULL, FALSE, ro));
    ITEM_PROP(COLLAPSED, collapsed, g_param_spec_boolean("collapsed", NULL, NULL, FALSE, ro));
    ITEM_PROP(LOADING, loading, g_param_spec_boolean("loading", NULL, NULL, FALSE, ro));
    ITEM_PROP(FAILED, failed, g_param_spec_boolean("failed", NULL, NULL, FALSE, ro));
    ITEM_PROP(SELECTED, selected, g_param_spec_boolean("selected", NULL, NULL, FALSE, ro));
    ITEM_PROP(MATCH, match, g_param_spec_boolean("match", NULL, NULL, FALSE, ro));
    ITEM_PROP(FOCUSED, focused, g_param_spec_boolean("focused", NULL, NULL, FALSE, ro));
    g_object_class_install_properties(object_class, FOLD_LIST_ITEM_N_PROPS, item_props);
}

static void
fold_list_item_init(FoldListItem *self)
{
    self->row = -1;
}

/* The getters: FOLD_DEFINE_GETTER (fold-private.h) on a field. */
#define ITEM_GETTER(type, name, field, none)                                                \
    FOLD_DEFINE_GETTER(type, fold_list_item_get_##name, FoldListItem, FOLD_IS_LIST_ITEM, none, \
                       self->field)

ITEM_GETTER(FoldItemKind, kind, kind, FOLD_ITEM_KIND_HEADER)
ITEM_GETTER(int32_t, depth, depth, 0)
ITEM_GETTER(fold_section_id, section_id, section, FOLD_ROOT)
ITEM_GETTER(const char *, key, key, NULL)
ITEM_GETTER(const char *, title, title, NULL)
ITEM_GETTER(const char *, detail, detail, NULL)
ITEM_GETTER(const char *, indicator, indicator, NULL)
ITEM_GETTER(gboolean, collapsible, collapsible, FALSE)
ITEM_GETTER(int64_t, row, row, -1)
ITEM_GETTER(guint, position, position, 0)
ITEM_GETTER(double, height, height, 0)
ITEM_GETTER(gboolean, expanded, expanded, FALSE)
ITEM_GETTER(gboolean, expandable, expandable, FALSE)
ITEM_GETTER(gboolean, collapsed, collapsed, FALSE)
ITEM_GETTER(gboolean, loading, loading, FALSE)
ITEM_GETTER(gboolean, failed, failed, FALSE)
ITEM_GETTER(gboolean, selected, selected, FALSE)
ITEM_GETTER(gboolean, match, match, FALSE)
ITEM_GETTER(gboolean, focused, focused, FALSE)
