/*
 * ops/reader.c — part of fuzz_ops.c (included there, one translation unit): reading the input: bytes become integers, counts, heights,
 * offsets, keys and flags (hostile values included); the run's switches.
 */

/* ---- reading the input ------------------------------------------------ */

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t byte(reader *r)
{
    uint8_t b;
    if (r->n == 0) {
        return 0;
    }
    b = *r->p++;
    r->n--;
    return b;
}

static int64_t an_int(reader *r)
{
    static const int64_t pool[] = {0,  1,  2,  3,  4,  5,  7,  -1, -2, 63, 64, 65, 66, 100,
                                   1000, INT32_MAX, (int64_t)1 << 40, FOLD_MAX_ROWS,
                                   FOLD_MAX_ROWS + 1, INT64_MAX, INT64_MIN, INT64_MAX - 1};
    uint8_t b = byte(r);
    if (b < 128) {
        return b % 12; /* mostly small, valid-looking values */
    }
    return pool[b % (sizeof pool / sizeof pool[0])];
}

/* A count that is safe to pair with a buffer of `cap` elements: the
 * library may read that many, so only bad values beyond it are negative. */
static int64_t a_count(reader *r, int64_t cap)
{
    int64_t v = an_int(r);
    if (v > cap) {
        v = v % (cap + 1);
    }
    return v;
}

static double a_height(reader *r)
{
    /* Non-round heights (rounded to 1/256 pt units by the engine). */
    static const double pool[] = {0, 0.1, 1.0 / 3, 10, 17.7, 28, 33.3, 100.01, -1 /* default */, -2,
                                  -0.5, FOLD_MAX_HEIGHT, FOLD_MAX_HEIGHT + 1, 1e300, -1e300, 5e-324};
    /* Bytes 250..253. */
    static const double special[] = {NAN, INFINITY, -INFINITY, -NAN};
    uint8_t b = byte(r);
    if (b >= 250 && b <= 253) {
        return special[b - 250];
    }
    if (b < 128) {
        return (double)b / 3;
    }
    return pool[b % (sizeof pool / sizeof pool[0])];
}

static double an_offset(reader *r)
{
    /* Bytes 252..255. */
    static const double special[] = {1e308, -1e308, INFINITY, NAN};
    uint8_t b = byte(r);
    if (b >= 252) {
        return special[b - 252];
    }
    return ((double)b - 20) * 7.25;
}

static const char *a_key(reader *r)
{
    static const char *const keys[] = {
        "a", "b", "c", "d", "e", "f", "g", "h",
        "", NULL,
        "\xFF\xFE",          /* not UTF-8 */
        "\xC3(",             /* truncated sequence */
        "\xC0\x80",          /* overlong NUL */
        "\xED\xA0\x80",      /* surrogate */
        "\xF4\x90\x80\x80",  /* beyond U+10FFFF */
        "caf\xC3\xA9",       /* valid: café */
        "\xE2\x98\x95|x",    /* valid with a bar */
        "a|b|c",
    };
    uint8_t b = byte(r);
    if (b < 200) {
        return keys[b % 8];
    }
    return keys[b % (sizeof keys / sizeof keys[0])];
}

/* Section flags for fold_table_insert_section: mostly combinations of the
 * five it takes (some of them invalid together), sometimes the reported-only
 * FOLD_SECTION_COLLAPSIBLE or unknown bits. */
static uint32_t a_flags(reader *r)
{
    static const uint32_t pool[] = {FOLD_SECTION_COLLAPSIBLE, 64u, 0x80000000u, 0xFFFFFFFFu, 15u};
    uint8_t b = byte(r);
    if (b < 160) {
        return (uint32_t)(b % 64) & (FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER |
                                     FOLD_SECTION_EXPANDED | FOLD_SECTION_UNLOADED);
    }
    if (b < 230) {
        return 0;
    }
    return pool[b % (sizeof pool / sizeof pool[0])];
}

/* FOLDTABLE_KNOWN_BUGS=1: also make the calls known engine bugs break
 * (Tests/reliability/README.md); read once. */
static int known_bugs = -1;
/* FOLD_FUZZ_TRACE=1: print each operation (to read a crash input). */
static int trace = 0;
