/*
 * ops/text_state.c — part of fuzz_ops.c (included there, one translation unit): section texts into small buffers, and saved state imported
 * from fuzzed bytes.
 */

/* ---- section text ------------------------------------------------------- */

/* fold_table_section_text into a buffer of 0 to 9 bytes, checked against
 * the whole text. */
static int text_op(reader *r, fold_table *tt, const fold_table *good)
{
    static const int32_t whiches[] = {FOLD_TEXT_KEY, FOLD_TEXT_HEADER, FOLD_TEXT_TITLE,
                                      FOLD_TEXT_DETAIL, FOLD_TEXT_INDICATOR, -1, 5, 1000};
    fold_section_id id = an_id(r, good);
    uint8_t b = byte(r);
    int32_t which = whiches[b % 16 < 13 ? b % 5 : 5 + b % 16 - 13];
    size_t cap = (size_t)(byte(r) % 10), len = (size_t)-7, full_len = 0, written, i;
    int null_buffer = cap == 0 && (b & 64), want_len = !(b & 128);
    char buf[16], full[256];
    int st;
    memset(buf, 0x5A, sizeof buf);
    st = fold_table_section_text(tt, id, which, null_buffer ? NULL : buf, cap,
                                 want_len ? &len : NULL);
    check_status(st, __LINE__);
    if (st != FOLD_OK) {
        for (i = 0; i < sizeof buf; i++) {
            if ((unsigned char)buf[i] != 0x5A) {
                die("a failed section_text wrote its buffer", __LINE__, st);
            }
        }
        if (len != (size_t)-7) {
            die("a failed section_text wrote its length", __LINE__, st);
        }
        return st;
    }
    for (i = cap; i < sizeof buf; i++) {
        if ((unsigned char)buf[i] != 0x5A) {
            die("section_text wrote past its capacity", __LINE__, st);
        }
    }
    if (fold_table_section_text(good, id, which, full, sizeof full, &full_len) != FOLD_OK ||
        full_len >= sizeof full) {
        die("section_text failed with a large buffer after succeeding with a small one", __LINE__, st);
    }
    if (want_len && len != full_len) {
        die("section_text reported another length with a small buffer", __LINE__, st);
    }
    if (which == FOLD_TEXT_INDICATOR && full_len != 0) {
        /* Only a section that is collapsible now shows an indicator. */
        fold_section_info si;
        if (fold_table_section_info(good, id, &si) != FOLD_OK ||
            !(si.flags & FOLD_SECTION_COLLAPSIBLE)) {
            die("a section that is not collapsible shows an indicator", __LINE__, st);
        }
    }
    if (cap == 0) {
        return st;
    }
    if (memchr(buf, '\0', cap) == NULL) {
        die("section_text left its buffer without a NUL", __LINE__, st);
    }
    written = strlen(buf);
    if (written > full_len || memcmp(buf, full, written) != 0) {
        die("section_text wrote what is not a prefix of the text", __LINE__, st);
    }
    if (full_len < cap ? written != full_len
                       : (written + 4 < cap || ((unsigned char)full[written] & 0xC0) == 0x80)) {
        die("section_text cut the text short or inside a UTF-8 character", __LINE__, st);
    }
    return st;
}

/* ---- saved state -------------------------------------------------------- */

static int import_op(reader *r, fold_table *tt, const fold_table *good)
{
    static const char *const texts[] = {
        "{\"version\": 1, \"collapsed\": {\"a\": true, \"b\": false, \"zz\": true}, "
        "\"expanded\": [{\"section\": \"a\", \"row\": 0}, {\"section\": \"c\", \"row\": 9}]}",
        "{\"version\": 1, \"collapsed\": {}, \"expanded\": [], "
        "\"anchor\": {\"section\": \"b\", \"kind\": \"row\", \"row\": 1, \"offset\": 12.5}}",
        "{\"version\": 1, \"collapsed\": {\"a\": false}, \"anchor\": null}",
        "{\"version\": 1, \"collapsed\": {\"a\": true,",
        "[1, 2, 3]",
        "",
        NULL,
    };
    uint8_t b = byte(r);
    char *json = NULL;
    fold_import_report report;
    int st;
    memset(&report, 0xA5, sizeof report);
    if (b % 8 == 7) {
        /* Its own export, maybe cut short. */
        if (fold_table_export_state(good, &json) != FOLD_OK || json == NULL) {
            die("export_state failed", __LINE__, 0);
        }
        if (b & 8) {
            json[strlen(json) / 2] = '\0';
        }
        st = fold_table_import_state(tt, json, b & 16 ? NULL : &report);
        fold_free(json);
    } else {
        st = fold_table_import_state(tt, texts[b % 7], b & 16 ? NULL : &report);
    }
    check_status(st, __LINE__);
    if (st != FOLD_OK && report.sections != (int64_t)0xA5A5A5A5A5A5A5A5ULL) {
        die("a failed import wrote its report", __LINE__, st);
    }
    if (st == FOLD_OK && !(b & 16) &&
        (report.sections < 0 || report.unknown_sections < 0 || report.rows < 0 ||
         report.unknown_rows < 0 || (report.anchor_restored != 0 && report.anchor_restored != 1))) {
        die("an import report with impossible counts", __LINE__, st);
    }
    return st;
}
