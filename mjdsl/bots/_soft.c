/* The style bots' commonest questions (bots/soft.py, which documents them) in C: the worth
 * of a rack less each candidate tile, and each such rack's least distance. The terms are
 * worked out in the operations of judge.py's numpy formulas (CardJudge.slowness_of, worth),
 * and the sums come to numpy's to 1e-9 (tests/test_bots_soft.py) with the same choices
 * (tests/test_bots_golden.py, in the compiled build and the pure one). Built with
 * -ffp-contract=off: no multiply-add fused into one rounding on a machine that has one, so
 * the compiled build gives the same numbers on every machine.
 *
 * worths(entries, starts, filled, natural, oop, totals, jokers, candidates,
 *        live, concealed, weight, table, params, limits, columns)
 *   entries: bytes, (tile, need, natural need) for each tile a variant needs, variant v's
 *     from starts[v] to starts[v + 1] (starts: bytes of uint32, native order)
 *   filled, natural: bytes, a byte a tile: the rack's counts (exposures in filled)
 *   oop, totals, concealed: bytes, a byte a variant: ruled out by the exposures (not 0),
 *     its natural tiles in all, 1 for a concealed line
 *   jokers: the rack's jokers
 *   candidates: a list of tiles, each held
 *   live: bytes, a byte a tile: the live copies (None: not counted)
 *   weight: bytes of doubles, a variant's weight
 *   table: bytearray of doubles, the terms for this count of live jokers (-1: not yet)
 *   params: (log_base, naturals, live, concealed, typical, last_called, joker, live_joker)
 *   limits: bytes, a byte a tile: the most natural copies of it a line may need, or it is
 *     dead (judge.dead_limits); None: no line is dead
 *   columns: (need, natural, need_from_c, natural_from_c), each a list by tile: its column
 *     (bytes, a byte a variant) and, by count c, the variants needing at least c of it
 *     (bytes of uint16, native order): those a candidate held c times touches
 * gives a list of worths, or None when no variant is within reach (the sum is 0).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define COUNTS 15 /* HAND_SIZE + 1 */
#define LIVE 256
#define HAND 14
/* a candidate whose sum is less than this share of the rack's is summed afresh: what is left
 * of a sum after most of it is taken away keeps the rounding of the whole */
#define CANCELS 1e-3

typedef struct {
    double log_base, naturals, live, concealed, typical;
    int last_called, joker;
    long live_joker;
    double *table;
} Terms;

static double power(double x, double p)
{
    if (p == 0.5)
        return sqrt(x);
    if (p == 1.0)
        return x;
    if (p == 2.0)
        return x * x;
    return pow(x, p);
}

/* a variant's term, s^x: x as judge.CardJudge.worth counts it (with slowness_of) */
static double term(const Terms *s, long raw, long short_, long lacking, long concealed)
{
    double x = (double)raw;
    if (s->live != 0.0) {
        double ways = (double)lacking;
        if (s->joker && raw > short_)
            ways = (double)s->live_joker + ways;
        double per = ways / (double)(raw > 1 ? raw : 1);
        if (!(per >= 0.5))
            per = 0.5;
        x = x * power(s->typical / per, s->live);
    }
    if (s->concealed != 0.0 && concealed)
        x = x + s->concealed * (double)(raw - 1 > 0 ? raw - 1 : 0);
    if (s->naturals != 0.0) {
        long slots = short_;
        if (s->last_called) {
            long last = raw - 1 > 0 ? raw - 1 : 0;
            if (last < slots)
                slots = last;
        }
        x = x + s->naturals * (double)slots;
    }
    return exp((-x) * s->log_base);
}

/* a variant's place in its table of terms */
static inline long place(long used, long short_, long lacking, long concealed, long jokers)
{
    long gap = HAND - used;
    long raw = gap;
    if (jokers) {
        raw = short_ < gap ? short_ : gap;
        if (gap - jokers > raw)
            raw = gap - jokers;
    }
    return ((concealed * COUNTS + raw) * COUNTS + short_) * LIVE + lacking;
}

/* the term at place k, worked out the first time it is read */
static inline double at(const Terms *s, long k)
{
    double e = s->table[k];
    if (e >= 0.0)
        return e;
    long lacking = k % LIVE;
    long short_ = k / LIVE % COUNTS;
    long raw = k / (LIVE * COUNTS) % COUNTS;
    long concealed = k / (LIVE * COUNTS * COUNTS);
    e = term(s, raw, short_, lacking, concealed);
    s->table[k] = e;
    return e;
}

/* a variant's place once the rack has lost a copy of a tile it held `held` times */
static inline long moved(long used, long short_, long lacking, long concealed, long need, long natural, long held,
                  long held_natural, long lost, long jokers)
{
    if (need >= held) {
        used -= 1;
        if (need == held)
            lacking += lost;
    }
    if (natural >= held_natural)
        short_ += 1;
    return place(used, short_, lacking, concealed, jokers);
}

static int bytes_of(PyObject *o, Py_ssize_t size, const unsigned char **out, const char *what)
{
    if (!PyBytes_Check(o) || PyBytes_GET_SIZE(o) < size) {
        PyErr_Format(PyExc_TypeError, "soft: %s should be bytes of at least %zd", what, size);
        return -1;
    }
    *out = (const unsigned char *)PyBytes_AS_STRING(o);
    return 0;
}

/* A variant's three sums for the rack, from its entries (tile, need, natural need):
 * the tiles it uses (min of held and needed), the natural ones, the live copies it lacks. */
static int rack_sums(const unsigned char *entries, const uint32_t *starts, Py_ssize_t v, const unsigned char *filled,
                     const unsigned char *natural, const unsigned char *live, const unsigned char *limits, long *a,
                     long *b, long *w)
{
    long sa = 0, sb = 0, sw = 0;
    int dead = 0; /* (a line needing more natural copies of a tile than its limit: judge.dead_limits) */
    for (uint32_t e = starts[v]; e < starts[v + 1]; e++) {
        const unsigned char *x = entries + 3 * e;
        long held = filled[x[0]], need = x[1], nat = x[2], held_nat = natural[x[0]];
        sa += held < need ? held : need;
        sb += held_nat < nat ? held_nat : nat;
        if (live && need > held)
            sw += live[x[0]];
        if (limits && nat > limits[x[0]])
            dead = 1;
    }
    *a = sa;
    *b = sb;
    *w = sw;
    return dead;
}

/* the last entries checked (held, so that no other object takes its address), for racks of
 * this many kinds of tile */
static PyObject *checked = NULL;
static Py_ssize_t checked_kinds = -1;

/* The checked entries as dense rows: for each variant, its need and natural need of every
 * tile, DENSE_W bytes each (0 past the kinds of tile), so that a variant's sums are a few
 * vector instructions (SSE2: every x86-64 has it) where the entries' loop branches at every
 * tile. NULL without SSE2, where the entries do not fit (more kinds of tile than DENSE_W,
 * a tile twice in a variant's entries) or the memory was not had: the entries are read
 * then. The sums are whole numbers, the same either way. */
#define DENSE_W 64
static unsigned char *dense = NULL;
static int dense_chunks = 0; /* the 16-byte chunks of a row that hold the kinds of tile */

static void make_dense(const unsigned char *entries, const uint32_t *starts, Py_ssize_t size, Py_ssize_t kinds)
{
    PyMem_Free(dense);
    dense = NULL;
#ifdef __SSE2__
    if (kinds > DENSE_W)
        return;
    unsigned char *rows = PyMem_Calloc((size_t)(size > 0 ? size : 1), 2 * DENSE_W);
    if (rows == NULL)
        return; /* (the entries serve) */
    for (Py_ssize_t v = 0; v < size; v++) {
        unsigned char *need = rows + 2 * DENSE_W * v, *nat = need + DENSE_W;
        for (uint32_t e = starts[v]; e < starts[v + 1]; e++) {
            const unsigned char *x = entries + 3 * e;
            if (need[x[0]] || nat[x[0]] || !x[1]) { /* a tile twice, or an entry needing none */
                PyMem_Free(rows);
                return;
            }
            need[x[0]] = x[1];
            nat[x[0]] = x[2];
        }
    }
    dense = rows;
    dense_chunks = (int)((kinds + 15) / 16);
#else
    (void)entries, (void)starts, (void)size, (void)kinds;
#endif
}

#ifdef __SSE2__
#include <emmintrin.h>

/* rack_sums of variant v from its dense rows; filled, natural, live and limits padded to
 * DENSE_W (live 0 and limits 255 where not counted) */
static inline int dense_sums(Py_ssize_t v, const unsigned char *filled, const unsigned char *natural,
                             const unsigned char *live, const unsigned char *limits, long *a, long *b, long *w)
{
    const unsigned char *need = dense + 2 * DENSE_W * v, *nat = need + DENSE_W;
    const __m128i zero = _mm_setzero_si128();
    __m128i sa = zero, sb = zero, sw = zero;
    int ok = 0xFFFF;
    for (int c = 0; c < dense_chunks; c++) {
        __m128i n = _mm_loadu_si128((const __m128i *)(need + 16 * c));
        __m128i m = _mm_loadu_si128((const __m128i *)(nat + 16 * c));
        __m128i h = _mm_loadu_si128((const __m128i *)(filled + 16 * c));
        __m128i hn = _mm_loadu_si128((const __m128i *)(natural + 16 * c));
        __m128i lv = _mm_loadu_si128((const __m128i *)(live + 16 * c));
        __m128i lim = _mm_loadu_si128((const __m128i *)(limits + 16 * c));
        sa = _mm_add_epi64(sa, _mm_sad_epu8(_mm_min_epu8(n, h), zero));
        sb = _mm_add_epi64(sb, _mm_sad_epu8(_mm_min_epu8(m, hn), zero));
        __m128i covered = _mm_cmpeq_epi8(_mm_max_epu8(n, h), h); /* need <= held */
        sw = _mm_add_epi64(sw, _mm_sad_epu8(_mm_andnot_si128(covered, lv), zero));
        ok &= _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(m, lim), lim)); /* natural need <= limit */
    }
    *a = (long)(_mm_cvtsi128_si32(sa) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sa, sa)));
    *b = (long)(_mm_cvtsi128_si32(sb) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sb, sb)));
    *w = (long)(_mm_cvtsi128_si32(sw) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sw, sw)));
    return ok != 0xFFFF;
}
#else
static inline int dense_sums(Py_ssize_t v, const unsigned char *filled, const unsigned char *natural,
                             const unsigned char *live, const unsigned char *limits, long *a, long *b, long *w)
{
    (void)v, (void)filled, (void)natural, (void)live, (void)limits;
    *a = *b = *w = 0; /* (never called: dense is NULL without SSE2) */
    return 0;
}
#endif

/* a rack's counts as a question's variant sums read them: as given (the entries' loop) and,
 * where the dense rows serve, padded to DENSE_W: filled, natural and live (0 where not
 * counted), limits (255 where none) */
typedef struct {
    const unsigned char *given_filled, *given_natural, *given_live, *given_limits;
    unsigned char filled[DENSE_W], natural[DENSE_W], live[DENSE_W], limits[DENSE_W];
} Counts;

static void read_counts(Counts *c, Py_ssize_t kinds, const unsigned char *filled, const unsigned char *natural,
                        const unsigned char *live, const unsigned char *limits)
{
    c->given_filled = filled;
    c->given_natural = natural;
    c->given_live = live;
    c->given_limits = limits;
    if (!dense)
        return;
    memset(c->filled, 0, DENSE_W);
    memset(c->natural, 0, DENSE_W);
    memset(c->live, 0, DENSE_W);
    memset(c->limits, 255, DENSE_W);
    memcpy(c->filled, filled, (size_t)kinds);
    memcpy(c->natural, natural, (size_t)kinds);
    if (live)
        memcpy(c->live, live, (size_t)kinds);
    if (limits)
        memcpy(c->limits, limits, (size_t)kinds);
}

/* whether a card's entries can be read as its starts say, every tile one of the rack's
 * (checked once for the last entries and kinds of tile: a card's are read every question);
 * -1 with an exception set if not */
static int checked_entries(PyObject *obj, const unsigned char *entries, const uint32_t *starts, Py_ssize_t size,
                           Py_ssize_t kinds)
{
    if (obj == checked && kinds == checked_kinds)
        return 0;
    for (Py_ssize_t v = 0; v < size; v++) {
        if (starts[v] > starts[v + 1]) {
            PyErr_SetString(PyExc_ValueError, "soft: the entries' starts go back");
            return -1;
        }
    }
    if (PyBytes_GET_SIZE(obj) < 3 * (Py_ssize_t)starts[size]) {
        PyErr_SetString(PyExc_ValueError, "soft: entries shorter than their starts say");
        return -1;
    }
    for (Py_ssize_t e = 0; e < (Py_ssize_t)starts[size]; e++) {
        if (entries[3 * e] >= kinds) {
            PyErr_SetString(PyExc_ValueError, "soft: an entry names a tile the rack has not");
            return -1;
        }
    }
    Py_XSETREF(checked, Py_NewRef(obj));
    checked_kinds = kinds;
    make_dense(entries, starts, size, kinds);
    return 0;
}

/* the arguments both questions take first: a card's entries and starts, the rack's filled
 * and natural counts, the variants out of play, their natural totals, the rack's jokers and
 * the candidates (a list) */
typedef struct {
    const unsigned char *entries, *filled, *natural, *oop, *nt;
    const uint32_t *starts;
    Py_ssize_t size, kinds;
    long jokers;
    PyObject *cands;
} Rack;

#define COMMON 8

/* variant v's sums for the counts read (rack_sums: whether a line is dead), from the dense
 * rows where they serve, else from the entries */
static inline int variant_sums(const Rack *r, const Counts *c, Py_ssize_t v, long *a, long *b, long *w)
{
    if (dense)
        return dense_sums(v, c->filled, c->natural, c->live, c->limits, a, b, w);
    return rack_sums(r->entries, r->starts, v, c->given_filled, c->given_natural, c->given_live, c->given_limits, a,
                     b, w);
}

static int read_rack(PyObject *const *args, Rack *r, const char *what)
{
    const unsigned char *sraw;
    r->size = PyBytes_Check(args[4]) ? PyBytes_GET_SIZE(args[4]) : 0;
    r->kinds = PyBytes_Check(args[2]) ? PyBytes_GET_SIZE(args[2]) : 0;
    if (bytes_of(args[0], 0, &r->entries, "entries") || bytes_of(args[1], (r->size + 1) * 4, &sraw, "starts") ||
        bytes_of(args[2], r->kinds, &r->filled, "filled") || bytes_of(args[3], r->kinds, &r->natural, "natural") ||
        bytes_of(args[4], r->size, &r->oop, "oop") || bytes_of(args[5], r->size, &r->nt, "totals"))
        return -1;
    r->starts = (const uint32_t *)sraw;
    if (checked_entries(args[0], r->entries, r->starts, r->size, r->kinds))
        return -1;
    r->jokers = PyLong_AsLong(args[6]);
    if (r->jokers == -1 && PyErr_Occurred())
        return -1;
    if (!PyList_Check(args[7])) {
        PyErr_Format(PyExc_TypeError, "%s: candidates should be a list", what);
        return -1;
    }
    r->cands = args[7];
    return 0;
}

/* a candidate's tile columns (need, natural: bytes, a byte a variant) */
static int columns(PyObject *need_o, PyObject *nat_o, Py_ssize_t size, const unsigned char **need_t,
                   const unsigned char **nat_t)
{
    return bytes_of(need_o, size, need_t, "need") || bytes_of(nat_o, size, nat_t, "natural") ? -1 : 0;
}

/* what a worth question reads beside the rack: the live copies and dead-line limits (or
 * NULL), the variants' concealed flags and weights, and the terms */
typedef struct {
    const unsigned char *live, *limits, *conc;
    const double *weight;
    Terms s;
} Worth;

/* reads arguments 8 to 13 of worths and picks: live, concealed, weight, table, params, limits */
static int read_worth(PyObject *const *args, const Rack *r, Worth *q, const char *what)
{
    const unsigned char *wraw;
    q->live = q->limits = NULL;
    if ((args[8] != Py_None && bytes_of(args[8], r->kinds, &q->live, "live")) ||
        (args[13] != Py_None && bytes_of(args[13], r->kinds, &q->limits, "limits")) ||
        bytes_of(args[9], r->size, &q->conc, "concealed") ||
        bytes_of(args[10], r->size * (Py_ssize_t)sizeof(double), &wraw, "weight"))
        return -1;
    q->weight = (const double *)wraw;
    if (!PyByteArray_Check(args[11]) ||
        PyByteArray_GET_SIZE(args[11]) < (Py_ssize_t)(2 * COUNTS * COUNTS * LIVE * sizeof(double))) {
        PyErr_Format(PyExc_TypeError, "%s: table should be a bytearray of the terms", what);
        return -1;
    }
    q->s.table = (double *)PyByteArray_AS_STRING(args[11]);
    if (!PyArg_ParseTuple(args[12], "dddddpil", &q->s.log_base, &q->s.naturals, &q->s.live, &q->s.concealed,
                          &q->s.typical, &q->s.last_called, &q->s.joker, &q->s.live_joker))
        return -1;
    return 0;
}

/* each variant's term and sums for one rack (a byte each: tiles used, natural slots short,
 * live copies lacking; out of play), and their total, weighted */
typedef struct {
    double *terms;
    unsigned char *ab, *sh, *wb, *out_of_play;
    double total;
} Sums;

static int alloc_sums(Sums *m, Py_ssize_t size)
{
    size_t room = (size_t)(size > 0 ? size : 1);
    unsigned char *mem = PyMem_Malloc(room * (sizeof(double) + 4));
    if (mem == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    m->terms = (double *)mem;
    m->ab = mem + room * sizeof(double);
    m->sh = m->ab + room;
    m->wb = m->sh + room;
    m->out_of_play = m->wb + room;
    return 0;
}

/* the rack's sums (filled and natural counts, a byte a tile) and its total; -1 with an
 * exception set if a variant's sums fall outside their table */
static int sum_rack(Sums *m, const Rack *r, Worth *q, const unsigned char *filled, const unsigned char *natural)
{
    double total = 0.0;
    Counts c;
    read_counts(&c, r->kinds, filled, natural, q->live, q->limits);
    for (Py_ssize_t v = 0; v < r->size; v++) {
        long a, b, w;
        int dead = variant_sums(r, &c, v, &a, &b, &w);
        m->out_of_play[v] = r->oop[v] || dead;
        if (a > HAND || (long)r->nt[v] - b < 0 || (long)r->nt[v] - b >= COUNTS || w >= LIVE) {
            PyErr_SetString(PyExc_ValueError, "worths: a variant's sums out of their table");
            return -1;
        }
        m->ab[v] = (unsigned char)a;
        m->sh[v] = (unsigned char)(r->nt[v] - b);
        m->wb[v] = (unsigned char)w;
        if (m->out_of_play[v])
            continue;
        m->terms[v] = at(&q->s, place(a, (long)r->nt[v] - b, w, q->conc[v], r->jokers));
        total += q->weight[v] * m->terms[v];
    }
    m->total = total;
    return 0;
}

/* one candidate: the worth of the rack less a copy of a tile held `held` times (`held_natural`
 * natural, `lost` its live copies where counted), its column `need_t`, `nat_t` and the
 * variants that lose it (`lists`, bytes of uint16): the rack's total moved by those variants,
 * summed afresh where that would take most of it away */
static double candidate_worth(const Sums *m, const Rack *r, Worth *q, long held, long held_natural, long lost,
                              const unsigned char *need_t, const unsigned char *nat_t, PyObject *const lists[2])
{
    double change = 0.0;
    for (int alone = 0; alone < 2; alone++) {
        const uint16_t *idx = (const uint16_t *)PyBytes_AS_STRING(lists[alone]);
        Py_ssize_t k = PyBytes_GET_SIZE(lists[alone]) / (Py_ssize_t)sizeof(uint16_t);
        for (Py_ssize_t j = 0; j < k; j++) {
            Py_ssize_t v = idx[j];
            if (v >= r->size || m->out_of_play[v] || (alone && need_t[v] >= held))
                continue;
            long p = moved(m->ab[v], m->sh[v], m->wb[v], q->conc[v], need_t[v], nat_t[v], held, held_natural, lost,
                           r->jokers);
            change += q->weight[v] * (at(&q->s, p) - m->terms[v]);
        }
    }
    double rest = m->total + change;
    if (rest < m->total * CANCELS) {
        rest = 0.0;
        for (Py_ssize_t v = 0; v < r->size; v++) {
            if (m->out_of_play[v])
                continue;
            long p = moved(m->ab[v], m->sh[v], m->wb[v], q->conc[v], need_t[v], nat_t[v], held, held_natural, lost,
                           r->jokers);
            rest += q->weight[v] * at(&q->s, p);
        }
    }
    return log(rest > 1e-300 ? rest : 1e-300) / q->s.log_base;
}

/* the rack's sums moved to the rack less a copy of a tile (held `held` times, `held_natural`
 * natural, `lost` its live copies where counted; its column and the variants that lose it,
 * as candidate_worth reads them): the variants it touches move as a candidate's do, and the
 * total is summed again in the variants' order, the rounding of a fresh sum_rack's */
static int take_tile(Sums *m, const Rack *r, Worth *q, long held, long held_natural, long lost,
                     const unsigned char *need_t, const unsigned char *nat_t, PyObject *const lists[2])
{
    for (int alone = 0; alone < 2; alone++) {
        const uint16_t *idx = (const uint16_t *)PyBytes_AS_STRING(lists[alone]);
        Py_ssize_t k = PyBytes_GET_SIZE(lists[alone]) / (Py_ssize_t)sizeof(uint16_t);
        for (Py_ssize_t j = 0; j < k; j++) {
            Py_ssize_t v = idx[j];
            if (v >= r->size || (alone && need_t[v] >= held))
                continue;
            long used = m->ab[v], short_ = m->sh[v], lacking = m->wb[v];
            if (need_t[v] >= held) {
                used -= 1;
                if (need_t[v] == held)
                    lacking += lost;
            }
            if (nat_t[v] >= held_natural)
                short_ += 1;
            if (used < 0 || short_ >= COUNTS || lacking >= LIVE) {
                PyErr_SetString(PyExc_ValueError, "worths: a variant's sums out of their table");
                return -1;
            }
            m->ab[v] = (unsigned char)used;
            m->sh[v] = (unsigned char)short_;
            m->wb[v] = (unsigned char)lacking;
            if (!m->out_of_play[v])
                m->terms[v] = at(&q->s, place(used, short_, lacking, q->conc[v], r->jokers));
        }
    }
    double total = 0.0;
    for (Py_ssize_t v = 0; v < r->size; v++)
        if (!m->out_of_play[v])
            total += q->weight[v] * m->terms[v];
    m->total = total;
    return 0;
}

/* item i of a list of bytes (a tile's column), or NULL with an exception set */
static PyObject *column_of(PyObject *list, Py_ssize_t i, const char *what)
{
    if (!PyList_Check(list) || i >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_ValueError, "picks: no %s column for tile %zd", what, i);
        return NULL;
    }
    PyObject *o = PyList_GET_ITEM(list, i);
    if (!PyBytes_Check(o) && !PyList_Check(o)) {
        PyErr_Format(PyExc_TypeError, "picks: the %s column of tile %zd should be bytes or a list", what, i);
        return NULL;
    }
    return o;
}

/* the variants needing at least `c` of a tile: item c of its list (bytes of uint16), or the
 * empty bytes past its end */
static PyObject *from_c(PyObject *lists, long c, PyObject *empty)
{
    return c < PyList_GET_SIZE(lists) ? PyList_GET_ITEM(lists, c) : empty;
}

/* a tile's columns (need, natural) and the variants losing a copy of it touches (held `held`
 * times, `held_natural` natural) from picks' columns: candidate_worth's reads; -1 with an
 * exception set if they are not what bots/soft.py packs */
static int tile_columns(const Rack *r, long t, long held, long held_natural, PyObject *need_l, PyObject *nat_l,
                        PyObject *need_c, PyObject *nat_c, PyObject *empty, const unsigned char **need_t,
                        const unsigned char **nat_t, PyObject *lists[2])
{
    PyObject *need_o = column_of(need_l, t, "need"), *nat_o = column_of(nat_l, t, "natural");
    PyObject *uses = column_of(need_c, t, "need_from_c"), *shorts = column_of(nat_c, t, "natural_from_c");
    if (need_o == NULL || nat_o == NULL || uses == NULL || shorts == NULL || !PyList_Check(uses) ||
        !PyList_Check(shorts)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "picks: a tile's variants by count should be a list");
        return -1;
    }
    if (columns(need_o, nat_o, r->size, need_t, nat_t))
        return -1;
    lists[0] = from_c(uses, held, empty);
    lists[1] = held_natural != held ? from_c(shorts, held_natural, empty) : empty;
    if (!PyBytes_Check(lists[0]) || !PyBytes_Check(lists[1])) {
        PyErr_SetString(PyExc_TypeError, "picks: the variants by count should be bytes");
        return -1;
    }
    return 0;
}

/* the candidates' columns, argument `o` of worths and picks: (need, natural, need_from_c,
 * natural_from_c), each a list by tile (bots/soft.py, _Columns.by_tile); -1 with an exception
 * set if it is not that, or lacks a tile of the rack */
static int read_columns(PyObject *o, const Rack *r, PyObject **need_l, PyObject **nat_l, PyObject **need_c,
                        PyObject **nat_c, const char *what)
{
    if (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "O!O!O!O!", &PyList_Type, need_l, &PyList_Type, nat_l,
                                               &PyList_Type, need_c, &PyList_Type, nat_c))
        return -1;
    if (r->kinds > 256 || PyList_GET_SIZE(*need_l) < r->kinds || PyList_GET_SIZE(*nat_l) < r->kinds ||
        PyList_GET_SIZE(*need_c) < r->kinds || PyList_GET_SIZE(*nat_c) < r->kinds) {
        PyErr_Format(PyExc_ValueError, "%s: a column for every tile", what);
        return -1;
    }
    return 0;
}

/* candidate i's tile (the candidates: a list of ints, each a tile of the rack); -1 with an
 * exception set if it is not one */
static long candidate_tile(const Rack *r, Py_ssize_t i, const char *what)
{
    long t = PyLong_AsLong(PyList_GET_ITEM(r->cands, i));
    if (t == -1 && PyErr_Occurred())
        return -1;
    if (t < 0 || t >= r->kinds) {
        PyErr_Format(PyExc_ValueError, "%s: a candidate tile the rack has not", what);
        return -1;
    }
    return t;
}

static PyObject *worths(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Rack r;
    Worth q;
    Sums m;
    PyObject *need_l, *nat_l, *need_c, *nat_c, *empty;
    if (nargs != COMMON + 7) {
        PyErr_SetString(PyExc_TypeError, "worths takes 15 arguments");
        return NULL;
    }
    if (read_rack(args, &r, "worths") || read_worth(args, &r, &q, "worths") ||
        read_columns(args[14], &r, &need_l, &nat_l, &need_c, &nat_c, "worths"))
        return NULL;
    empty = PyBytes_FromStringAndSize(NULL, 0);
    if (empty == NULL)
        return NULL;
    if (alloc_sums(&m, r.size)) {
        Py_DECREF(empty);
        return NULL;
    }
    PyObject *out = NULL;
    if (sum_rack(&m, &r, &q, r.filled, r.natural))
        goto fail;
    if (m.total <= 0.0) {
        Py_DECREF(empty);
        PyMem_Free(m.terms);
        Py_RETURN_NONE;
    }
    Py_ssize_t n = PyList_GET_SIZE(r.cands);
    out = PyList_New(n);
    if (out == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        long t = candidate_tile(&r, i, "worths");
        PyObject *lists[2];
        const unsigned char *need_t, *nat_t;
        if (t < 0 || tile_columns(&r, t, r.filled[t], r.natural[t], need_l, nat_l, need_c, nat_c, empty, &need_t,
                                  &nat_t, lists))
            goto fail;
        PyObject *w = PyFloat_FromDouble(candidate_worth(&m, &r, &q, r.filled[t], r.natural[t],
                                                         q.live ? q.live[t] : 0, need_t, nat_t, lists));
        if (w == NULL)
            goto fail;
        PyList_SET_ITEM(out, i, w);
    }
    Py_DECREF(empty);
    PyMem_Free(m.terms);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(empty);
    PyMem_Free(m.terms);
    return NULL;
}

/* rack_worth(the first fourteen arguments of worths, the candidates an empty list): the rack's own
 * worth, log_b of its total; None when no variant is within reach (the sum is 0) */
static PyObject *rack_worth(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Rack r;
    Worth q;
    Sums m;
    if (nargs != COMMON + 6) {
        PyErr_SetString(PyExc_TypeError, "rack_worth takes 14 arguments");
        return NULL;
    }
    if (read_rack(args, &r, "rack_worth") || read_worth(args, &r, &q, "rack_worth") || alloc_sums(&m, r.size))
        return NULL;
    int failed = sum_rack(&m, &r, &q, r.filled, r.natural);
    double total = m.total;
    PyMem_Free(m.terms);
    if (failed)
        return NULL;
    if (total <= 0.0)
        Py_RETURN_NONE;
    return PyFloat_FromDouble(log(total > 1e-300 ? total : 1e-300) / q.s.log_base);
}

/* picks(entries, starts, filled, natural, oop, totals, jokers, legal, live, concealed,
 *       weight, table, params, limits, columns, count, rng)
 * The fifteen of worths, with `legal` the tiles that may be given (any held or not) in place
 * of the candidates. Up to `count` tiles given away together, the
 * least worth keeping one after another, as engine._View.worst chooses them: each step the
 * candidates are the legal tiles still held, the one worth most to lose is taken (of those
 * within 1e-9 of it, the one rng.randrange picks), and the next step is measured from the
 * rack less those taken. Stops early, before asking rng, where no variant is within reach
 * (the sum is 0: numpy then answers the steps left) or no candidate is held. */
static PyObject *picks(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Rack r;
    Worth q;
    Sums m;
    if (nargs != COMMON + 9) {
        PyErr_SetString(PyExc_TypeError, "picks takes 17 arguments");
        return NULL;
    }
    PyObject *need_l, *nat_l, *need_c, *nat_c;
    long count = PyLong_AsLong(args[15]);
    if (count == -1 && PyErr_Occurred())
        return NULL;
    if (read_rack(args, &r, "picks") || read_worth(args, &r, &q, "picks") ||
        read_columns(args[14], &r, &need_l, &nat_l, &need_c, &nat_c, "picks"))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(r.cands);
    unsigned char filled[256], natural[256];
    memcpy(filled, r.filled, (size_t)r.kinds);
    memcpy(natural, r.natural, (size_t)r.kinds);
    PyObject *empty = PyBytes_FromStringAndSize(NULL, 0);
    PyObject *out = PyList_New(0);
    long *cand = PyMem_Malloc((size_t)(n > 0 ? n : 1) * (sizeof(long) + sizeof(double)));
    if (empty == NULL || out == NULL || cand == NULL || alloc_sums(&m, r.size)) {
        Py_XDECREF(empty);
        Py_XDECREF(out);
        PyMem_Free(cand);
        return cand == NULL ? PyErr_NoMemory() : NULL;
    }
    double *worth = (double *)(cand + (n > 0 ? n : 1));
    for (long step = 0; step < count; step++) {
        Py_ssize_t k = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            long t = candidate_tile(&r, i, "picks");
            if (t < 0)
                goto fail;
            if (natural[t] > 0)
                cand[k++] = t;
        }
        if (k == 0)
            break;
        if (step == 0 && sum_rack(&m, &r, &q, filled, natural))
            goto fail; /* (a later step's sums are the last step's, moved by the tile taken) */
        if (m.total <= 0.0)
            break;
        double top = -HUGE_VAL;
        for (Py_ssize_t i = 0; i < k; i++) {
            long t = cand[i];
            PyObject *lists[2];
            const unsigned char *need_t, *nat_t;
            if (tile_columns(&r, t, filled[t], natural[t], need_l, nat_l, need_c, nat_c, empty, &need_t, &nat_t, lists))
                goto fail;
            worth[i] = candidate_worth(&m, &r, &q, filled[t], natural[t], q.live ? q.live[t] : 0, need_t, nat_t,
                                       lists);
            if (worth[i] > top)
                top = worth[i];
        }
        /* engine._best: of those within 1e-9 of the best, the one rng.randrange picks */
        Py_ssize_t ties = 0;
        for (Py_ssize_t i = 0; i < k; i++)
            if (worth[i] >= top - 1e-9)
                cand[ties++] = cand[i];
        PyObject *got = PyObject_CallMethod(args[16], "randrange", "n", ties);
        if (got == NULL)
            goto fail;
        Py_ssize_t pick = PyLong_AsSsize_t(got);
        Py_DECREF(got);
        if (pick == -1 && PyErr_Occurred())
            goto fail;
        if (pick < 0 || pick >= ties) {
            PyErr_SetString(PyExc_ValueError, "picks: rng.randrange answered out of range");
            goto fail;
        }
        long t = cand[pick];
        PyObject *x = PyLong_FromLong(t);
        if (x == NULL || PyList_Append(out, x)) {
            Py_XDECREF(x);
            goto fail;
        }
        Py_DECREF(x);
        if (step + 1 < count) {
            PyObject *lists[2];
            const unsigned char *need_t, *nat_t;
            if (tile_columns(&r, t, filled[t], natural[t], need_l, nat_l, need_c, nat_c, empty, &need_t, &nat_t, lists) ||
                take_tile(&m, &r, &q, filled[t], natural[t], q.live ? q.live[t] : 0, need_t, nat_t, lists))
                goto fail;
        }
        filled[t] -= 1;
        natural[t] -= 1;
    }
    Py_DECREF(empty);
    PyMem_Free(cand);
    PyMem_Free(m.terms);
    return out;
fail:
    Py_DECREF(empty);
    Py_DECREF(out);
    PyMem_Free(cand);
    PyMem_Free(m.terms);
    return NULL;
}

/* a variant's tiles to come, with `jokers` jokers in the rack: its gap, or what the jokers
 * cannot fill of it (its natural slots short stay to come) */
static inline long to_come(long used, long short_, long jokers)
{
    long gap = HAND - used, raw = gap;
    if (jokers) {
        raw = short_ < gap ? short_ : gap;
        if (gap - jokers > raw)
            raw = gap - jokers;
    }
    return raw;
}

/* each variant's sums for one rack (tiles used, natural slots short, tiles to come) and the
 * variants not out of play in order of their distance from it (`within` of them): a
 * candidate's distance to a variant is the rack's or one more, so the first variants in that
 * order hold its least */
typedef struct {
    unsigned char *ab, *sh, *rr;
    Py_ssize_t *order, within;
} Near;

static int alloc_near(Near *m, Py_ssize_t size)
{
    size_t room = (size_t)(size > 0 ? size : 1);
    unsigned char *mem = PyMem_Malloc(room * (3 + sizeof(Py_ssize_t)));
    if (mem == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    m->ab = mem;
    m->sh = mem + room;
    m->rr = mem + 2 * room;
    m->order = (Py_ssize_t *)(mem + 3 * room);
    return 0;
}

static void near_rack(Near *m, const Rack *r, const unsigned char *filled, const unsigned char *natural)
{
    Py_ssize_t count[HAND + 2] = {0};
    Counts c;
    read_counts(&c, r->kinds, filled, natural, NULL, NULL);
    for (Py_ssize_t v = 0; v < r->size; v++) {
        long a, b, w;
        variant_sums(r, &c, v, &a, &b, &w);
        m->ab[v] = (unsigned char)a;
        m->sh[v] = (unsigned char)((long)r->nt[v] - b); /* the natural slots short */
        long raw = to_come(a, (long)r->nt[v] - b, r->jokers);
        m->rr[v] = (unsigned char)(raw < 0 ? 0 : raw > HAND ? HAND : raw);
        if (!r->oop[v])
            count[m->rr[v] + 1]++;
    }
    for (int k = 1; k < HAND + 2; k++)
        count[k] += count[k - 1];
    for (Py_ssize_t v = 0; v < r->size; v++)
        if (!r->oop[v])
            m->order[count[m->rr[v]]++] = v;
    m->within = count[HAND];
}

/* the least tiles to come once the rack loses a copy of a tile held `held` times
 * (`held_natural` natural), its column need_t, nat_t; FAR (99) when every variant is out */
static long near_least(const Near *m, const Rack *r, long held, long held_natural, const unsigned char *need_t,
                       const unsigned char *nat_t)
{
    long least = 99;
    for (Py_ssize_t j = 0; j < m->within; j++) {
        Py_ssize_t v = m->order[j];
        if (m->rr[v] >= least)
            break; /* (no variant further on is nearer) */
        long used = m->ab[v], short_ = m->sh[v];
        if (need_t[v] >= held)
            used -= 1;
        if (nat_t[v] >= held_natural)
            short_ += 1;
        long raw = to_come(used, short_, r->jokers);
        if (raw < least)
            least = raw;
    }
    return least;
}

/* nearest(entries, starts, filled, natural, oop, totals, jokers, candidates, columns): the
 * first eight of worths and its columns; for each candidate tile, the fewest tiles still to
 * come of a variant not ruled out (oop) once the rack loses a copy of it; FAR (99) when every
 * variant is ruled out. cards.distance.rack_measures_without's least, in integers. */
static PyObject *nearest(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Rack r;
    Near m;
    PyObject *need_l, *nat_l, *need_c, *nat_c;
    if (nargs != COMMON + 1) {
        PyErr_SetString(PyExc_TypeError, "nearest takes 9 arguments");
        return NULL;
    }
    if (read_rack(args, &r, "nearest") || read_columns(args[8], &r, &need_l, &nat_l, &need_c, &nat_c, "nearest") ||
        alloc_near(&m, r.size))
        return NULL;
    near_rack(&m, &r, r.filled, r.natural);
    Py_ssize_t n = PyList_GET_SIZE(r.cands);
    PyObject *out = PyList_New(n);
    if (out == NULL) {
        PyMem_Free(m.ab);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long t = candidate_tile(&r, i, "nearest");
        const unsigned char *need_t, *nat_t;
        if (t < 0 || columns(PyList_GET_ITEM(need_l, t), PyList_GET_ITEM(nat_l, t), r.size, &need_t, &nat_t))
            goto fail;
        PyObject *x = PyLong_FromLong(near_least(&m, &r, r.filled[t], r.natural[t], need_t, nat_t));
        if (x == NULL) goto fail;
        PyList_SET_ITEM(out, i, x);
    }
    PyMem_Free(m.ab);
    return out;
fail:
    Py_DECREF(out);
    PyMem_Free(m.ab);
    return NULL;
}

/* spare(the nine arguments of nearest, the candidates an empty list, most, now):
 * how many tiles the rack can give away, one after another, without going further than
 * `now` tiles from ready (at most `most`), as engine._View.spare counts them: each step the
 * tile held (not a joker) whose loss leaves the least distance, the first of equals, while
 * that is no more than now. */
static PyObject *spare(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Rack r;
    Near m;
    PyObject *need_l, *nat_l, *need_c, *nat_c;
    if (nargs != COMMON + 3) {
        PyErr_SetString(PyExc_TypeError, "spare takes 11 arguments");
        return NULL;
    }
    long most = PyLong_AsLong(args[9]), now = PyLong_AsLong(args[10]);
    if ((most == -1 || now == -1) && PyErr_Occurred())
        return NULL;
    if (read_rack(args, &r, "spare") || read_columns(args[8], &r, &need_l, &nat_l, &need_c, &nat_c, "spare"))
        return NULL;
    unsigned char filled[256], natural[256];
    memcpy(filled, r.filled, (size_t)r.kinds);
    memcpy(natural, r.natural, (size_t)r.kinds);
    if (alloc_near(&m, r.size))
        return NULL;
    long n = 0;
    while (n < most) {
        long best = -1, least = 0;
        for (Py_ssize_t t = 0; t < r.kinds; t++) {
            if (natural[t] == 0)
                continue; /* (not held, or the joker: its count is the rack's jokers) */
            if (best < 0)
                near_rack(&m, &r, filled, natural);
            const unsigned char *need_t, *nat_t;
            if (columns(PyList_GET_ITEM(need_l, t), PyList_GET_ITEM(nat_l, t), r.size, &need_t, &nat_t)) {
                PyMem_Free(m.ab);
                return NULL;
            }
            long d = near_least(&m, &r, filled[t], natural[t], need_t, nat_t);
            if (best < 0 || d < least) {
                best = t;
                least = d;
            }
        }
        if (best < 0 || least > now)
            break;
        filled[best] -= 1;
        natural[best] -= 1;
        n++;
    }
    PyMem_Free(m.ab);
    return PyLong_FromLong(n);
}

static PyMethodDef methods[] = {
    {"nearest", (PyCFunction)(void (*)(void))nearest, METH_FASTCALL, "Each candidate's least distance, in C."},
    {"worths", (PyCFunction)(void (*)(void))worths, METH_FASTCALL, "bots/soft.py's sums, in C."},
    {"picks", (PyCFunction)(void (*)(void))picks, METH_FASTCALL, "A pass's tiles chosen together, in C."},
    {"rack_worth", (PyCFunction)(void (*)(void))rack_worth, METH_FASTCALL, "A rack's own worth, in C."},
    {"spare", (PyCFunction)(void (*)(void))spare, METH_FASTCALL, "How many tiles a rack can spare, in C."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_soft", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__soft(void)
{
    return PyModule_Create(&module);
}
