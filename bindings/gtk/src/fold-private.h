/*
 * fold-private.h — helpers shared by every fold-*.c of libfoldtable-gtk (not
 * installed): the engine status as a GError, methods that end with an out
 * value, the engine's collapse/expand calls, a row-text source, and the
 * checked getter every GObject of the library offers, the properties
 * that show a field (fold-private.c), and snapshots as GVariants
 * (fold-store-snapshot.c).
 */
#ifndef FOLD_PRIVATE_H
#define FOLD_PRIVATE_H

#include "fold-enums.h"
#include "fold-list-model.h"

G_BEGIN_DECLS

/* The library's one way to turn an engine status into a GError (in
 * fold-enums.c, beside the domain): %TRUE for FOLD_OK; otherwise sets @error
 * (FOLD_LIST_MODEL_ERROR, code: the status, message: "STATUS_NAME: the
 * engine's last error message") and returns %FALSE. */
G_GNUC_INTERNAL gboolean fold_check_status(int status, GError **error);

/* One text of a section (FOLD_TEXT_*) as a new string (fold-list-model.c);
 * NULL with @error set on the engine's status (FOLD_E_NOT_FOUND: a header
 * without '|' has no detail), or FOLD_E_INTERNAL when the text changed
 * between the two reads a long text takes. */
G_GNUC_INTERNAL char *fold_section_text_dup(fold_table *table, fold_section_id section,
                                            int32_t which, GError **error);

/* Ends a method that hands out one value: FALSE when `ok` is false (the
 * error is set), else TRUE with `value` stored in `*out` when `out` is not
 * NULL. `ok` is evaluated before `value`. */
#define FOLD_RETURN_OUT_IF(ok, out, value)                                                   \
    G_STMT_START {                                                                           \
        if (!(ok))                                                                           \
            return FALSE;                                                                    \
        if (out)                                                                             \
            *(out) = (value);                                                                \
        return TRUE;                                                                         \
    }                                                                                        \
    G_STMT_END

/* The same after one engine call: `status` becomes the GError. */
#define FOLD_RETURN_OUT(status, out, value, error)                                           \
    FOLD_RETURN_OUT_IF(fold_check_status((status), (error)), out, value)

/* The engine's collapse/expand/toggle calls, section and row flavours. */
typedef int (*FoldSectionOp)(fold_table *, fold_section_id, int *);
typedef int (*FoldRowOp)(fold_table *, fold_section_id, int64_t, int *);

/* One such call with its "changed" answer as a gboolean (FoldListModel's
 * collapse, expand and toggle methods; FoldStore's are FOLD_STORE_CALL_OUT). */
static inline gboolean
fold_section_op(fold_table *table, FoldSectionOp op, fold_section_id section,
                gboolean *out_changed, GError **error)
{
    int changed = 0;
    FOLD_RETURN_OUT(op(table, section, &changed), out_changed, changed != 0, error);
}

static inline gboolean
fold_row_op(fold_table *table, FoldRowOp op, fold_section_id section, int64_t row,
            gboolean *out_changed, GError **error)
{
    int changed = 0;
    FOLD_RETURN_OUT(op(table, section, row, &changed), out_changed, changed != 0, error);
}

/* Where row texts come from: a FoldTextFunc with its data and destroy notify
 * (FoldListModel's titles, FoldTextHeights' measured texts). */
typedef struct {
    FoldTextFunc func;
    gpointer data;
    GDestroyNotify destroy;
} FoldTextSource;

/* Replaces the source; the old data's destroy notify runs first. Setting
 * NULL, NULL, NULL releases it (finalize). */
static inline void
fold_text_source_set(FoldTextSource *source, FoldTextFunc func, gpointer data,
                     GDestroyNotify destroy)
{
    if (source->destroy)
        source->destroy(source->data);
    *source = (FoldTextSource){func, data, destroy};
}

/* The public getters check their object like every GObject getter
 * (g_return_val_if_fail: a critical and `none` for NULL or another type,
 * never a crash), then answer `value`, an expression of `self`. */
#define FOLD_DEFINE_GETTER(ret, name, Type, is_type, none, value)                            \
    ret name(Type *self)                                                                     \
    {                                                                                        \
        g_return_val_if_fail(is_type(self), none);                                           \
        return (value);                                                                      \
    }

/* Properties that show a field of their instance: fold_param_field()
 * records the field's offset on the pspec (returned), made for the field's
 * own type (gboolean, int or an enum, guint, gint64, guint64, double,
 * char *, a GObject *); fold_get_field_property() is then the class's
 * get_property, or its default case. fold_value_set_from_field() reads one
 * such field into a value of its type. */
G_GNUC_INTERNAL GParamSpec *fold_param_field(GParamSpec *pspec, gsize offset);
/* The widgets' object properties: read-write, notified explicitly, a field,
 * written through the class's public setter (`setter(self, object)`, cast
 * to FoldObjectSetter); fold_set_object_property() is then the class's
 * set_property. */
typedef void (*FoldObjectSetter)(gpointer self, gpointer object);
G_GNUC_INTERNAL GParamSpec *fold_param_object_field(const char *name, GType type,
                                                    gsize offset, FoldObjectSetter setter);
G_GNUC_INTERNAL void fold_get_field_property(GObject *object, guint id, GValue *value,
                                             GParamSpec *pspec);
G_GNUC_INTERNAL void fold_set_object_property(GObject *object, guint id, const GValue *value,
                                              GParamSpec *pspec);
G_GNUC_INTERNAL void fold_value_set_from_field(GValue *value, gconstpointer field);

/* Snapshots as GVariants (fold-store-snapshot.c): the type that
 * fold_store_apply_snapshot() takes, one tuple per fold_snapshot_entry,
 * field by field: (kind, depth, key, header, rows, flags, heights,
 * header_height, footer_height, row_height). */
#define FOLD_SNAPSHOT_VARIANT_TYPE_STRING "a(iissxuuddd)"
#define FOLD_SNAPSHOT_VARIANT_TYPE G_VARIANT_TYPE(FOLD_SNAPSHOT_VARIANT_TYPE_STRING)

/* The entries of @snapshot (of FOLD_SNAPSHOT_VARIANT_TYPE) for
 * fold_table_apply_snapshot(): a new array in *out_entries (free it with
 * g_free(); NULL when it is empty) and its length in *out_count. The keys
 * and headers point into @snapshot's data: keep @snapshot alive while the
 * entries are used. The entries are not checked (the engine does, naming
 * the entry); an empty header is passed as "". Another type, or NULL, is
 * FALSE with @error set (FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID: the message
 * names the type found and the type expected) and the outputs untouched.
 * @snapshot's floating reference is not sunk: the caller owns it. O(e):
 * a serialized variant in normal form (FoldSnapshotBuilder's, bytes from a
 * file) is read straight from its bytes, others with g_variant_get(). */
G_GNUC_INTERNAL gboolean fold_snapshot_entries_from_variant(GVariant *snapshot,
                                                            fold_snapshot_entry **out_entries,
                                                            gsize *out_count, GError **error);

/* The entries as a serialized, floating variant of FOLD_SNAPSHOT_VARIANT_TYPE
 * (the inverse of fold_snapshot_entries_from_variant()); their strings must
 * be valid UTF-8, NULL for "". O(e). FoldSnapshotBuilder's end. */
G_GNUC_INTERNAL GVariant *fold_snapshot_entries_to_variant(const fold_snapshot_entry *entries,
                                                           gsize count);

G_END_DECLS

#endif /* FOLD_PRIVATE_H */
