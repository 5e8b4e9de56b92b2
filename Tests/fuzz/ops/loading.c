/*
 * ops/loading.c — part of fuzz_ops.c (included there, one translation
 * unit): lazily loaded children (unloaded sections are inserted by ops 0
 * and 1, a_flags): a loader that acts on
 * START (finishes with entries from the input, good or bad, fails, removes
 * the section, or waits), finish/fail with current, stale and made-up
 * tickets, retries, and the expansions and collapses that start and cancel
 * loads.
 */

/* The input the loader reads its choices from, during loading_op only. */
static reader *loader_input = NULL;

static void fuzz_loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket,
                        int32_t event, void *user_data)
{
    fold_snapshot_entry entries[SNAPSHOT_CAP];
    reader *r = loader_input;
    (void)user_data;
    if (ticket == 0 || key == NULL || (event != FOLD_LOAD_START && event != FOLD_LOAD_CANCEL)) {
        die("the loader was called with ticket 0, no key or an unknown event", __LINE__, event);
    }
    if (r == NULL || event != FOLD_LOAD_START) {
        return;
    }
    switch (byte(r) % 4) {
    case 0:
        break;
    case 1:
        read_entries(r, entries);
        check_status(fold_table_finish_load(t, section, ticket, entries, a_count(r, SNAPSHOT_CAP), NULL),
                     __LINE__);
        break;
    case 2:
        check_status(fold_table_fail_load(t, section, ticket, byte(r) & 1 ? a_key(r) : NULL), __LINE__);
        break;
    default:
        check_status(fold_table_remove_section(t, section), __LINE__);
        break;
    }
}

/* A ticket: the section's current one, a neighbour of it, or any. */
static uint64_t a_ticket(reader *r, const fold_table *good, fold_section_id s)
{
    fold_load_info li;
    uint8_t b = byte(r);
    memset(&li, 0, sizeof li);
    if (b % 4 == 3) {
        return (uint64_t)an_int(r);
    }
    (void)fold_table_load_info(good, s, &li);
    return li.ticket + b % 3 - (b % 3 == 2 ? 3 : 0);
}

static int loading_op(reader *r, fold_table *tt, fold_table *good)
{
    fold_snapshot_entry entries[SNAPSHOT_CAP];
    fold_snapshot_report report;
    fold_load_info li;
    fold_section_id s = an_id(r, good);
    uint8_t b = byte(r);
    int st = FOLD_OK, changed = -7;
    loader_input = r;
    switch (b % 8) {
    case 0: {
        /* Unloaded sections come from a_flags (ops 0 and 1); here the
         * bulk calls, which leave them unloaded or cancel their loads. */
        int64_t n = -7;
        st = (b & 0x40 ? fold_table_collapse_all : fold_table_expand_all)(tt, &n);
        break;
    }
    case 1:
        st = fold_table_set_loader(tt, b & 0x40 ? NULL : fuzz_loader, NULL);
        break;
    case 2:
        read_entries(r, entries);
        st = fold_table_finish_load(tt, s, a_ticket(r, good, s), byte(r) % 16 == 0 ? NULL : entries,
                                    a_count(r, SNAPSHOT_CAP), b & 0x40 ? &report : NULL);
        break;
    case 3:
        st = fold_table_fail_load(tt, s, a_ticket(r, good, s), b & 0x40 ? NULL : a_key(r));
        break;
    case 4:
        st = fold_table_load(tt, s);
        break;
    case 5:
        st = fold_table_load_info(tt, s, b & 0x40 ? NULL : &li);
        if (st == FOLD_OK && (li.state < FOLD_LOAD_LOADED || li.state > FOLD_LOAD_RELOADING ||
                              (li.ticket != 0) != (li.state != FOLD_LOAD_LOADED && li.state != FOLD_LOAD_UNLOADED))) {
            die("fold_table_load_info reported an unknown state or a ticket that does not match it", __LINE__, st);
        }
        break;
    case 6:
        if (b & 0x80) {  /* a reload: its children come through case 2 or the loader */
            st = fold_table_reload(tt, s);
            break;
        }
        /* fall through */
    default:
        /* What starts and cancels loads, with the loader acting. */
        st = (b & 0x40 ? fold_table_collapse : b & 0x80 ? fold_table_toggle : fold_table_expand)(tt, s, &changed);
        break;
    }
    loader_input = NULL;
    check_status(st, __LINE__);
    return st;
}
