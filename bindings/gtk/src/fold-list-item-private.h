/*
 * fold-list-item-private.h — what FoldListModel needs of FoldListItem
 * (not installed). The model fills and updates items; an item tells its
 * model when it goes (dispose), so that the model's cache never holds a
 * dead item. It includes fold-private.h, the library's shared helpers.
 */
#ifndef FOLD_LIST_ITEM_PRIVATE_H
#define FOLD_LIST_ITEM_PRIVATE_H

#include "fold-list-item.h"
#include "fold-list-model.h"
#include "fold-private.h"

G_BEGIN_DECLS

enum {
    FOLD_LIST_ITEM_PROP_0,
    FOLD_LIST_ITEM_PROP_KIND,
    FOLD_LIST_ITEM_PROP_DEPTH,
    FOLD_LIST_ITEM_PROP_SECTION_ID,
    FOLD_LIST_ITEM_PROP_KEY,
    FOLD_LIST_ITEM_PROP_TITLE,
    FOLD_LIST_ITEM_PROP_DETAIL,
    FOLD_LIST_ITEM_PROP_INDICATOR,
    FOLD_LIST_ITEM_PROP_COLLAPSIBLE,
    FOLD_LIST_ITEM_PROP_ROW,
    FOLD_LIST_ITEM_PROP_POSITION,
    FOLD_LIST_ITEM_PROP_HEIGHT,
    FOLD_LIST_ITEM_PROP_EXPANDED,
    FOLD_LIST_ITEM_PROP_EXPANDABLE,
    FOLD_LIST_ITEM_PROP_COLLAPSED,
    FOLD_LIST_ITEM_PROP_LOADING,
    FOLD_LIST_ITEM_PROP_FAILED,
    FOLD_LIST_ITEM_PROP_SELECTED,
    FOLD_LIST_ITEM_PROP_MATCH,
    FOLD_LIST_ITEM_PROP_FOCUSED,
    FOLD_LIST_ITEM_N_PROPS
};

struct _FoldListItem {
    GObject parent_instance;
    /* The model whose cache holds this item (no reference), NULL once the
     * item left the model; `at` is its key there: its position in the table
     * (see fold-list-model-items.c). */
    FoldListModel *model;
    int64_t at;
    /* The table's structure version when it was last read: while the
     * table's is the same, its row index, section and depth are too. */
    guint64 version;
    gboolean dirty; /* in a redraw range: read again, texts too */
    gboolean gone;  /* stands for an item a change not shown yet removed */
    /* Properties changed but not notified yet: bit 1 << FOLD_LIST_ITEM_PROP_*. */
    guint32 pending;
    FoldItemKind kind;
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
    gboolean loading;
    gboolean failed;
    gboolean selected;
    gboolean match;
    gboolean focused;
};

/* Sets a field; marks its property pending when the value changes. */
#define FOLD_LIST_ITEM_SET(item, field, prop, value)                                        \
    G_STMT_START {                                                                           \
        if ((item)->field != (value)) {                                                      \
            (item)->field = (value);                                                         \
            (item)->pending |= 1u << (prop);                                                 \
        }                                                                                    \
    }                                                                                        \
    G_STMT_END

/* Replaces a string field with `value` (taken); marks the property pending
 * when the text differs. */
G_GNUC_INTERNAL void fold_list_item_take_string(FoldListItem *item, char **field, guint prop,
                                                char *value);

/* Emits notify for the pending properties, in property order, and clears
 * them. */
G_GNUC_INTERNAL void fold_list_item_flush_notify(FoldListItem *item);

/* Called by a cached item's dispose: the model drops it from its cache. */
G_GNUC_INTERNAL void fold_list_model_forget_item(FoldListModel *model, FoldListItem *item);

G_END_DECLS

#endif /* FOLD_LIST_ITEM_PRIVATE_H */
