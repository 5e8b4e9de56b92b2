/*
 * bad_input/null_arguments.c — messages and status names, fold_table_new, a NULL table and
 * NULL outputs for every function.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bad_input.h"

/* ---- tests ------------------------------------------------------------ */

void test_messages_and_names(void)
{
    const char *m = fold_last_error_message();
    CHECK(m != NULL);
    CHECK_STR(m, "");
    fold_free(NULL);
    fold_table_free(NULL);
    check_status_names();
    CHECK_STR(fold_status_name(-9), "unknown status");
    CHECK_STR(fold_status_name(42), "unknown status");
}

void test_new(void)
{
    fold_table_options o;
    fold_table *t = (fold_table *)&o; /* sentinel: must stay as it is */
    int f, b;

    FAILS_NO_TABLE(fold_table_new(NULL, NULL), FOLD_E_INVALID);
    fold_table_options_init(&o);
    FAILS_NO_TABLE(fold_table_new(&o, NULL), FOLD_E_INVALID);

    o.size = 0;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == (fold_table *)&o);
    /* size must cover the fields up to padding_bottom. */
    o.size = (uint32_t)(offsetof(fold_table_options, padding_bottom) + sizeof(double) - 1);
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    o.size = 4;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == (fold_table *)&o);

    /* accordion must be a FOLD_ACCORDION_* value, sticky_levels >= 0. */
    fold_table_options_init(&o);
    o.accordion = 3;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    o.accordion = -1;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    fold_table_options_init(&o);
    o.sticky_levels = -1;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    o.sticky_levels = INT32_MIN;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == (fold_table *)&o);

    for (f = 0; f < 5; f++) {
        for (b = 0; b < NBAD_HEIGHTS; b++) {
            long failed_before = check_failed_so_far();
            fold_table_options_init(&o);
            switch (f) {
            case 0: o.row_height = bad_heights[b]; break;
            case 1: o.header_height = bad_heights[b]; break;
            case 2: o.footer_height = bad_heights[b]; break;
            case 3: o.padding_top = bad_heights[b]; break;
            default: o.padding_bottom = bad_heights[b]; break;
            }
            FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
            CHECK(t == (fold_table *)&o);
            if (check_failed_so_far() != failed_before) {
                fprintf(stderr, "  (option field %d = %s)\n", f, bad_height_names[b]);
            }
        }
        /* FOLD_HEIGHT_DEFAULT means nothing in the options: there is no
         * default to go back to. */
        fold_table_options_init(&o);
        switch (f) {
        case 0: o.row_height = FOLD_HEIGHT_DEFAULT; break;
        case 1: o.header_height = FOLD_HEIGHT_DEFAULT; break;
        case 2: o.footer_height = FOLD_HEIGHT_DEFAULT; break;
        case 3: o.padding_top = FOLD_HEIGHT_DEFAULT; break;
        default: o.padding_bottom = FOLD_HEIGHT_DEFAULT; break;
        }
        FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
        CHECK(t == (fold_table *)&o);
    }
}

int never_called_height(fold_table *t, fold_section_id section, const char *key, int64_t row,
                        double *out_height, void *user_data)
{
    (void)t, (void)section, (void)key, (void)row, (void)user_data;
    *out_height = 10;
    return 1;
}

static void never_called_change(fold_table *t, const fold_change_set *c, void *user_data)
{
    (void)t, (void)c, (void)user_data;
}

static int never_called_section(fold_table *t, fold_section_id section, const char *key,
                                int32_t event, void *user_data)
{
    (void)t, (void)section, (void)key, (void)event, (void)user_data;
    return 1;
}

static int never_called_row(fold_table *t, fold_section_id section, const char *key, int64_t row,
                            int32_t event, void *user_data)
{
    (void)t, (void)section, (void)key, (void)row, (void)event, (void)user_data;
    return 1;
}

/* Every function that takes a table, with NULL. */
void test_null_table(void)
{
    fold_table_options o;
    int64_t n = 0, path[1] = {0};
    uint64_t version = 0;
    int c = 0, set = 0;
    int32_t place = 0, kind = 0, action = 0;
    double h = 0;
    char buf[8] = "", *json = NULL;
    size_t len = 0;
    fold_section_id id = 0;
    fold_item item;
    fold_section_info in;
    fold_row_info ri;
    fold_section_state *states = NULL;
    fold_row_ref *rows = NULL;
    fold_visible_item vis[2];
    fold_sticky_header sticky[2];
    fold_import_report report;
    fold_load_info li;
    static const double hs[] = {1, 2};

    fold_table_options_init(&o);
    FAILS_NO_TABLE(fold_table_get_options(NULL, &o), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_accordion(NULL, FOLD_ACCORDION_SINGLE), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_sticky_levels(NULL, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_indicators(NULL, "+", "-"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_find_section(NULL, "Mac", &id), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_child_count(NULL, FOLD_ROOT, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_structure_version(NULL, &version), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_begin_batch(NULL), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_end_batch(NULL), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_batch_depth(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_reload(NULL, mac), FOLD_E_INVALID);
    {
        /* Drag and drop, type-ahead. */
        fold_drop_target dt;
        fold_item_ref ref = {mac, -1};
        FAILS_NO_TABLE(fold_table_drop_target(NULL, 0, 0, 16, &ref, 1, &dt), FOLD_E_INVALID);
        FAILS_NO_TABLE(fold_table_drop(NULL, FOLD_ROOT, 0, &ref, 1), FOLD_E_INVALID);
        FAILS_NO_TABLE(fold_table_find_text(NULL, "M", -1, 0, NULL, NULL, &n), FOLD_E_INVALID);
    }
    FAILS_NO_TABLE(fold_table_child_at(NULL, FOLD_ROOT, 0, &kind, &id, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_at_path(NULL, path, 1, &id), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_path(NULL, mac, path, 1, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_info(NULL, mac, &in), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_text(NULL, mac, FOLD_TEXT_KEY, buf, sizeof buf, &len),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_insert_section(NULL, FOLD_ROOT, 0, "k", "h", 1, 0, &id),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_section(NULL, mac), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_move_section(NULL, mac, FOLD_ROOT, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_children(NULL, mac, 0, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_header(NULL, mac, "h"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_height(NULL, mac, FOLD_HEIGHT_HEADER, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_collapsible(NULL, mac, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_insert_rows(NULL, mac, 0, 2, hs), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_rows(NULL, mac, 0, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_move_row(NULL, mac, 0, watch, 0), FOLD_E_INVALID);
    EACH_ROW_CALL(FAILS_NO_TABLE, NULL, mac, FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expanded_rows(NULL, &rows, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse(NULL, mac, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand(NULL, mac, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_toggle(NULL, mac, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse_all(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand_all(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_states(NULL, &states, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_count(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_at(NULL, 0, &item), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_header_position(NULL, mac, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_row_position(NULL, mac, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_footer_position(NULL, empty, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_activate(NULL, 0, &action), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_height(NULL, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_top(NULL, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_at_offset(NULL, 0, &n, &place), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_content_height(NULL, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_visible_items(NULL, 0, 100, 0, vis, 2, &n, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_sticky_headers(NULL, 0, sticky, 2, &n, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_add_change_listener(NULL, never_called_change, NULL, &n),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_add_section_listener(NULL, never_called_section, NULL, &n),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_add_row_listener(NULL, never_called_row, NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_listener(NULL, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_viewport(NULL, 0, 100), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_clear_viewport(NULL), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_viewport(NULL, &set, &h, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_scroll_offset(NULL, 0, FOLD_ALIGN_AUTO, 0, 100, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_reveal_offset(NULL, mac, 5, 0, 100, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_reveal_row(NULL, mac, 0, 1, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_export_state(NULL, &json), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_import_state(NULL, "{\"version\": 1}", &report), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_height_provider(NULL, FOLD_HEIGHT_ROW, never_called_height, NULL),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_measure(NULL, 0, 100, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_invalidate_heights(NULL, FOLD_ROOT, -1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_loader(NULL, NULL, NULL), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_load_info(NULL, mac, &li), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_finish_load(NULL, mac, 1, NULL, 0, NULL), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_fail_load(NULL, mac, 1, "x"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_load(NULL, mac), FOLD_E_INVALID);
    /* Focus and keyboard. */
    {
        fold_key_result key;
        memset(&key, 0x55, sizeof key);
        FAILS_NO_TABLE(fold_table_set_focus_kinds(NULL, FOLD_FOCUS_ALL), FOLD_E_INVALID);
        FAILS_NO_TABLE(fold_table_set_focus(NULL, 0), FOLD_E_INVALID);
        FAILS_NO_TABLE(fold_table_focus(NULL, &n), FOLD_E_INVALID);
        FAILS_NO_TABLE(fold_table_navigate(NULL, 0, FOLD_NAV_NEXT, &n), FOLD_E_INVALID);
        FAILS_NO_TABLE(fold_table_press_key(NULL, FOLD_KEY_DOWN, 0, &key), FOLD_E_INVALID);
        CHECK_EQ_I64(key.focus, 0x5555555555555555);
    }
    /* Nothing was written. */
    CHECK(states == NULL);
    CHECK(rows == NULL);
    CHECK(json == NULL);
    CHECK_EQ_I64(n, 0);
    CHECK_EQ_I64(id, 0);
    CHECK_EQ_I64(c, 0);
    CHECK_EQ_I64(set, 0);
    CHECK_EQ_DBL(h, 0);
    CHECK_EQ_I64(len, 0);
}

void test_null_outputs(void)
{
    fold_table *t = table;
    int64_t n = -5, path[2] = {0, 0};
    fold_section_id id = 5;
    fold_section_state *states = NULL;
    fold_row_ref *rows = NULL;
    int32_t kind = -5;
    char buf[8] = "x";

    FAILS(fold_table_get_options(t, NULL), FOLD_E_INVALID);
    {
        /* out_options->size must be set first. */
        fold_table_options o;
        memset(&o, 0, sizeof o);
        FAILS(fold_table_get_options(t, &o), FOLD_E_INVALID);
        CHECK_EQ_DBL(o.row_height, 0);
    }
    FAILS(fold_table_find_section(t, "Mac", NULL), FOLD_E_INVALID);
    FAILS(fold_table_child_count(t, FOLD_ROOT, NULL), FOLD_E_INVALID);
    FAILS(fold_table_child_count(t, mac, NULL), FOLD_E_INVALID);
    /* out_kind is required; out_section and out_row are optional. */
    FAILS(fold_table_child_at(t, FOLD_ROOT, 0, NULL, &id, &n), FOLD_E_INVALID);
    CHECK_EQ_I64(id, 5);
    CHECK_EQ_I64(n, -5);
    FAILS(fold_table_section_at_path(t, path, 1, NULL), FOLD_E_INVALID);
    FAILS(fold_table_section_at_path(t, NULL, 1, &id), FOLD_E_INVALID);
    CHECK_EQ_I64(id, 5);
    FAILS(fold_table_section_path(t, mac, path, 2, NULL), FOLD_E_INVALID);
    /* NULL out_path only with capacity 0. */
    FAILS(fold_table_section_path(t, mac, NULL, 1, &n), FOLD_E_INVALID);
    CHECK_EQ_I64(n, -5);
    FAILS(fold_table_section_info(t, mac, NULL), FOLD_E_INVALID);
    /* A NULL buffer only with capacity 0. */
    FAILS(fold_table_section_text(t, mac, FOLD_TEXT_TITLE, NULL, 4, NULL), FOLD_E_INVALID);
    {
        size_t len = 77;
        FAILS_SAYING(fold_table_section_text(t, mac, FOLD_TEXT_KEY, NULL, 1, &len), FOLD_E_INVALID,
                     "NULL");
        CHECK_EQ_I64(len, 77);
    }
    FAILS(fold_table_row_info(t, mac, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_expanded_rows(t, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_expanded_rows(t, &rows, NULL), FOLD_E_INVALID);
    CHECK(rows == NULL);
    FAILS(fold_table_section_states(t, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_section_states(t, &states, NULL), FOLD_E_INVALID);
    CHECK(states == NULL);
    FAILS(fold_table_section_states(t, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_count(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_structure_version(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_batch_depth(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_end_batch(t), FOLD_E_INVALID); /* no batch is open */
    FAILS(fold_table_reload(t, FOLD_ROOT), FOLD_E_INVALID);
    FAILS(fold_table_item_at(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_header_position(t, mac, NULL), FOLD_E_INVALID);
    FAILS(fold_table_row_position(t, mac, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_footer_position(t, empty, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_height(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_top(t, 0, NULL), FOLD_E_INVALID);
    {
        int64_t p = -5;
        int32_t pl = -5;
        FAILS(fold_table_item_at_offset(t, 10, NULL, &pl), FOLD_E_INVALID);
        CHECK_EQ_I64(pl, -5);
        FAILS(fold_table_item_at_offset(t, 10, &p, NULL), FOLD_E_INVALID);
        CHECK_EQ_I64(p, -5);
    }
    FAILS(fold_table_content_height(t, NULL), FOLD_E_INVALID);
    {
        /* Drag and drop, type-ahead: outputs, and NULL arrays with a count. */
        fold_drop_target dt;
        int64_t found = -5;
        dt.kind = -5;
        FAILS(fold_table_drop_target(t, 0, 0, 16, NULL, 0, NULL), FOLD_E_INVALID);
        FAILS_SAYING(fold_table_drop_target(t, 0, 0, 16, NULL, 1, &dt), FOLD_E_INVALID, "NULL");
        CHECK_EQ_I64(dt.kind, -5);
        FAILS_SAYING(fold_table_drop(t, FOLD_ROOT, 0, NULL, 1), FOLD_E_INVALID, "NULL");
        FAILS(fold_table_find_text(t, "M", -1, 0, NULL, NULL, NULL), FOLD_E_INVALID);
        FAILS_SAYING(fold_table_find_text(t, NULL, -1, 0, NULL, NULL, &found), FOLD_E_INVALID, "prefix");
        CHECK_EQ_I64(found, -5);
    }
    {
        fold_visible_item vis[4];
        fold_sticky_header sticky[4];
        int64_t written = -5, total = -5;
        FAILS(fold_table_visible_items(t, 0, 100, 0, vis, 4, NULL, &total), FOLD_E_INVALID);
        CHECK_EQ_I64(total, -5);
        FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, 4, &written, &total),
              FOLD_E_INVALID);
        CHECK_EQ_I64(written, -5);
        CHECK_EQ_I64(total, -5);
        FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, 1, &written, NULL), FOLD_E_INVALID);
        FAILS(fold_table_sticky_headers(t, 30, sticky, 4, NULL, &total), FOLD_E_INVALID);
        FAILS(fold_table_sticky_headers(t, 30, NULL, 4, &written, &total), FOLD_E_INVALID);
        CHECK_EQ_I64(written, -5);
        CHECK_EQ_I64(total, -5);
    }
    {
        double d = -5;
        int set = -5;
        char *json = NULL;
        FAILS(fold_table_viewport(t, NULL, &d, &d), FOLD_E_INVALID);
        FAILS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_AUTO, 0, 100, NULL), FOLD_E_INVALID);
        FAILS(fold_table_reveal_offset(t, mac, 5, 0, 100, NULL), FOLD_E_INVALID);
        FAILS(fold_table_reveal_row(t, mac, 0, 0, NULL), FOLD_E_INVALID);
        FAILS(fold_table_export_state(t, NULL), FOLD_E_INVALID);
        FAILS(fold_table_import_state(t, NULL, NULL), FOLD_E_INVALID);
        CHECK_EQ_DBL(d, -5);
        CHECK_EQ_I64(set, -5);
        CHECK(json == NULL);
    }
    /* NULL functions: a listener needs one; a provider NULL is removed. */
    FAILS(fold_table_add_change_listener(t, NULL, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_add_section_listener(t, NULL, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_add_row_listener(t, NULL, NULL, &n), FOLD_E_INVALID);
    CHECK_EQ_I64(n, -5);
    /* Focus and keyboard: fold_table_press_key's out is optional. */
    FAILS(fold_table_focus(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_navigate(t, 0, FOLD_NAV_NEXT, NULL), FOLD_E_INVALID);
    FAILS(fold_table_navigate(t, -1, FOLD_NAV_FIRST, NULL), FOLD_E_INVALID);
    /* A NULL heights array is fine for insert_rows but not for set_row_heights. */
    FAILS(fold_table_set_row_heights(t, mac, 0, 2, NULL), FOLD_E_INVALID);
    CHECK_EQ_I64(kind, -5);
    CHECK_STR(buf, "x");
}
