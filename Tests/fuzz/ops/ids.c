/*
 * ops/ids.c — part of fuzz_ops.c (included there, one translation unit): section ids: the ones handed out, removed ones and another
 * table's, fed to every call that takes an id.
 */

/* ---- section ids --------------------------------------------------------- */

#define IDCAP 48
#define DEADCAP 32

static struct {
    fold_table *other;               /* a second table: its ids are foreign here */
    fold_section_id known[IDCAP];    /* ids seen in this table (live or not) */
    int nknown, nextknown;
    fold_section_id dead[DEADCAP];   /* ids of sections since removed */
    int ndead, nextdead;
    fold_section_id foreign[4];      /* the second table's (the last one removed there) */
} ids;

static int id_in(const fold_section_id *list, int n, fold_section_id id)
{
    int i;
    for (i = 0; i < n; i++) {
        if (list[i] == id) {
            return 1;
        }
    }
    return 0;
}

static void id_known(fold_section_id id)
{
    if (id == FOLD_ROOT || id_in(ids.known, ids.nknown, id)) {
        return;
    }
    ids.known[ids.nextknown] = id;
    ids.nextknown = (ids.nextknown + 1) % IDCAP;
    if (ids.nknown < IDCAP) {
        ids.nknown++;
    }
}

static void id_dead(fold_section_id id)
{
    if (id_in(ids.dead, ids.ndead, id)) {
        return;
    }
    ids.dead[ids.nextdead] = id;
    ids.nextdead = (ids.nextdead + 1) % DEADCAP;
    if (ids.ndead < DEADCAP) {
        ids.ndead++;
    }
}

/* A section was inserted with id `id` and key `key`: a new id, never 0 nor
 * one seen before, that the key finds. */
static void id_new(const fold_table *t, fold_section_id id, const char *key)
{
    fold_section_id found = 0;
    if (id == FOLD_ROOT) {
        die("a new section got id 0 (FOLD_ROOT)", __LINE__, 0);
    }
    if (id_in(ids.known, ids.nknown, id) || id_in(ids.dead, ids.ndead, id) ||
        id_in(ids.foreign, 4, id)) {
        die("a new section got an id handed out before", __LINE__, 0);
    }
    if (fold_table_find_section(t, key, &found) != FOLD_OK || found != id) {
        die("find_section does not give a new section's id back", __LINE__, 0);
    }
    id_known(id);
}

/* After a call that may have removed sections: the known ids that stopped
 * resolving are dead from now on. */
static void ids_scan(const fold_table *t)
{
    fold_section_info si;
    int i;
    for (i = 0; i < ids.nknown; i++) {
        if (fold_table_section_info(t, ids.known[i], &si) == FOLD_E_NOT_FOUND) {
            id_dead(ids.known[i]);
        }
    }
}

/* An id to pass where a section or parent is asked for: a top-level
 * section by index, a known id (live or not), a section found by key, a
 * removed or foreign id, FOLD_ROOT or a made-up value. */
static fold_section_id an_id(reader *r, const fold_table *t)
{
    static const fold_section_id odd[] = {FOLD_ROOT, FOLD_ROOT, 1, 2, 3, UINT64_MAX,
                                          (fold_section_id)1 << 32, (fold_section_id)1 << 63};
    uint8_t b = byte(r);
    fold_section_id id = FOLD_ROOT;
    int32_t kind = -1;
    switch (b % 8) {
    case 0:
    case 1:
    case 2:
        if (fold_table_child_at(t, FOLD_ROOT, (b / 8) % 6, &kind, &id, NULL) == FOLD_OK) {
            id_known(id);
            return id;
        }
        /* fall through */
    case 3:
    case 4:
        if (ids.nknown > 0) {
            return ids.known[(b / 8) % ids.nknown];
        }
        /* fall through */
    case 5:
        if (fold_table_find_section(t, a_key(r), &id) == FOLD_OK) {
            id_known(id);
            return id;
        }
        return FOLD_ROOT;
    case 6:
        if (ids.ndead > 0 && (b & 8)) {
            return ids.dead[(b / 16) % ids.ndead];
        }
        return ids.foreign[(b / 16) % 4];
    default:
        return odd[(b / 8) % (sizeof odd / sizeof odd[0])];
    }
}

/* A live section of `t` (0 if it has none). */
static fold_section_id a_live(const fold_table *t)
{
    fold_section_info si;
    int i;
    for (i = 0; i < ids.nknown; i++) {
        if (fold_table_section_info(t, ids.known[i], &si) == FOLD_OK) {
            return ids.known[i];
        }
    }
    return FOLD_ROOT;
}

/* A live section of `t` with a row 0 (0 if it has none). */
static fold_section_id a_live_row(const fold_table *t)
{
    fold_section_info si;
    int i;
    for (i = 0; i < ids.nknown; i++) {
        if (fold_table_section_info(t, ids.known[i], &si) == FOLD_OK && si.row_count > 0) {
            return ids.known[i];
        }
    }
    return FOLD_ROOT;
}
