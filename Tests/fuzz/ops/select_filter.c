/*
 * ops/select_filter.c — part of fuzz_ops.c (included there, one
 * translation unit): keyed selection and filtering with good and bad
 * arguments (unknown `how`, modes and flags, bad positions and rows,
 * stale ids), and a match function that answers from its input, stops the
 * call (a negative answer: FOLD_E_CANCELLED, nothing changed) or tries to
 * change the table from inside (FOLD_E_BUSY).
 */

/* The input the match function reads its answers from, during filter_op only. */
static reader *match_input = NULL;

/* Answers given for insertions during the current operation (one_op resets
 * it). An insertion of millions of rows while filtering asks about each,
 * by contract: past a million the function stops the call instead, which
 * also exercises taking a huge insertion back. */
static int64_t match_asks = 0;
#define MATCH_ASKS_MAX 1000000

static int fuzz_match(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    reader *r = match_input;
    uint64_t version = 0;
    (void)user_data;
    if (key == NULL || row < -1) {
        die("the match function was called without a key or with a row below -1", __LINE__, (int)row);
    }
    if (fold_table_structure_version(t, &version) == FOLD_OK) version_note(t, version, __LINE__);
    if (r == NULL) {
        if (++match_asks > MATCH_ASKS_MAX) {
            return -1;
        }
        /* Asked about inserted rows: answers vary in the first rows only.
         * (Answers that alternate over a section of 2^28 rows are stored
         * as 2^22 chunks, over a gigabyte: a resource limit, not what this
         * fuzzer looks for.) */
        return row < 256 ? (int)((section + (uint64_t)row) % 3 == 0) : 1;
    }
    switch (byte(r) % 16) {
    case 0:
        return -1;  /* stop the call */
    case 1: {
        /* Changing the table from inside is refused. */
        int st = fold_table_clear_selection(t, NULL);
        if (st != FOLD_E_BUSY) {
            die("a selection change inside the match function was not FOLD_E_BUSY", __LINE__, st);
        }
        return 1;
    }
    default:
        return byte(r) & 1;
    }
}

static int select_op(reader *r, fold_table *tt, fold_table *good)
{
    fold_selected_run *runs = NULL;
    fold_section_id s = an_id(r, good), asec = 0;
    int32_t how = (int32_t)(byte(r) % 5) - (byte(r) % 8 == 0 ? 3 : 0); /* 4 and below 0: unknown */
    int64_t count = -7, rows = -7, secs = -7;
    int st = FOLD_OK, changed = -7, on = -7;
    uint8_t b = byte(r);
    switch (b % 12) {
    case 0: st = fold_table_select_row(tt, s, an_int(r), how, b & 0x40 ? NULL : &changed); break;
    case 1: st = fold_table_select_section(tt, s, how, b & 0x40 ? NULL : &changed); break;
    case 2: st = fold_table_select_item(tt, an_int(r), how, &changed); break;
    case 3: st = fold_table_select_range(tt, an_int(r), how, &changed); break;
    case 4: st = fold_table_select_positions(tt, an_int(r), an_int(r), how, &changed); break;
    case 5: st = fold_table_select_all(tt, &changed); break;
    case 6: st = fold_table_clear_selection(tt, NULL); break;
    case 7: st = fold_table_set_selection_mode(tt, (int32_t)(byte(r) % 4) - 0); break;
    case 8: st = fold_table_set_selection_anchor(tt, s, an_int(r)); break;
    case 9:
        st = fold_table_is_row_selected(tt, s, an_int(r), &on);
        if (st == FOLD_OK && on != 0 && on != 1) die("is_row_selected wrote neither 0 nor 1", __LINE__, on);
        break;
    case 10:
        st = fold_table_selection_count(tt, byte(r) & 1 ? FOLD_ROOT : s, &rows, &secs);
        if (st == FOLD_OK && (rows < 0 || secs < 0)) die("a negative selection count", __LINE__, (int)rows);
        break;
    default:
        st = fold_table_selection(tt, &runs, &count);
        if (st == FOLD_OK) {
            int64_t k;
            for (k = 0; k < count; k++) {
                if (runs[k].key == NULL || runs[k].count <= 0 || runs[k].row < -1) {
                    die("a selected run without a key or with a bad row or count", __LINE__, (int)k);
                }
            }
            fold_free(runs);
        }
        (void)fold_table_selection_anchor(tt, &asec, &rows);
        break;
    }
    return st;
}

static int filter_op(reader *r, fold_table *tt, fold_table *good)
{
    fold_section_id s = an_id(r, good);
    int64_t matches = -7, rows = -7;
    int st = FOLD_OK, on = -7;
    uint32_t flags = 0;
    uint8_t b = byte(r);
    match_input = r;
    switch (b % 8) {
    case 0:
    case 1:
        /* Flags 0..3 are known; 4 and up are not. */
        st = fold_table_set_filter(tt, fuzz_match, NULL, (uint32_t)(byte(r) % 6));
        break;
    case 2:
        st = fold_table_set_filter(tt, NULL, NULL, byte(r) % 8 == 0 ? 1u : 0u);
        break;
    case 3:
        st = fold_table_set_row_match(tt, s, an_int(r), byte(r) & 1);
        break;
    case 4:
        st = fold_table_set_section_match(tt, s, byte(r) & 1);
        break;
    case 5:
        st = fold_table_row_matches(tt, s, an_int(r), &on);
        break;
    case 6:
        st = fold_table_match_count(tt, byte(r) & 1 ? FOLD_ROOT : s, &matches, &rows);
        if (st == FOLD_OK && (matches < 0 || matches > rows)) die("match count outside 0..rows", __LINE__, (int)matches);
        break;
    default:
        st = fold_table_filter_info(tt, &on, &flags);
        if (st == FOLD_OK && flags > 3) die("filter_info reported unknown flags", __LINE__, (int)flags);
        break;
    }
    match_input = NULL;
    return st;
}
