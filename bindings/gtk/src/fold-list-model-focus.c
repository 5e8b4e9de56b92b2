/*
 * fold-list-model-focus.c — FoldListModel's type-ahead: the typed prefix
 * kept with its pause, the engine's fold_table_find_text() asked with the
 * model's titles (headers from the engine, rows from the text func), the
 * answer focused (fold_table_set_focus()).
 */
#include "fold-list-model-private.h"

/* A pause longer than this starts a new prefix (GTK's and Qt's ~1 s). */
#define TYPE_AHEAD_RESET_US (1000 * 1000)

/* The text of a candidate during one search; the string given last is kept
 * until the next call or the end of the search (the engine's rule). */
typedef struct {
    FoldListModel *model;
    char *text;
} Candidate;

static const char *
candidate_text(const fold_item *item, int64_t position, void *user_data)
{
    (void)position;
    Candidate *c = user_data;
    g_clear_pointer(&c->text, g_free);
    FoldListModel *self = c->model;
    if (item->kind == FOLD_ITEM_HEADER) {
        c->text = fold_section_text_dup(self->table, item->section, FOLD_TEXT_TITLE, NULL);
    } else if (item->kind == FOLD_ITEM_ROW && self->text.func) {
        char *key = fold_section_text_dup(self->table, item->section, FOLD_TEXT_KEY, NULL);
        if (key)
            c->text = self->text.func(item->section, key, item->row, self->text.data);
        g_free(key);
    }
    return c->text;
}

/* TRUE when `s` is one character typed more than once ("aaa"). */
static gboolean
one_letter_repeated(const char *s)
{
    gunichar first = g_utf8_get_char(s);
    int n = 0;
    for (const char *p = s; *p; p = g_utf8_next_char(p), n++)
        if (g_utf8_get_char(p) != first)
            return FALSE;
    return n > 1;
}

gboolean
fold_list_model_type_ahead(FoldListModel *model, const char *text, gint64 *out_position,
                           GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (!text || !*text || !g_utf8_validate(text, -1, NULL)) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: type-ahead needs at least one character of valid UTF-8");
        return FALSE;
    }
    gint64 now = g_get_monotonic_time();
    if (!model->typed)
        model->typed = g_string_new(NULL);
    if (now - model->typed_at > TYPE_AHEAD_RESET_US)
        g_string_truncate(model->typed, 0);
    model->typed_at = now;
    g_string_append(model->typed, text);

    int64_t focus = -1;
    int status = fold_table_focus(model->table, &focus);
    if (status != FOLD_OK)
        return fold_check_status(status, error);
    /* "a", "a": the next item starting with "a", not one starting "aa". */
    char *prefix = one_letter_repeated(model->typed->str)
                       ? g_strndup(model->typed->str,
                                   g_utf8_next_char(model->typed->str) - model->typed->str)
                       : g_strdup(model->typed->str);
    uint32_t flags = one_letter_repeated(model->typed->str) ? 0 : FOLD_FIND_INCLUDE_START;
    Candidate c = {model, NULL};
    int64_t found = -1;
    status = fold_table_find_text(model->table, prefix, focus, flags,
                                  model->text.func ? candidate_text : NULL,
                                  model->text.func ? &c : NULL, &found);
    g_free(c.text);
    g_free(prefix);
    if (status == FOLD_E_NOT_FOUND) {
        found = -1;
        status = FOLD_OK;
    } else if (status == FOLD_OK && found != focus) {
        status = fold_table_set_focus(model->table, found);
    }
    FOLD_RETURN_OUT(status, out_position, found, error);
}
