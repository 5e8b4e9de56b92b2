/*
 * ops/hostile.c — part of fuzz_ops.c (included there, one translation unit): hostile callbacks: listeners and providers that remove and
 * replace each other, try changes, return bad heights and free the table.
 */

/* ---- hostile callbacks -------------------------------------------------- */

/* What a callback does when called (chosen from the input when it is
 * registered). Its user_data is a malloc'd hctx, freed the moment the
 * harness removes or replaces it: the library must never call it again. */
enum {
    ACT_READ,            /* queries only (and checks its id against its key) */
    ACT_REMOVE_OTHER,    /* removes listener slot arg and frees its user_data */
    ACT_REMOVE_SELF,     /* removes itself and frees its own user_data */
    ACT_REPLACE_ROWS,    /* replaces the row height provider, freeing the old user_data */
    ACT_REMOVE_ROWS,     /* removes the row height provider */
    ACT_REPLACE_HEADER,  /* replaces or removes the header height provider */
    ACT_ADD,             /* adds a listener (first called in the next round) */
    ACT_FREE_TABLE,      /* fold_table_free: deferred to the outermost call */
    ACT_TRY_CHANGE,      /* a change: must be FOLD_E_BUSY */
    ACT_REFUSE,          /* refuses "will" events (providers: keep the estimate) */
    ACT_REPLACE_EXPANDED, /* replaces or removes the expanded-height provider */
    ACT_OTHER_TABLE,     /* changes the second table: allowed */
    ACT_BAD_HEIGHT,      /* providers answer NaN, infinite, negative or too large */
    ACT_COUNT
};

#define HSLOTS 6
#define HMAGIC 0x46c0ffeeu

/* Callback kinds: 0 change, 1 section, 2 row listener; providers 3 + P_*. */
enum { P_ROW, P_HEADER, P_EXPANDED, P_COUNT };

typedef struct hctx {
    uint32_t magic;
    int kind;
    int slot; /* listeners: index in hs.listeners */
    int64_t id;
    uint8_t action, arg;
} hctx;

static struct {
    fold_table *t;
    hctx *listeners[HSLOTS];
    hctx *prov[P_COUNT]; /* the current providers' user_data */
    int freed;           /* the table was freed inside a callback */
    int calls;           /* callbacks run for this input (bounds the work) */
} hs;

static int32_t which_of(int p)
{
    return p == P_ROW ? FOLD_HEIGHT_ROW : p == P_HEADER ? FOLD_HEIGHT_HEADER : FOLD_HEIGHT_EXPANDED;
}

static hctx *hctx_new(int kind, uint8_t action, uint8_t arg)
{
    hctx *c = (hctx *)calloc(1, sizeof *c);
    if (c == NULL) {
        abort();
    }
    c->magic = HMAGIC;
    c->kind = kind;
    c->slot = -1;
    c->action = (uint8_t)(action % ACT_COUNT);
    c->arg = arg;
    return c;
}

static void hctx_free(hctx *c)
{
    if (c != NULL) {
        c->magic = 0;
        free(c);
    }
}

static void hs_expect(int st, int expected, int line)
{
    if (st != expected) {
        die(expected == FOLD_E_BUSY ? "a change inside a callback was not refused with FOLD_E_BUSY"
                                    : "a callback-allowed call failed",
            line, st);
    }
}

static void on_change_h(fold_table *t, const fold_change_set *set, void *user_data);
static int on_section_h(fold_table *t, fold_section_id section, const char *key, int32_t event,
                        void *user_data);
static int on_row_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    int32_t event, void *user_data);
static int height_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    double *out, void *user_data);

/* Registers a listener of `kind` in a free slot (none free: nothing). */
static void hs_add_listener(int kind, uint8_t action, uint8_t arg)
{
    int i, st;
    hctx *c;
    for (i = 0; i < HSLOTS && hs.listeners[i] != NULL; i++) {
    }
    if (i == HSLOTS) {
        return;
    }
    c = hctx_new(kind % 3, action, arg);
    c->slot = i;
    switch (c->kind) {
    case 0:
        st = fold_table_add_change_listener(hs.t, on_change_h, c, &c->id);
        break;
    case 1:
        st = fold_table_add_section_listener(hs.t, on_section_h, c, &c->id);
        break;
    default:
        st = fold_table_add_row_listener(hs.t, on_row_h, c, &c->id);
        break;
    }
    hs_expect(st, FOLD_OK, __LINE__);
    hs.listeners[i] = c;
}

static void hs_remove_listener(int slot)
{
    hctx *c = hs.listeners[slot];
    int64_t id;
    if (c == NULL) {
        return;
    }
    id = c->id;
    hs_expect(fold_table_remove_listener(hs.t, id), FOLD_OK, __LINE__);
    hs.listeners[slot] = NULL;
    hctx_free(c);
    /* Removing it again: the id is gone. */
    hs_expect(fold_table_remove_listener(hs.t, id), FOLD_E_NOT_FOUND, __LINE__);
}

/* Replaces (with_new) or removes provider p (P_*); the old user_data is
 * freed as soon as the call returns. */
static void hs_set_provider(int p, int with_new, uint8_t action, uint8_t arg)
{
    hctx *old = hs.prov[p];
    hctx *c = with_new ? hctx_new(3 + p, action, arg) : NULL;
    int st = fold_table_set_height_provider(hs.t, which_of(p), c ? height_h : NULL, c);
    hs_expect(st, FOLD_OK, __LINE__);
    hs.prov[p] = c;
    hctx_free(old);
}

/* The section a callback names is live and its key is that section's key. */
static void hs_check_section(fold_table *t, fold_section_id section, const char *key)
{
    fold_section_id found = 0;
    char buf[64];
    size_t len = 0;
    if (section == FOLD_ROOT || key == NULL) {
        die("a callback got no section id or a NULL key", __LINE__, 0);
    }
    if (fold_table_find_section(t, key, &found) != FOLD_OK || found != section) {
        die("a callback's key does not find its section id", __LINE__, 0);
    }
    if (fold_table_section_text(t, section, FOLD_TEXT_KEY, buf, sizeof buf, &len) != FOLD_OK ||
        len != strlen(key) || (len < sizeof buf && strcmp(buf, key) != 0)) {
        die("a callback's section id has another key", __LINE__, 0);
    }
}

/* A change inside a callback on `t` whose other arguments are valid: it
 * must be FOLD_E_BUSY and change nothing. */
static void hs_try_change(fold_table *t, fold_section_id section, int64_t row, uint8_t arg)
{
    int st;
    switch (section == FOLD_ROOT ? arg % 3 : arg % 9) {
    case 0:
        /* FOLD_E_BUSY even with no provider set. */
        st = fold_table_measure(t, 0, 100, 0, NULL);
        break;
    case 1:
        /* "zz" is no key a_key() gives: valid anywhere but in a callback. */
        st = fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "zz", NULL, 0, 0, NULL);
        break;
    case 2:
        st = fold_table_import_state(t, "{\"version\": 1, \"collapsed\": {}}", NULL);
        break;
    case 3:
        st = fold_table_set_section_header(t, section, "busy"); /* no header is "busy" */
        break;
    case 4:
        st = fold_table_remove_section(t, section);
        break;
    case 5:
        st = fold_table_set_section_height(t, section, FOLD_HEIGHT_FOOTER, 3.5);
        break;
    case 6:
        st = fold_table_insert_rows(t, section, FOLD_INDEX_END, 1, NULL);
        if (st == FOLD_E_RANGE) {
            st = FOLD_E_BUSY; /* FOLD_MAX_ROWS reached: checked first, fine */
        } else if (st == FOLD_E_NOT_ALLOWED) {
            /* Children not loaded: an argument check, which comes first too;
             * it must be the reason. */
            fold_section_info si;
            hs_expect(fold_table_section_info(t, section, &si), FOLD_OK, __LINE__);
            if (si.flags & FOLD_SECTION_UNLOADED) {
                st = FOLD_E_BUSY;
            }
        }
        break;
    case 7:
        st = fold_table_remove_children(t, section, 0, 1);
        if (st == FOLD_E_RANGE) {
            st = FOLD_E_BUSY; /* no child */
        }
        break;
    default:
        if (row >= 0) {
            st = fold_table_set_row_height(t, section, row, 7.125); /* no height is 7.125 */
        } else {
            /* The opposite of what it is, so it is a change. */
            fold_section_info si;
            hs_expect(fold_table_section_info(t, section, &si), FOLD_OK, __LINE__);
            st = fold_table_set_collapsible(t, section, (si.flags & FOLD_SECTION_FIXED) != 0);
            if (st == FOLD_E_NOT_ALLOWED) {
                st = FOLD_E_BUSY; /* collapsed or headerless: checked first, fine */
            }
        }
        break;
    }
    hs_expect(st, FOLD_E_BUSY, __LINE__);
    if (fold_last_error_message()[0] == '\0') {
        die("FOLD_E_BUSY without a message", __LINE__, st);
    }
}

/* Runs a callback's action; returns 0 to refuse a "will" event (or keep the
 * estimate), -1 to answer a bad height. `self` may be freed on return
 * (ACT_REMOVE_SELF, or replaced providers). */
static int hs_act(fold_table *t, hctx *self, fold_section_id section, const char *key,
                  int64_t row)
{
    uint8_t action = self->action, arg = self->arg;
    int64_t n = -1;
    if (self->magic != HMAGIC) {
        die("a callback got a user_data that is not live", __LINE__, 0);
    }
    if (t != hs.t) {
        die("a callback got another table", __LINE__, 0);
    }
    if (hs.freed) {
        die("a callback ran after fold_table_free returned", __LINE__, 0);
    }
    if (++hs.calls > 2000) {
        return 1; /* enough for one input */
    }
    /* Reading is allowed inside a callback, also after a deferred free. */
    hs_expect(fold_table_item_count(t, &n), FOLD_OK, __LINE__);
    if (self->kind != 0) {
        hs_check_section(t, section, key);
    }
    switch (action) {
    case ACT_REMOVE_OTHER:
        if (hs.listeners[arg % HSLOTS] != self) {
            hs_remove_listener(arg % HSLOTS);
        }
        break;
    case ACT_REMOVE_SELF:
        if (self->kind <= 2) {
            hs_remove_listener(self->slot); /* frees self */
        } else {
            hs_set_provider(self->kind - 3, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 7));
        }
        break;
    case ACT_REPLACE_ROWS:
        hs_set_provider(P_ROW, 1, (uint8_t)(arg / 2), (uint8_t)(arg * 5 + 1));
        break;
    case ACT_REMOVE_ROWS:
        hs_set_provider(P_ROW, 0, 0, 0);
        break;
    case ACT_REPLACE_HEADER:
        hs_set_provider(P_HEADER, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 3 + 2));
        break;
    case ACT_REPLACE_EXPANDED:
        hs_set_provider(P_EXPANDED, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 13 + 5));
        break;
    case ACT_ADD:
        hs_add_listener(arg % 3, (uint8_t)(arg / 3), (uint8_t)(arg * 11 + 3));
        break;
    case ACT_FREE_TABLE:
        if (!hs.freed) {
            hs.freed = 1;
            fold_table_free(t);
        }
        break;
    case ACT_TRY_CHANGE:
        if (!hs.freed) {
            hs_try_change(t, section, row, arg);
        }
        break;
    case ACT_OTHER_TABLE: {
        /* Another table, no other thread: changing it is fine. */
        int changed = -1;
        hs_expect(fold_table_toggle(ids.other, ids.foreign[0], &changed), FOLD_OK, __LINE__);
        if (changed != 1) {
            die("toggling the other table's section changed nothing", __LINE__, 0);
        }
        break;
    }
    case ACT_REFUSE:
        return 0;
    case ACT_BAD_HEIGHT:
        return -1;
    default:
        break;
    }
    return 1;
}

static void on_change_h(fold_table *t, const fold_change_set *set, void *user_data)
{
    if (set == NULL || set->change_count < 0 || set->redraw_count < 0 ||
        (set->change_count > 0 && set->changes == NULL) ||
        (set->redraw_count > 0 && set->redraw == NULL)) {
        die("a change listener got a malformed change set", __LINE__, 0);
    }
    hs_act(t, (hctx *)user_data, FOLD_ROOT, NULL, -1);
}

static int on_section_h(fold_table *t, fold_section_id section, const char *key, int32_t event,
                        void *user_data)
{
    if (event < FOLD_SECTION_WILL_COLLAPSE || event > FOLD_SECTION_DID_EXPAND) {
        die("a section listener got an unknown event", __LINE__, event);
    }
    return hs_act(t, (hctx *)user_data, section, key, -1) > 0;
}

static int on_row_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    int32_t event, void *user_data)
{
    fold_row_info ri;
    if (event < FOLD_ROW_WILL_EXPAND || event > FOLD_ROW_DID_COLLAPSE) {
        die("a row listener got an unknown event", __LINE__, event);
    }
    if (fold_table_row_info(t, section, row, &ri) != FOLD_OK) {
        die("a row listener got a row that does not exist", __LINE__, 0);
    }
    return hs_act(t, (hctx *)user_data, section, key, row) > 0;
}

static int height_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    double *out, void *user_data)
{
    static const double bad[] = {NAN, INFINITY, -1, -INFINITY, FOLD_MAX_HEIGHT * 2, 1e300};
    hctx *c = (hctx *)user_data;
    int kind = c->magic == HMAGIC ? c->kind : -1, p = kind - 3, act;
    uint8_t arg = c->arg;
    double h;
    if (out == NULL) {
        die("a height provider got no output", __LINE__, 0);
    }
    if (kind >= 3 && (p == P_HEADER) != (row == -1)) {
        die("a header provider got a row, or a row provider row -1", __LINE__, (int)row);
    }
    if (p == P_EXPANDED) {
        h = (arg & 3) == 0 ? 0 : 60 + (double)(arg % 64) + 0.5 * (double)(row & 1);
    } else if (p == P_HEADER) {
        h = (double)(arg % 48) + 0.5;
    } else {
        h = (double)(arg % 64) + 0.25 * (double)(row & 3);
    }
    act = hs_act(t, c, section, key, row); /* c may be freed from here on */
    if (act == 0) {
        return 0; /* keep the estimate */
    }
    *out = act < 0 ? bad[arg % (sizeof bad / sizeof bad[0])] : h;
    return 1;
}

/* One callback operation, from outside any callback. */
static void hostile_op(reader *r)
{
    uint8_t what = byte(r), action = byte(r), arg = byte(r);
    int64_t measured = -7;
    int st;
    switch (what % 7) {
    case 0:
    case 1:
        hs_add_listener(what / 7, action, arg);
        break;
    case 2:
        hs_set_provider((what / 7) % P_COUNT, !(what & 128), action, arg);
        break;
    case 3:
        hs_remove_listener(arg % HSLOTS);
        break;
    case 4: {
        /* An unknown `which` is refused and the current provider stays. */
        static const int32_t bad_which[] = {FOLD_HEIGHT_FOOTER, 4, -1, 1000};
        hctx *c = hctx_new(3, action, arg);
        st = fold_table_set_height_provider(hs.t, bad_which[what / 7 % 4], height_h, c);
        check_status(st, __LINE__);
        if (st != FOLD_E_INVALID) {
            die("a provider for an unknown height was not refused", __LINE__, st);
        }
        hctx_free(c);
        break;
    }
    default: {
        double offset = an_offset(r), height = a_height(r);
        int64_t overscan = an_int(r) % 8;
        /* measure is O(k) for the k rows of its viewport, and a viewport of
         * 2^28 rows of 0.1 pt holds them all (a 25 s timeout once): keep k
         * small, while bad arguments still reach the call. Its rounds let
         * rows that a provider made shorter pull in more (from 256 rows of
         * 44 pt measured at 0.1 pt, 10^5 the next round: another timeout),
         * so on a table of more than 2^16 items only bad arguments reach it. */
        int set = 0;
        double voffset = 0, vheight = 0;
        int64_t written = 0, total = 0, items = 0;
        fold_table_viewport(hs.t, &set, &voffset, &vheight);
        fold_table_item_count(hs.t, &items);
        if (items > 65536 && height == height && height >= 0 && offset == offset && overscan >= 0) {
            break;
        }
        if (fold_table_visible_items(hs.t, set ? voffset : offset, height, overscan < 0 ? 0 : overscan,
                                     NULL, 0, &written, &total) == FOLD_OK && total > 256) {
            break;
        }
        st = fold_table_measure(hs.t, offset, height, overscan, byte(r) & 1 ? &measured : NULL);
        check_status(st, __LINE__);
        if (st == FOLD_OK && measured != -7 && measured < 0) {
            die("measure wrote a negative count", __LINE__, st);
        }
        break;
    }
    }
}
