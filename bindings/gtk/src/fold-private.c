/*
 * fold-private.c — the shared helpers of fold-private.h that are functions:
 * the properties that show a field of their instance (and the object ones
 * that their public setter writes).
 */
#include "fold-private.h"

/* Hidden, like every helper of fold-private.h: the .so exports the API only. */
G_GNUC_INTERNAL GQuark fold_field_offset_quark(void);
G_DEFINE_QUARK(fold-field-offset, fold_field_offset)
G_GNUC_INTERNAL GQuark fold_object_setter_quark(void);
G_DEFINE_QUARK(fold-object-setter, fold_object_setter)

GParamSpec *
fold_param_field(GParamSpec *pspec, gsize offset)
{
    /* Stored plus one: no qdata (NULL) is "not a field". */
    g_param_spec_set_qdata(pspec, fold_field_offset_quark(), GSIZE_TO_POINTER(offset + 1));
    return pspec;
}

GParamSpec *
fold_param_object_field(const char *name, GType type, gsize offset, FoldObjectSetter setter)
{
    GParamSpec *pspec = fold_param_field(
        g_param_spec_object(name, NULL, NULL, type,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS),
        offset);
    g_param_spec_set_qdata(pspec, fold_object_setter_quark(), (gpointer)setter);
    return pspec;
}

void
fold_value_set_from_field(GValue *value, gconstpointer field)
{
    switch (G_TYPE_FUNDAMENTAL(G_VALUE_TYPE(value))) {
    case G_TYPE_BOOLEAN: g_value_set_boolean(value, *(const gboolean *)field); break;
    case G_TYPE_INT: g_value_set_int(value, *(const gint *)field); break;
    case G_TYPE_UINT: g_value_set_uint(value, *(const guint *)field); break;
    case G_TYPE_INT64: g_value_set_int64(value, *(const gint64 *)field); break;
    case G_TYPE_UINT64: g_value_set_uint64(value, *(const guint64 *)field); break;
    case G_TYPE_DOUBLE: g_value_set_double(value, *(const double *)field); break;
    case G_TYPE_ENUM: g_value_set_enum(value, *(const gint *)field); break;
    case G_TYPE_STRING: g_value_set_string(value, *(char *const *)field); break;
    case G_TYPE_OBJECT: g_value_set_object(value, *(gpointer const *)field); break;
    default: g_warn_if_reached();
    }
}

void
fold_get_field_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    gsize offset = GPOINTER_TO_SIZE(g_param_spec_get_qdata(pspec, fold_field_offset_quark()));
    if (offset == 0) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    fold_value_set_from_field(value, G_STRUCT_MEMBER_P(object, offset - 1));
}

void
fold_set_object_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    FoldObjectSetter setter =
        (FoldObjectSetter)g_param_spec_get_qdata(pspec, fold_object_setter_quark());
    if (!setter) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    setter(object, g_value_get_object(value));
}
