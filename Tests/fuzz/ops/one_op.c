/*
 * ops/one_op.c — part of fuzz_ops.c (included there, one translation unit): one operation: a byte picks the call, the rest of the input
 * its arguments, good and bad alike.
 */

/* ---- one operation ----------------------------------------------------- */

#define CAP 64

static void one_op(fold_table *t, reader *r, fold_table *good)
{
    uint8_t code = byte(r);
    fold_table *tt = t;
    match_asks = 0;
    int st = FOLD_OK, changed = -7, removing = 0;
    int64_t out64 = -7, out64b = -7, path[CAP + 8], len;
    int32_t out32 = -7;
    double d = -7, heights[CAP];
    fold_section_id id = FOLD_ROOT;
    fingerprint before, after;
    int i, mutating;

    /* Now and then, the NULL table. */
    if ((code & 0xC0) == 0xC0 && (code & 7) == 0) {
        tt = NULL;
    }
    /* Eight heights and eight path indices from the input; the rest fixed,
     * so an operation costs few bytes. */
    for (i = 0; i < CAP; i++) {
        heights[i] = i < 8 ? a_height(r) : 10;
    }
    len = a_count(r, CAP + 8);
    for (i = 0; i < CAP + 8; i++) {
        path[i] = i < 6 ? an_int(r) % 4 : i < 8 ? an_int(r) : 0;
    }
    mutating = 1;
    take(good, &before);

    /* 8 codes of 256 are callback operations (hostile_op). */
    if ((code & 0xC7) == 0x87) {
        hostile_op(r);
        return;
    }

    switch (code % 64) {
    /* Sections. */
    case 0:
    case 1: {
        /* code 1: at the end of the top level, so tables grow. */
        fold_section_id parent = code % 64 == 1 ? FOLD_ROOT : an_id(r, good);
        int64_t index = code % 64 == 1 ? FOLD_INDEX_END : an_int(r);
        const char *key = a_key(r), *header = a_key(r);
        int64_t rows = an_int(r);
        uint32_t flags = a_flags(r);
        int want = (byte(r) & 7) != 0;
        CALL(fold_table_insert_section(tt, parent, index, key, header, rows, flags,
                                       want ? &id : NULL));
        if (st == FOLD_OK && want && !hs.freed) {
            id_new(good, id, key);
            check_new_flags(good, id, flags);
        }
        break;
    }
    case 2: {
        fold_section_id s = an_id(r, good);
        removing = 1;
        CALL(fold_table_remove_section(tt, s));
        if (st == FOLD_OK) {
            id_known(s); /* ids_scan below finds it dead */
        }
        break;
    }
    case 3: {
        fold_section_id s = an_id(r, good), parent = an_id(r, good);
        CALL(fold_table_move_section(tt, s, parent, an_int(r)));
        break;
    }
    case 4: {
        fold_section_id parent = an_id(r, good);
        int64_t index = an_int(r);
        removing = 1;
        CALL(fold_table_remove_children(tt, parent, index, an_int(r)));
        break;
    }
    case 5: {
        fold_section_id s = an_id(r, good);
        CALL(fold_table_set_section_header(tt, s, a_key(r)));
        break;
    }
    case 6: {
        fold_section_id s = an_id(r, good);
        int32_t which = (int32_t)(an_int(r) % 5); /* 3 (expanded) and 4 are not section heights */
        CALL(fold_table_set_section_height(tt, s, which, a_height(r)));
        break;
    }
    case 7: {
        fold_section_id s = an_id(r, good);
        CALL(fold_table_set_collapsible(tt, s, byte(r) % 3));
        break;
    }
    /* Rows. */
    case 8:
    case 9: {
        fold_section_id s = an_id(r, good);
        int64_t index = an_int(r);
        int64_t c = byte(r) & 1 ? a_count(r, CAP) : an_int(r);
        int with = c >= 0 && c <= CAP && (byte(r) & 1);
        CALL(fold_table_insert_rows(tt, s, index, c, with ? heights : NULL));
        break;
    }
    case 11:
    case 12: {
        fold_section_id s = an_id(r, good), target;
        int64_t row = an_int(r);
        target = byte(r) & 1 ? s : an_id(r, good);
        CALL(fold_table_move_row(tt, s, row, target, an_int(r)));
        break;
    }
    case 10:
    case 13:
    case 15: { /* a row, then a count or a height */
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        CALL(code % 64 == 10   ? fold_table_remove_rows(tt, s, row, an_int(r))
             : code % 64 == 13 ? fold_table_set_row_height(tt, s, row, a_height(r))
                               : fold_table_set_row_expanded_height(tt, s, row, a_height(r)));
        break;
    }
    case 14: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r), c = a_count(r, CAP);
        CALL(fold_table_set_row_heights(tt, s, row, c, byte(r) == 0 ? NULL : heights));
        break;
    }
    case 16:
    case 17:
    case 18: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        int *out = byte(r) & 1 ? &changed : NULL;
        CALL(code % 64 == 16   ? fold_table_expand_row(tt, s, row, out)
             : code % 64 == 17 ? fold_table_collapse_row(tt, s, row, out)
                               : fold_table_toggle_row(tt, s, row, out));
        break;
    }
    /* Collapsing. */
    case 19:
    case 20:
    case 21: {
        fold_section_id s = an_id(r, good);
        int *out = byte(r) & 1 ? &changed : NULL;
        fold_section_info si;
        int fixed = fold_table_section_info(good, s, &si) == FOLD_OK &&
                    (si.flags & FOLD_SECTION_FIXED) != 0;
        CALL(code % 64 == 19   ? fold_table_collapse(tt, s, out)
             : code % 64 == 20 ? fold_table_expand(tt, s, out)
                               : fold_table_toggle(tt, s, out));
        /* A section that is not collapsible refuses collapse and toggle;
         * expanding it does nothing. */
        if (fixed && tt != NULL && !hs.freed &&
            (code % 64 == 20 ? st != FOLD_OK || (out != NULL && changed != 0)
                             : st != FOLD_E_NOT_ALLOWED)) {
            die("a section that is not collapsible collapsed, toggled or expanded", __LINE__, st);
        }
        break;
    }
    case 22: {
        int all = byte(r) & 1;
        int64_t *out = byte(r) & 1 ? &out64 : NULL;
        CALL(all ? fold_table_collapse_all(tt, out) : fold_table_expand_all(tt, out));
        break;
    }
    case 23: {
        const char *collapsed = a_key(r);
        CALL(fold_table_set_indicators(tt, collapsed, a_key(r)));
        break;
    }
    case 24:
        CALL(fold_table_set_accordion(tt, (int32_t)an_int(r)));
        break;
    case 25:
        CALL(fold_table_set_sticky_levels(tt, (int32_t)an_int(r)));
        break;
    case 26:
        CALL(fold_table_activate(tt, an_int(r), byte(r) & 1 ? &out32 : NULL));
        break;
    case 27: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        int expand = byte(r) % 3;
        CALL(fold_table_reveal_row(tt, s, row, expand, byte(r) ? &out64 : NULL));
        break;
    }
    case 28: {
        double offset = an_offset(r);
        uint8_t b = byte(r);
        /* Now and then follow_end instead (0, 1 or an unknown value). */
        CALL(b % 8 == 7   ? fold_table_set_follow_end(tt, (int32_t)an_int(r) % 3)
             : b % 4 == 0 ? fold_table_clear_viewport(tt)
                          : fold_table_set_viewport(tt, offset, a_height(r)));
        break;
    }
    case 29:
        /* Saved state, a snapshot or a load: they replace much of the
         * table at once (a loader may remove its section); selection and
         * filtering (ops/select_filter.c). */
        i = byte(r) % 6;
        if (i == 5) {
            st = select_op(r, tt, good);
        } else if (i == 4) {
            st = filter_op(r, tt, good);
        } else if (i == 3) {
            st = snapshot_op(r, tt);
            removing = 1;
        } else if (i == 2) {
            st = loading_op(r, tt, good);
            removing = 1;
        } else {
            st = import_op(r, tt, good);
        }
        break;
    case 30: {
        fold_section_id s = an_id(r, good);
        CALL(fold_table_invalidate_heights(tt, s, byte(r) & 1 ? -1 : an_int(r)));
        break;
    }
    case 31:
        /* Ids of removed sections, another table's ids, FOLD_ROOT. */
        take(good, &before);
        stale_op(r, good);
        take(good, &after);
        if (!same(&before, &after)) {
            die("a call with a removed, foreign or root id changed the table", __LINE__, 0);
        }
        return;

    /* Queries: they must not change anything either. */
    default:
        mutating = 0;
        switch (code % 64) {
        case 32:
        case 33:
            st = text_op(r, tt, good);
            break;
        case 34: {
            fold_section_id s = an_id(r, good);
            CALL(fold_table_child_count(tt, s, byte(r) ? &out64 : NULL));
            break;
        }
        case 35: {
            fold_section_id s = an_id(r, good), child = 7;
            int64_t index = an_int(r);
            uint8_t b = byte(r);
            CALL(fold_table_child_at(tt, s, index, b & 1 ? &out32 : NULL, b & 2 ? &child : NULL,
                                     b & 4 ? &out64b : NULL));
            if (st == FOLD_OK && (b & 7) == 7 &&
                !(out32 == FOLD_CHILD_SECTION ? child != FOLD_ROOT && out64b == -1
                                              : out32 == FOLD_CHILD_ROW && child == 0 && out64b >= 0)) {
                die("child_at gave a kind, id and row that do not agree", __LINE__, st);
            }
            if (st == FOLD_OK && (b & 2) && child != FOLD_ROOT) {
                id_known(child);
            }
            break;
        }
        case 36: {
            const char *key = a_key(r);
            CALL(fold_table_find_section(tt, key, byte(r) ? &id : NULL));
            if (st == FOLD_OK) {
                id_known(id);
            }
            break;
        }
        case 37:
            CALL(fold_table_section_at_path(tt, byte(r) == 0 ? NULL : path, len,
                                            byte(r) ? &id : NULL));
            break;
        case 38: {
            fold_section_id s = an_id(r, good);
            int64_t cap = a_count(r, CAP);
            CALL(fold_table_section_path(tt, s, byte(r) == 0 ? NULL : path, cap,
                                         byte(r) ? &out64 : NULL));
            break;
        }
        case 39: {
            fold_section_info si;
            fold_section_id s = an_id(r, good);
            CALL(fold_table_section_info(tt, s, byte(r) ? &si : NULL));
            break;
        }
        case 40: {
            fold_row_info ri;
            fold_section_id s = an_id(r, good);
            int64_t row = an_int(r);
            CALL(fold_table_row_info(tt, s, row, byte(r) ? &ri : NULL));
            break;
        }
        case 41: {
            fold_section_state *states = NULL;
            CALL(fold_table_section_states(tt, byte(r) ? &states : NULL, byte(r) ? &out64 : NULL));
            fold_free(states);
            break;
        }
        case 42: {
            fold_row_ref *rows = NULL;
            if (huge_rows_bug(good)) {
                break;
            }
            CALL(fold_table_expanded_rows(tt, byte(r) ? &rows : NULL, byte(r) ? &out64 : NULL));
            fold_free(rows);
            break;
        }
        case 43: {
            fold_item item;
            CALL(fold_table_item_at(tt, an_int(r), byte(r) ? &item : NULL));
            break;
        }
        case 44: {
            uint8_t b = byte(r);
            fold_section_id s = an_id(r, good);
            switch (b % 3) {
            case 0:
                CALL(fold_table_header_position(tt, s, b & 4 ? &out64 : NULL));
                break;
            case 1:
                CALL(fold_table_row_position(tt, s, an_int(r), b & 4 ? &out64 : NULL));
                break;
            default:
                CALL(fold_table_footer_position(tt, s, b & 4 ? &out64 : NULL));
                break;
            }
            break;
        }
        case 45:
            CALL(byte(r) & 1 ? fold_table_item_height(tt, an_int(r), &d)
                             : fold_table_item_top(tt, an_int(r), byte(r) ? &d : NULL));
            break;
        case 46:
            CALL(fold_table_item_at_offset(tt, an_offset(r), byte(r) ? &out64 : NULL,
                                           byte(r) ? &out32 : NULL));
            break;
        case 47: {
            fold_visible_item items[CAP];
            int64_t cap = byte(r) & 1 ? a_count(r, CAP) : an_int(r) % (CAP + 1);
            CALL(fold_table_visible_items(tt, an_offset(r), a_height(r), an_int(r),
                                          byte(r) == 0 ? NULL : items, cap,
                                          byte(r) ? &out64 : NULL, byte(r) & 1 ? &out64b : NULL));
            break;
        }
        case 48: {
            fold_sticky_header headers[CAP];
            int64_t cap = a_count(r, CAP);
            CALL(fold_table_sticky_headers(tt, an_offset(r), byte(r) == 0 ? NULL : headers, cap,
                                           byte(r) ? &out64 : NULL, byte(r) & 1 ? &out64b : NULL));
            break;
        }
        case 49: {
            int64_t position = an_int(r);
            int32_t alignment = (int32_t)(an_int(r) % 6);
            double offset = an_offset(r);
            CALL(fold_table_scroll_offset(tt, position, alignment, offset, a_height(r),
                                          byte(r) ? &d : NULL));
            break;
        }
        case 50: {
            fold_section_id s = an_id(r, good);
            int64_t rows = an_int(r);
            double offset = an_offset(r);
            CALL(fold_table_reveal_offset(tt, s, rows, offset, a_height(r), byte(r) ? &d : NULL));
            break;
        }
        case 51: {
            int set = -7;
            double offset = -7, height = -7;
            uint8_t b = byte(r);
            CALL(fold_table_viewport(tt, b & 1 ? &set : NULL, b & 2 ? &offset : NULL,
                                     b & 4 ? &height : NULL));
            break;
        }
        case 52: {
            char *json = NULL;
            CALL(fold_table_export_state(tt, byte(r) ? &json : NULL));
            fold_free(json);
            break;
        }
        case 53:
            /* Batches (ops/batches.c): an end reports and may anchor the
             * viewport, so it is not a query. */
            mutating = 1;
            st = batch_op(r, tt, good);
            break;
        default: {
            /* Options out, with every size a caller may set. */
            union {
                fold_table_options o;
                unsigned char bytes[sizeof(fold_table_options) + 64];
            } u;
            memset(&u, 0xAB, sizeof u);
            fold_table_options_init(&u.o);
            u.o.size = (uint32_t)(byte(r) & 1 ? an_int(r) % (int64_t)(sizeof u) : (int64_t)sizeof u.o);
            CALL(fold_table_get_options(tt, byte(r) ? &u.o : NULL));
            CALL(fold_table_content_height(tt, byte(r) ? &d : NULL));
            CALL(fold_table_item_count(tt, byte(r) ? &out64 : NULL));
            (void)fold_status_name((int)an_int(r));
            break;
        }
        }
        break;
    }
    if (hs.freed) {
        /* A callback freed the table; the call that ran it returned normally
         * and the table is gone. Nothing more to check on it. */
        if (!documented(st)) {
            die("the call whose callback freed the table failed oddly", __LINE__, st);
        }
        return;
    }
    if (trace) {
        int64_t items = -1;
        fold_table_item_count(good, &items);
        fprintf(stderr, "op %2d%s -> %s (%lld items)\n", (int)(code % 64),
                tt == NULL ? " (NULL table)" : "", fold_status_name(st), (long long)items);
    }
    if (st == FOLD_OK && removing) {
        ids_scan(good);
    }
    if (st != FOLD_OK || !mutating) {
        /* Failures change nothing; queries change nothing. */
        take(good, &after);
        if (!same(&before, &after)) {
            die(st != FOLD_OK ? "a failed call changed the table" : "a query changed the table",
                (int)(code % 64), st);
        }
        if (st != FOLD_OK && (out64 != -7 || out64b != -7 || changed != -7 || out32 != -7 ||
                              id != FOLD_ROOT)) {
            /* The calls above write these only on success. */
            die("a failed call wrote an output", (int)(code % 64), st);
        }
    }
    (void)d;
}
