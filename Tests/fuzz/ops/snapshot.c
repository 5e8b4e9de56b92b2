/*
 * ops/snapshot.c — part of fuzz_ops.c (included there, one translation
 * unit): fold_table_apply_snapshot with a snapshot read from the input,
 * good and bad alike: depth jumps, duplicate and invalid keys, unknown
 * kinds and flags, bad heights and counts, NULL entries.
 */

#define SNAPSHOT_CAP 12

/* SNAPSHOT_CAP entries from the input (also fold_table_finish_load's, ops/loading.c). */
static void read_entries(reader *r, fold_snapshot_entry *entries)
{
    int64_t i;
    memset(entries, 0, SNAPSHOT_CAP * sizeof entries[0]);
    for (i = 0; i < SNAPSHOT_CAP; i++) {
        fold_snapshot_entry *e = &entries[i];
        uint8_t b = byte(r);
        /* Mostly sections and row runs one level apart; now and then an
         * unknown kind or a depth that jumps or goes negative. */
        e->kind = b % 16 == 15 ? (int32_t)an_int(r) : (b % 3 == 0 ? FOLD_SNAPSHOT_ROWS
                                                                  : FOLD_SNAPSHOT_SECTION);
        e->depth = b % 32 == 31 ? (int32_t)an_int(r) : (int32_t)((b / 3) % 3);
        e->key = a_key(r);
        e->header = byte(r) & 1 ? a_key(r) : NULL;
        e->rows = an_int(r);
        e->flags = a_flags(r);
        e->heights = byte(r) % 10;  /* the three bits, sometimes an unknown one */
        e->header_height = a_height(r);
        e->footer_height = a_height(r);
        e->row_height = a_height(r);
    }
}

static int snapshot_op(reader *r, fold_table *tt)
{
    fold_snapshot_entry entries[SNAPSHOT_CAP];
    fold_snapshot_report report;
    int64_t count = a_count(r, SNAPSHOT_CAP);
    int st;
    read_entries(r, entries);
    st = fold_table_apply_snapshot(tt, byte(r) % 16 == 0 ? NULL : entries, count,
                                   byte(r) & 1 ? &report : NULL);
    check_status(st, __LINE__);
    return st;
}
