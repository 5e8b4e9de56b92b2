/*
 * The journal (listeners and a loader that record what they hear, and a
 * loader that acts on START) and the layout text of test_loading.c.
 */
#include <stdarg.h>

#include "loading/loading.h"

static void note(journal *j, const char *format, ...)
{
    size_t used = strlen(j->text);
    va_list args;
    va_start(args, format);
    vsnprintf(j->text + used, sizeof j->text - used, format, args);
    va_end(args);
}

void journal_clear(journal *j)
{
    j->text[0] = '\0';
}

static void on_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    journal *j = user_data;
    int64_t i;
    (void)t;
    note(j, "set(");
    for (i = 0; i < set->change_count; i++) {
        note(j, "%sc%lld-%lld+%lld", i ? " " : "", (long long)set->changes[i].position,
             (long long)set->changes[i].removed, (long long)set->changes[i].added);
    }
    for (i = 0; i < set->redraw_count; i++) {
        note(j, "%sr%lld/%lld", i || set->change_count ? " " : "", (long long)set->redraw[i].position,
             (long long)set->redraw[i].count);
    }
    note(j, ");");
}

static int on_section(fold_table *t, fold_section_id section, const char *key, int32_t event,
                      void *user_data)
{
    static const char *const names[] = {"will-collapse", "did-collapse", "will-expand", "did-expand"};
    (void)t;
    (void)section;
    note(user_data, "%s %s;", event >= 0 && event < 4 ? names[event] : "?", key);
    return 1;
}

static void keep_status(journal *j, int32_t status)
{
    if (j->status_count < (int)(sizeof j->statuses / sizeof j->statuses[0])) {
        j->statuses[j->status_count++] = status;
    }
}

void journal_loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket,
                    int32_t event, void *user_data)
{
    journal *j = user_data;
    j->loader_calls++;
    j->last_section = section;
    j->last_ticket = ticket;
    j->last_event = event;
    note(j, "%s %s #%llu;", event == FOLD_LOAD_START ? "start" : event == FOLD_LOAD_CANCEL ? "cancel" : "?",
         key, (unsigned long long)ticket);
    if (event != FOLD_LOAD_START) return;
    switch (j->action) {
    case LOADER_RECORD:
        break;
    case LOADER_FINISH:
    case LOADER_FINISH_TWICE:
        keep_status(j, fold_table_finish_load(t, section, ticket, j->entries, j->entry_count, NULL));
        /* Twice: the second is refused. */
        if (j->action == LOADER_FINISH_TWICE) {
            keep_status(j, fold_table_finish_load(t, section, ticket, j->entries, j->entry_count, NULL));
        }
        break;
    case LOADER_FAIL:
        keep_status(j, fold_table_fail_load(t, section, ticket, "offline"));
        break;
    case LOADER_REMOVE:
        keep_status(j, fold_table_remove_section(t, section));
        keep_status(j, fold_table_finish_load(t, section, ticket, j->entries, j->entry_count, NULL));
        break;
    case LOADER_FREE:
        fold_table_free(t);
        break;
    }
}

void journal_attach(fold_table *t, journal *j)
{
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, j, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, on_section, j, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_loader(t, journal_loader, j), FOLD_OK);
}

/* The flat list as text, with geometry when `tops`; in one of two
 * rotating static buffers. */
static const char *items_text(const fold_table *t, int tops)
{
    static char buffers[2][8192];
    static int next = 0;
    char *b = buffers[next++ % 2];
    int64_t n = item_count(t), p;
    size_t used = 0;
    b[0] = '\0';
    for (p = 0; p < n && used + 96 < sizeof buffers[0]; p++) {
        static const char kinds[] = "HRFP";
        fold_item item;
        double top = -1, height = -1;
        char flags[8];
        size_t f = 0;
        char key[64] = "?";
        memset(&item, 0, sizeof item);
        fold_table_item_at(t, p, &item);
        fold_table_section_text(t, item.section, FOLD_TEXT_KEY, key, sizeof key, NULL);
        if (item.flags & FOLD_ITEM_FLAG_COLLAPSED) flags[f++] = 'C';
        if (item.flags & FOLD_ITEM_FLAG_COLLAPSIBLE) flags[f++] = 'K';
        if (item.flags & FOLD_ITEM_FLAG_EXPANDED) flags[f++] = 'X';
        if (item.flags & FOLD_ITEM_FLAG_EXPANDABLE) flags[f++] = 'E';
        if (item.flags & FOLD_ITEM_FLAG_LOADING) flags[f++] = 'L';
        if (item.flags & FOLD_ITEM_FLAG_FAILED) flags[f++] = 'F';
        flags[f] = '\0';
        used += (size_t)snprintf(b + used, sizeof buffers[0] - used, "%s%c:%s", p ? " " : "",
                                 item.kind >= 0 && item.kind < 4 ? kinds[item.kind] : '?', key);
        if (item.kind == FOLD_ITEM_ROW) used += (size_t)snprintf(b + used, sizeof buffers[0] - used, ".%lld", (long long)item.row);
        if (f) used += (size_t)snprintf(b + used, sizeof buffers[0] - used, "/%s", flags);
        if (tops) {
            fold_table_item_top(t, p, &top);
            fold_table_item_height(t, p, &height);
            used += (size_t)snprintf(b + used, sizeof buffers[0] - used, "@%g+%g", top, height);
        }
    }
    if (tops) {
        double content = -1;
        fold_table_content_height(t, &content);
        snprintf(b + used, sizeof buffers[0] - used, " =%g", content);
    }
    return b;
}

const char *layout(const fold_table *t) { return items_text(t, 0); }
const char *geometry(const fold_table *t) { return items_text(t, 1); }

fold_table *abu_table(journal *j, fold_section_id *a, fold_section_id *u, fold_section_id *b)
{
    fold_table *t = must_table(NULL);
    *a = add(t, FOLD_ROOT, "a", "a", 2);
    *u = add_flagged(t, FOLD_ROOT, "u", "u", 0, FOLD_SECTION_UNLOADED);
    *b = add(t, FOLD_ROOT, "b", "b", 1);
    if (j) {
        memset(j, 0, sizeof *j);
        journal_attach(t, j);
    }
    return t;
}
