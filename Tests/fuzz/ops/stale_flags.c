/*
 * ops/stale_flags.c — part of fuzz_ops.c (included there, one translation unit): stale, foreign and root ids for every function that takes a
 * section; the insert flags of new sections.
 */

/* ---- stale, foreign and root ids ---------------------------------------- */

/* Calls function `f` of those that take a section with `id` and every other
 * argument valid for a live section. */
static int with_section(fold_table *t, int f, fold_section_id id)
{
    fold_section_info si;
    fold_row_info ri;
    fold_load_info li;
    int64_t path[4], n = -7;
    double h = 10, d = -7;
    int32_t kind = -7;
    char buf[8];
    size_t len = 0;
    fold_section_id live = a_live(t);
    switch (f) {
    case 0: return fold_table_section_info(t, id, &si);
    case 1: return fold_table_section_text(t, id, FOLD_TEXT_KEY, buf, sizeof buf, &len);
    case 2: return fold_table_section_path(t, id, path, 4, &n);
    case 3: return fold_table_remove_section(t, id);
    case 4: return fold_table_move_section(t, id, FOLD_ROOT, 0);
    case 5: return fold_table_set_section_header(t, id, "stale");
    case 6: return fold_table_set_section_height(t, id, FOLD_HEIGHT_HEADER, 10);
    case 7: return fold_table_set_collapsible(t, id, 1);
    case 8: return fold_table_insert_rows(t, id, 0, 1, NULL);
    case 9: return fold_table_remove_rows(t, id, 0, 0);
    case 10: return fold_table_move_row(t, id, 0, live != FOLD_ROOT ? live : id, 0);
    case 11: return fold_table_set_row_height(t, id, 0, 10);
    case 12: return fold_table_set_row_heights(t, id, 0, 1, &h);
    case 13: return fold_table_set_row_expanded_height(t, id, 0, 50);
    case 14: return fold_table_expand_row(t, id, 0, NULL);
    case 15: return fold_table_collapse_row(t, id, 0, NULL);
    case 16: return fold_table_toggle_row(t, id, 0, NULL);
    case 17: return fold_table_row_info(t, id, 0, &ri);
    case 18: return fold_table_collapse(t, id, NULL);
    case 19: return fold_table_expand(t, id, NULL);
    case 20: return fold_table_toggle(t, id, NULL);
    case 21: return fold_table_header_position(t, id, &n);
    case 22: return fold_table_row_position(t, id, 0, &n);
    case 23: return fold_table_footer_position(t, id, &n);
    case 24: return fold_table_reveal_offset(t, id, 5, 0, 100, &d);
    case 25: return fold_table_reveal_row(t, id, 0, 1, &n);
    case 26: return fold_table_invalidate_heights(t, id, 0);
    case 27: return fold_table_load_info(t, id, &li);
    case 28: return fold_table_finish_load(t, id, 1, NULL, 0, NULL);
    case 29: return fold_table_fail_load(t, id, 1, "stale");
    case 30: return fold_table_load(t, id);
    /* From here on FOLD_ROOT is valid (the table, or a parent). */
    case 31: return fold_table_invalidate_heights(t, id, -1);
    case 32: return fold_table_child_count(t, id, &n);
    case 33: return fold_table_child_at(t, id, 0, &kind, NULL, NULL);
    case 34: return fold_table_insert_section(t, id, FOLD_INDEX_END, "stale-parent", NULL, 0, 0, NULL);
    case 35: return fold_table_remove_children(t, id, 0, 0);
    case 36: return fold_table_move_section(t, live, id, 0); /* a live section under it */
    default: return fold_table_move_row(t, a_live_row(t), 0, id, 0); /* a row into it */
    }
}
#define WITH_SECTION_FUNCTIONS 38
#define WITH_SECTION_PARENTS 31 /* f >= this: FOLD_ROOT is valid */

/* A removed section's id or another table's id is FOLD_E_NOT_FOUND for
 * every function that takes a section; FOLD_ROOT is FOLD_E_INVALID where a
 * section is required. Nothing changes. */
static void stale_op(reader *r, fold_table *t)
{
    uint8_t b = byte(r), f = byte(r) % WITH_SECTION_FUNCTIONS;
    fold_section_id id;
    fold_section_info si;
    int st, expected = FOLD_E_NOT_FOUND, i;
    if (b % 4 == 3) {
        if (f >= WITH_SECTION_PARENTS) {
            return; /* FOLD_ROOT is a valid parent */
        }
        id = FOLD_ROOT;
        expected = FOLD_E_INVALID;
    } else if (b % 4 != 0 && ids.ndead > 0) {
        id = ids.dead[(b / 4) % ids.ndead];
    } else {
        id = ids.foreign[(b / 4) % 4];
    }
    if ((f == 36 && a_live(t) == FOLD_ROOT) || (f == 37 && a_live_row(t) == FOLD_ROOT)) {
        return;
    }
    st = with_section(t, f, id);
    check_status(st, __LINE__);
    if (st != expected) {
        fprintf(stderr, "function %d of with_section, id %llu (%s)\n", f, (unsigned long long)id,
                expected == FOLD_E_INVALID ? "FOLD_ROOT" : "removed or foreign");
        die(expected == FOLD_E_INVALID ? "FOLD_ROOT where a section is required was not FOLD_E_INVALID"
                                       : "a removed or foreign id was not FOLD_E_NOT_FOUND",
            __LINE__, st);
    }
    /* Removed ids stay removed; the other table's live ids stay its own. */
    for (i = 0; i < ids.ndead; i++) {
        if (fold_table_section_info(t, ids.dead[i], &si) != FOLD_E_NOT_FOUND) {
            die("a removed section's id resolves again", __LINE__, 0);
        }
    }
    for (i = 0; i < 3; i++) {
        if (fold_table_section_info(ids.other, ids.foreign[i], &si) != FOLD_OK) {
            die("the other table lost a section", __LINE__, 0);
        }
    }
}

/* ---- section flags ------------------------------------------------------ */

/* A section inserted with `flags` (accepted, so a valid combination: not
 * COLLAPSED with FIXED, NO_HEADER or EXPANDED) reports them: COLLAPSED as
 * its stored state (EXPANDED: not collapsed), FIXED, NO_HEADER (which
 * implies FIXED and has no header item, wherever it is), UNLOADED (with
 * COLLAPSED: it starts collapsed; with EXPANDED: expanded, loading at
 * once); COLLAPSIBLE only when it is not fixed
 * and has children or children to load. */
static void check_new_flags(const fold_table *t, fold_section_id id, uint32_t flags)
{
    fold_section_info si;
    int64_t pos = -7;
    int st = fold_table_section_info(t, id, &si);
    if (st != FOLD_OK) {
        die("section_info of a new section failed", __LINE__, st);
    }
    if ((flags & FOLD_SECTION_COLLAPSED) &&
        (flags & (FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER | FOLD_SECTION_EXPANDED))) {
        die("a section was inserted with COLLAPSED and FIXED, NO_HEADER or EXPANDED", __LINE__, 0);
    }
    if ((flags & FOLD_SECTION_UNLOADED) && (flags & (FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER))) {
        die("a section was inserted with UNLOADED and FIXED or NO_HEADER", __LINE__, 0);
    }
    if (((flags & FOLD_SECTION_COLLAPSED) && !(si.flags & FOLD_SECTION_COLLAPSED)) ||
        ((flags & FOLD_SECTION_EXPANDED) && (si.flags & FOLD_SECTION_COLLAPSED)) ||
        (si.flags & FOLD_SECTION_EXPANDED) ||
        ((flags & FOLD_SECTION_FIXED) && !(si.flags & FOLD_SECTION_FIXED)) ||
        ((flags & FOLD_SECTION_NO_HEADER) &&
         (si.flags & (FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED)) !=
             (FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED)) ||
        (!(flags & FOLD_SECTION_NO_HEADER) && (si.flags & FOLD_SECTION_NO_HEADER)) ||
        ((flags & FOLD_SECTION_UNLOADED) &&
         (si.flags & (FOLD_SECTION_UNLOADED | FOLD_SECTION_COLLAPSED)) !=
             (FOLD_SECTION_UNLOADED | ((flags & FOLD_SECTION_EXPANDED) ? 0 : FOLD_SECTION_COLLAPSED))) ||
        (!(flags & FOLD_SECTION_UNLOADED) && (si.flags & FOLD_SECTION_UNLOADED)) ||
        ((si.flags & FOLD_SECTION_COLLAPSIBLE) &&
         ((si.flags & FOLD_SECTION_FIXED) || (si.child_count == 0 && !(si.flags & FOLD_SECTION_UNLOADED))))) {
        fprintf(stderr, "inserted with flags %u, reports %u\n", flags, si.flags);
        die("a new section does not report the flags it was inserted with", __LINE__, 0);
    }
    st = fold_table_header_position(t, id, &pos);
    if ((flags & FOLD_SECTION_NO_HEADER) && st != FOLD_E_NOT_FOUND) {
        die("a section without a header item has a header position", __LINE__, st);
    }
}
