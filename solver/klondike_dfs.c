/* An exhaustive depth-first Klondike search with a transposition table
 * (thoughtful Klondike: every card known), loaded by solver/klondike_native.py.
 *
 * The stock and waste are one list, the talon, in turning order, with ``p``
 * cards turned (the waste top is talon[p-1]). A talon move plays any card the
 * stock turns can reach (unlimited passes) and records how many turns it
 * takes. The search closes on every position reachable with its moves:
 *   - a column's top card, or a talon card, to its foundation;
 *   - a talon card onto a column (a King into an empty column);
 *   - any face-up run of a column (its head fits) onto another column, except
 *     a King run that is the whole column moved into an empty column;
 *   - a foundation's top card back onto a column, except a card no column
 *     card could need (rank 2 or less, or both foundations of the other colour
 *     at its rank - 1 or more).
 * A card whose foundation takes it and that no column card could need (the
 * same test) goes home at once from a column (and, in Draw 1, from the talon).
 * Positions are keyed by two 64-bit hashes (the order of the columns is not
 * part of the key; with flag 64, see below).
 *
 * Two options keep the proof (``flags``):
 *   - 8, Draw 1 only (ignored in Draw 3): a talon card goes onto a column only
 *     when the next move covers it (a run of another column, a talon card, which
 *     then waits the same way, or a foundation's top), and only when some card
 *     could. Every winning line can be played so: in Draw 1 every talon card can be
 *     turned up at any time, so a talon card X played onto Y and covered later can
 *     stay in the talon until just before it is covered. Until then X only covered
 *     Y: the moves between stay legal without it (a run carrying Y carries one card
 *     fewer), a move of X alone comes from the talon instead (home, or onto another
 *     column, where it waits again), and no card is sent home at once because X is
 *     gone (Y goes home at once only when both foundations of X's colour hold X's
 *     rank, and X is not home; X itself goes home at once from the talon exactly
 *     when it would from the column). The positions waiting for their cover are
 *     not kept in the table.
 *   - 16: a part of a run moved off a face-up card Z (the run's head X onto Y, the other
 *     card of Z's rank and colour) is followed at once by a move that uses Z: Z goes home
 *     (by a move, or at once), or a card goes onto Z (a run of another column, a talon card,
 *     a foundation's top). Every winning line can be played so: the move can wait until just
 *     before Z's use, as every move between stays legal with X's run still on Z. They cannot
 *     cover Y (X's run is on it), nor use Z (that ends the wait); a run carrying Y carries one
 *     part fewer, and X's run follows it when the wait ends; a run carrying Z carries X's run
 *     as well (it fits Z), which then leaves from there; a move of part of X's run leaves Z's
 *     run instead of Y's; a move of all of it is played from Z directly. No card goes home at
 *     once because of the wait: Z is covered, and Y, uncovered, is needed by X, which is not
 *     home. So the move is played only when a use follows; the line ends with every card
 *     home, so Z is used before it.
 *   - 32: a whole column moved (its run onto another column, emptying it) is followed at once
 *     by a King into an empty column: by the same argument, the move can wait until then
 *     (nothing else uses an empty column, and its run's head needs a card that is not home).
 *     Positions waiting for a use are kept in the table with the card (or the empty column)
 *     in their key, and are passed by when the same position is already there without it.
 *     The move is not made at all when no use but the way back could follow (``use_follows``):
 *     such a position's only move leads to one passed by.
 *   - 64, Draw 3 only (ignored in Draw 1): a position is passed by when the table holds one the
 *     turns reach it from: the same columns, foundations and talon, with fewer cards turned by a
 *     multiple of three, or, when it has none turned (or a multiple of three, or all: the same
 *     position), with any number turned. Turning is free, so that position's talon moves include
 *     every one of this position's, and its other moves lead to the same positions with its
 *     turns, each of which passes this one's likewise; a line from this position is a line from
 *     that one. The table then keys a position without its turns (47 bits of the key) and keeps
 *     a bit per count of cards turned met with it (17 bits), so the check is one probe. On the
 *     lost Draw 3 deal 25074923307826627684, 19.6 million positions instead of 25.7 million.
 *     The waits of 16 and 32 are the same in both positions (they are part of the key).
 *   - 4: a position the relaxed game below calls blocked is not expanded (no line
 *     wins from it, whatever is played); a card going home never blocks a position
 *     whose parent was not blocked, so the check follows only the other moves.
 *
 * The table is mapped in 2 MB pages where the system grants them (a probe is a random access;
 * with small pages most probes also walked the page tables). After a move, the cards that go
 * home at once are looked for only where the move changed something (``auto_after``: the same
 * answer as a full scan, as every position searched has none left).
 *
 * When the table is full, the depth or the time runs out, the answer is
 * "unknown"; only a search that closed every position answers "no line". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

#define NCOL 7
#define MAXCOL 24
#define MAXTALON 24
#define MAXMOVES 320
#define MAXAUTO 52

enum { COLCOL = 0, COLF = 1, TALCOL = 2, TALF = 3, FCOL = 4 };

typedef struct {
    uint8_t col[NCOL][MAXCOL];
    uint8_t len[NCOL];
    uint8_t down[NCOL];
    uint8_t found[4];           /* engine order H C D S: colour = suit & 1 */
    uint8_t talon[MAXTALON];
    uint8_t tn, p;
    /* hash_state's parts, kept from the parent: bit i of ``dirty`` marks column i
     * changed since they were made, bit 7 the talon */
    uint8_t dirty;
    /* with flags & 8: a card just played from the talon onto a column, which the next
     * move must cover (0: none) */
    uint8_t pend;
    /* with flags & 16: the face-up card a part of a run was just moved off, which the next
     * move must use (send home, or cover); with flags & 32, 0xFF: a column was just emptied,
     * which the next move must fill (0: none) */
    uint8_t zpend;
    uint64_t ha[NCOL], hb[NCOL], ht, hu;
    /* with flags & 64 (Draw 3): the key leaves out the cards turned, kept here as a bit of the
     * table slot instead (``turned_bit``) */
    int8_t pbit;
} State;

typedef struct { uint8_t kind, a, b, presses; int16_t score; } Move;

typedef struct {
    State s;
    Move moves[MAXMOVES];
    int n, i;
    Move in;
    Move autos[MAXAUTO];
    int na;
    long kbase;     /* its children: kids[kbase .. kbase + n) */
} Frame;

/* A position's children, all made when it is opened, so that their table slots are fetched
 * from memory together rather than one at a time (a probe of the table is a cache miss). */
typedef struct {
    State s;
    uint64_t h1, h2;    /* its key */
    uint64_t g1, g2;    /* for a position waiting for a use: its key without the wait */
    int na;
    Move autos[MAXAUTO];
} Kid;

static __thread int draw_count;
static __thread int search_flags;
static __thread int by_turns;       /* flags & 64 in Draw 3: positions told apart by their turns in the slot */   /* 1: partial runs only when the card they uncover goes home; 2: no returns */

#define SUIT(c) ((c) >> 4)
#define RANK(c) ((c) & 15)
#define RED(c) ((SUIT(c) & 1) == 0)

static inline int fits(int card, int onto) {
    return RANK(onto) == RANK(card) + 1 && RED(onto) != RED(card);
}

/* No card of the columns could need ``card``: both foundations of the other
 * colour hold its rank - 1 or more (or it is an Ace or a Two). */
static inline int unneeded(const State *s, int card) {
    int r = RANK(card);
    if (r <= 2) return 1;
    int o1 = RED(card) ? 1 : 0, o2 = RED(card) ? 3 : 2;
    return s->found[o1] >= r - 1 && s->found[o2] >= r - 1;
}

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27; x *= 0x94d049bb133111ebULL;
    x ^= x >> 31; return x;
}

/* Random words by (row, card) and by face-down count, for the columns' hashes (made once,
 * when the library is loaded: the same words in every thread). */
static uint64_t zob_a[MAXCOL][64], zob_b[MAXCOL][64], zob_down[MAXCOL + 1][2];

__attribute__((constructor)) static void zob_init(void) {
    uint64_t x = 0x2545f4914f6cdd1dULL;
    for (int j = 0; j < MAXCOL; j++)
        for (int c = 0; c < 64; c++) {
            zob_a[j][c] = mix(x += 0x9e3779b97f4a7c15ULL);
            zob_b[j][c] = mix(x += 0x9e3779b97f4a7c15ULL);
        }
    for (int d = 0; d <= MAXCOL; d++) {
        zob_down[d][0] = mix(x += 0x9e3779b97f4a7c15ULL);
        zob_down[d][1] = mix(x += 0x9e3779b97f4a7c15ULL);
    }
}

/* The position's two hashes; the parts of the columns and the talon that no move
 * changed since the parent's are reused (``dirty``), so the result is the same as
 * hashing everything again. A column's part is its cards' words by row, then mixed (the
 * columns' parts are added up: their order is not part of the key). */
static void hash_state(State *s, uint64_t *h1, uint64_t *h2) {
    uint64_t a = 0, b = 0;
    for (int i = 0; i < NCOL; i++) {
        if (s->dirty & (1u << i)) {
            uint64_t x = zob_down[s->down[i]][0], y = zob_down[s->down[i]][1];
            for (int j = 0; j < s->len[i]; j++) {
                x ^= zob_a[j][s->col[i][j]];
                y ^= zob_b[j][s->col[i][j]];
            }
            s->ha[i] = mix(x);
            s->hb[i] = mix(y ^ 0x5555555555555555ULL);
        }
        a += s->ha[i]; b += s->hb[i];
    }
    if (s->dirty & 0x80) {
        uint64_t t = 0, u = 0;
        for (int j = 0; j < s->tn; j++) {
            t |= 1ULL << (s->talon[j] & 63);
            u = u * 131 + s->talon[j];
        }
        s->ht = t; s->hu = u;
    }
    s->dirty = 0;
    uint64_t f = s->found[0] | s->found[1] << 4 | s->found[2] << 8 | s->found[3] << 12;
    /* the turns that bring the talon back to no card turned make p = 0, a
     * multiple of the draw or the end of the talon one position */
    int p = (s->p == s->tn || s->p % draw_count == 0) ? 0 : s->p;
    if (by_turns) { s->pbit = (int8_t)(p - p / 3); p = 0; }
    a = mix(a ^ mix(f * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)p << 20)) ^ mix(s->ht + 77));
    b = mix(b + mix(f + ((uint64_t)p << 16) + 12345) + mix(s->hu ^ 0xabcdefULL));
    if (s->pend) { a ^= mix(0x7f4a7c159e3779b9ULL * s->pend); b += mix(s->pend + 0x51ed27ULL); }
    if (s->zpend) { a ^= mix(0x3c6ef372fe94f82bULL * s->zpend + 99); b += mix(s->zpend * 7919 + 0xa54ff53aULL); }
    *h1 = a ? a : 1;
    *h2 = b;
}

/* ---- transposition table ----
 * One thread's own, or one table several threads share (``klondike_table_new``):
 * a slot is claimed with a compare-and-swap, so two threads never both take a
 * position as new. A position one thread claimed is expanded by that thread; the
 * others pass it by, so when every thread sharing the table has closed its search,
 * every position any of them met was expanded. */
typedef struct { uint64_t *slots; uint64_t mask; long count, cap; void *map; size_t map_len; } Table;
static __thread Table *table;
static __thread long claimed;   /* positions this thread claimed, for its clock checks */

#define HUGE_PAGE (2UL << 20)

static Table *table_make(long max_states) {
    uint64_t size = 1024;
    while (size * 3 < (uint64_t)max_states * 4) size <<= 1;
    Table *t = malloc(sizeof(Table));
    if (!t) return NULL;
    /* Mapped for itself (its pages come zeroed), on a 2 MB boundary and in 2 MB pages where
     * the system grants them: a probe of the table is a random access, and with small pages
     * most probes were a page-table walk as well (13% more positions a second with them). */
    size_t bytes = size * sizeof(uint64_t);
    t->map_len = bytes + HUGE_PAGE;
    t->map = mmap(NULL, t->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (t->map == MAP_FAILED) { free(t); return NULL; }
    t->slots = (uint64_t *)(((uintptr_t)t->map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    madvise(t->slots, bytes, MADV_HUGEPAGE);   /* advice: refused, the table works in small pages */
    t->mask = size - 1; t->count = 0; t->cap = max_states;
    return t;
}

void *klondike_table_new(long max_states) { return table_make(max_states); }

void klondike_table_free(void *p) {
    Table *t = p;
    if (t) { munmap(t->map, t->map_len); free(t); }
}

/* Positions in the table: the shared count, and this thread's claims not yet added to it. */
static inline long table_count(void) { return __atomic_load_n(&table->count, __ATOMIC_RELAXED) + (claimed & 255); }

static int insert(uint64_t h1, uint64_t h2) {   /* 1 new, 0 seen */
    uint64_t *slots = table->slots, mask = table->mask, i = h2 & mask;
    for (;;) {
        uint64_t v = __atomic_load_n(&slots[i], __ATOMIC_RELAXED);
        if (v == 0) {
            uint64_t expected = 0;
            if (__atomic_compare_exchange_n(&slots[i], &expected, h1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                /* the shared count in steps of 256: one counter written by every thread at
                 * every position would bounce between the cores */
                if ((++claimed & 255) == 0) __atomic_add_fetch(&table->count, 256, __ATOMIC_RELAXED);
                return 1;
            }
            v = expected;
        }
        if (v == h1) return 0;
        i = (i + 1) & mask;
    }
}

/* With ``by_turns``: a slot holds a position's key without its turns (the high 47 bits) and a
 * bit for each count of cards turned met with it (bit 0: none or a multiple of three; bit
 * p - p / 3: p cards turned, p not a multiple of three). A position is passed by when its
 * own bit is set, or the bit of fewer cards turned by a multiple of three, or for bit 0 any
 * bit: from those the turns reach it, and every move it has, that position has too (or one
 * to a position that passes it by likewise). */
#define TURN_BITS 17
#define KEY_MASK (~((1ULL << TURN_BITS) - 1))
static uint32_t turn_cover[TURN_BITS];   /* by bit: the bits whose positions pass it by */

__attribute__((constructor)) static void turn_cover_init(void) {
    turn_cover[0] = (1u << TURN_BITS) - 1;
    for (int p = 1; p < 3 * TURN_BITS; p++) {
        if (p % 3 == 0 || p - p / 3 >= TURN_BITS) continue;
        uint32_t m = 0;
        for (int q = p; q >= 1; q -= 3) m |= 1u << (q - q / 3);
        turn_cover[p - p / 3] = m;
    }
}

static int insert_turns(uint64_t h1, uint64_t h2, int bit) {   /* 1 new, 0 seen or passed by */
    uint64_t *slots = table->slots, mask = table->mask, i = h2 & mask;
    uint64_t key = h1 & KEY_MASK;
    if (!key) key = 1ULL << TURN_BITS;
    for (;;) {
        uint64_t v = __atomic_load_n(&slots[i], __ATOMIC_RELAXED);
        if (v == 0) {
            uint64_t expected = 0;
            if (__atomic_compare_exchange_n(&slots[i], &expected, key | 1ULL << bit, 0, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED)) {
                if ((++claimed & 255) == 0) __atomic_add_fetch(&table->count, 256, __ATOMIC_RELAXED);
                return 1;
            }
            v = expected;
        }
        if ((v & KEY_MASK) == key) {
            for (;;) {
                if (v & turn_cover[bit]) return 0;
                if (__atomic_compare_exchange_n(&slots[i], &v, v | 1ULL << bit, 0, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED)) {
                    if ((++claimed & 255) == 0) __atomic_add_fetch(&table->count, 256, __ATOMIC_RELAXED);
                    return 1;
                }
            }
        }
        i = (i + 1) & mask;
    }
}

static int contains_turns(uint64_t h1, uint64_t h2, int bit) {
    uint64_t *slots = table->slots, mask = table->mask, i = h2 & mask;
    uint64_t key = h1 & KEY_MASK;
    if (!key) key = 1ULL << TURN_BITS;
    for (;;) {
        uint64_t v = __atomic_load_n(&slots[i], __ATOMIC_RELAXED);
        if (v == 0) return 0;
        if ((v & KEY_MASK) == key) return (v & turn_cover[bit]) != 0;
        i = (i + 1) & mask;
    }
}

static int contains(uint64_t h1, uint64_t h2) {
    uint64_t *slots = table->slots, mask = table->mask, i = h2 & mask;
    for (;;) {
        uint64_t v = __atomic_load_n(&slots[i], __ATOMIC_RELAXED);
        if (v == 0) return 0;
        if (v == h1) return 1;
        i = (i + 1) & mask;
    }
}

/* ---- moves ---- */
static void lift(State *s, int i, int count) {
    s->len[i] -= count;
    if (s->len[i] && s->down[i] >= s->len[i]) s->down[i] = s->len[i] - 1;
}

static void talon_remove(State *s, int q) {   /* play talon[q-1], q cards turned */
    memmove(s->talon + q - 1, s->talon + q, s->tn - q);
    s->tn--;
    s->p = q - 1;
}

static void apply(State *s, const Move *m) {
    int card;
    switch (m->kind) {
    case COLCOL: {
        int i = m->a, j = m->b, count = m->presses;
        s->dirty |= (uint8_t)(1u << i | 1u << j);
        memcpy(s->col[j] + s->len[j], s->col[i] + s->len[i] - count, count);
        s->len[j] += count;
        lift(s, i, count);
        break;
    }
    case COLF:
        s->dirty |= (uint8_t)(1u << m->a);
        card = s->col[m->a][s->len[m->a] - 1];
        s->found[SUIT(card)]++;
        lift(s, m->a, 1);
        break;
    case TALCOL:
        s->dirty |= (uint8_t)(1u << m->b | 0x80u);
        card = s->talon[m->a - 1];
        s->col[m->b][s->len[m->b]++] = card;
        talon_remove(s, m->a);
        break;
    case TALF:
        s->dirty |= 0x80u;
        card = s->talon[m->a - 1];
        s->found[SUIT(card)]++;
        talon_remove(s, m->a);
        break;
    case FCOL:
        s->dirty |= (uint8_t)(1u << m->b);
        card = (m->a << 4) | s->found[m->a];
        s->found[m->a]--;
        s->col[m->b][s->len[m->b]++] = card;
        break;
    }
}

/* Cards turned after each count of turns from p: (q, turns) for each reachable q > 0. */
static int talon_reach(const State *s, int *qs, int *turns) {
    int n = 0, q = s->p, t = 0;
    uint8_t seen[MAXTALON + 1];
    if (s->tn == 0) return 0;
    if (draw_count == 1) {   /* every card, in turning order from p: the loop below's answer */
        for (q = s->p > 0 ? s->p : 1, t = s->p > 0 ? 0 : 1; q <= s->tn; q++, t++) { qs[n] = q; turns[n++] = t; }
        for (q = 1, t = s->tn - s->p + 2; q < s->p; q++, t++) { qs[n] = q; turns[n++] = t; }
        return n;
    }
    memset(seen, 0, sizeof seen);
    int limit = 2 * (s->tn / draw_count + 2);
    for (;;) {
        if (q > 0 && !seen[q]) { seen[q] = 1; qs[n] = q; turns[n] = t; n++; }
        if (t >= limit) break;
        q = (q == s->tn) ? 0 : (q + draw_count < s->tn ? q + draw_count : s->tn);
        t++;
    }
    return n;
}

/* Cards that go home at once; ``out`` gets them as moves. */
static int auto_moves(State *s, Move *out) {
    int n = 0, again = 1;
    while (again) {
        again = 0;
        for (int i = 0; i < NCOL; i++) {
            if (!s->len[i]) continue;
            int card = s->col[i][s->len[i] - 1];
            if (s->found[SUIT(card)] == RANK(card) - 1 && unneeded(s, card)) {
                Move m = { COLF, (uint8_t)i, 0, 0, 0 };
                apply(s, &m);
                out[n++] = m;
                again = 1;
            }
        }
        if (draw_count == 1 && !again) {
            int qs[MAXTALON + 1], turns[MAXTALON + 1];
            int k = talon_reach(s, qs, turns);
            for (int j = 0; j < k; j++) {
                int card = s->talon[qs[j] - 1];
                if (s->found[SUIT(card)] == RANK(card) - 1 && unneeded(s, card)) {
                    Move m = { TALF, (uint8_t)qs[j], 0, (uint8_t)turns[j], 0 };
                    apply(s, &m);
                    out[n++] = m;
                    again = 1;
                    break;
                }
            }
        }
    }
    return n;
}

/* The cards that go home at once after move ``m`` in a position that had none: all of them
 * when the move raised a foundation; else only when the top of a column the move changed
 * may go (no other card's state changed: foundations and the talon's cards at hand are the
 * same, or fewer). The same answer as ``auto_moves``, without its scan. */
static int auto_after(State *s, const Move *m, Move *out) {
    if (m->kind == COLF || m->kind == TALF) return auto_moves(s, out);
    for (int i = 0; i < NCOL; i++) {
        if (!(s->dirty & (1u << i)) || !s->len[i]) continue;
        int card = s->col[i][s->len[i] - 1];
        if (s->found[SUIT(card)] == RANK(card) - 1 && unneeded(s, card)) return auto_moves(s, out);
    }
    return 0;
}

/* ---- a proof that a position cannot be won, without a search ----
 * The relaxed game of solver/klondike_blocked.py (its notes give the rules and
 * why every real line is a line of it): every talon card at hand; a card may go
 * onto any card one higher of the other colour that is at hand, home, or lies
 * with nothing but departed cards above it; a King may leave whenever some column
 * has emptied (or it lies at the bottom of its column); a face-up card leaves with
 * any face-up card beneath it that leaves; a suit's next card goes home when it is
 * at hand or has nothing but departed cards above it. Every rule only adds
 * departures and homes as more cards depart or go home, so playing them until
 * nothing changes gives one answer whatever the order; the position is blocked
 * when some card never goes home then. */
#define CIDX(c) (SUIT(c) * 13 + RANK(c) - 1)
#define ALL52 ((1ULL << 52) - 1)

static uint64_t parent_mask[64];   /* by card code: the two cards it may go onto */
static uint64_t child_mask[64];    /* by card code: the two cards that may go onto it */
static int parent_ready;

static void parents_init(void) {
    for (int suit = 0; suit < 4; suit++)
        for (int rank = 1; rank <= 13; rank++) {
            uint64_t m = 0;
            if (rank < 13)
                for (int t = 0; t < 4; t++)
                    if ((t & 1) != (suit & 1)) m |= 1ULL << (t * 13 + rank);
            parent_mask[suit << 4 | rank] = m;
            m = 0;
            if (rank > 1)
                for (int t = 0; t < 4; t++)
                    if ((t & 1) != (suit & 1)) m |= 1ULL << (t * 13 + rank - 2);
            child_mask[suit << 4 | rank] = m;
        }
    parent_ready = 1;
}

static int relaxed_blocked(const State *s) {
    uint64_t home = 0, hand = 0, left = 0;
    int where[52];                      /* column * 32 + row, or -1 */
    if (!parent_ready) parents_init();
    for (int f = 0; f < 4; f++)
        if (s->found[f]) home |= ((1ULL << s->found[f]) - 1) << (f * 13);
    for (int j = 0; j < s->tn; j++) hand |= 1ULL << CIDX(s->talon[j]);
    for (int k = 0; k < 52; k++) where[k] = -1;
    for (int i = 0; i < NCOL; i++)
        for (int j = 0; j < s->len[i]; j++) where[CIDX(s->col[i][j])] = i * 32 + j;
    int changed = 1;
    while (changed) {
        changed = 0;
        int top[NCOL], carry[NCOL], emptied = 0;
        uint64_t avail = hand | home;
        for (int i = 0; i < NCOL; i++) {
            int t = s->len[i];
            while (t > 0 && (left >> CIDX(s->col[i][t - 1]) & 1)) t--;
            top[i] = t;                 /* cards from t up have all departed */
            if (t == 0) emptied = 1;
            int k = s->down[i];
            while (k < s->len[i] && !(left >> CIDX(s->col[i][k]) & 1)) k++;
            carry[i] = k;               /* the lowest departed face-up card */
            for (int j = t > 0 ? t - 1 : 0; j < s->len[i]; j++) avail |= 1ULL << CIDX(s->col[i][j]);
        }
        for (int i = 0; i < NCOL; i++) {
            for (int j = 0; j < s->len[i]; j++) {
                int c = s->col[i][j], x = CIDX(c);
                if (left >> x & 1) continue;
                int face_up = j >= s->down[i], unc = j >= top[i] - 1, moves;
                if (face_up && carry[i] < j) moves = 1;
                else if (!face_up && !unc) moves = 0;
                else {
                    int lower_home = RANK(c) == 1 || (home >> (x - 1) & 1);
                    moves = (lower_home && unc) || (RANK(c) == 13 && (j == 0 || emptied))
                            || (parent_mask[c] & avail) != 0;
                }
                if (moves) { left |= 1ULL << x; changed = 1; }
            }
        }
        for (int i = 0; i < NCOL; i++) {   /* departures so far, for the homes below */
            int t = s->len[i];
            while (t > 0 && (left >> CIDX(s->col[i][t - 1]) & 1)) t--;
            top[i] = t;
        }
        for (int f = 0; f < 4; f++) {
            for (;;) {
                int r = 0;
                while (r < 13 && (home >> (f * 13 + r) & 1)) r++;
                if (r == 13) break;
                int x = f * 13 + r, ok = (hand >> x & 1) != 0;
                if (!ok && where[x] >= 0) ok = (where[x] & 31) >= top[where[x] >> 5] - 1;
                if (!ok) break;
                home |= 1ULL << x; changed = 1;
            }
        }
        if (home == ALL52) return 0;
    }
    return 1;
}

/* The same check on a position given as klondike_dfs takes it: 1 blocked, 0 not, -3 bad input. */
int klondike_blocked_check(const unsigned char *cards, const int *lens, const int *downs, const int *found,
                           int talon_len) {
    State s;
    memset(&s, 0, sizeof s);
    int at = 0;
    for (int i = 0; i < NCOL; i++) {
        if (lens[i] > MAXCOL) return -3;
        s.len[i] = (uint8_t)lens[i]; s.down[i] = (uint8_t)downs[i];
        memcpy(s.col[i], cards + at, lens[i]); at += lens[i];
    }
    if (talon_len > MAXTALON) return -3;
    s.tn = (uint8_t)talon_len;
    memcpy(s.talon, cards + at, talon_len);
    for (int f = 0; f < 4; f++) s.found[f] = (uint8_t)found[f];
    return relaxed_blocked(&s);
}

static __thread long pruned;
/* Positions the last search on this thread left unexpanded as blocked. */
long klondike_last_pruned(void) { return pruned; }

/* The columns ``card`` may go onto, in column order: those whose top card is one of its two
 * parents (``top_col``: the column of each top card, or -1), or for a King the first empty one. */
static inline int dests(const int8_t *top_col, int card, int empty, int *js) {
    if (RANK(card) == 13) { js[0] = empty; return empty >= 0; }
    int r = RANK(card) + 1, o = RED(card) ? 1 : 0;   /* the other colour's suits: o, o + 2 */
    int a = top_col[o << 4 | r], b = top_col[(o + 2) << 4 | r], n = 0;
    if (a >= 0 && b >= 0 && b < a) { int t = a; a = b; b = t; }
    if (a >= 0) js[n++] = a;
    if (b >= 0) js[n++] = b;
    return n;
}

/* Card ``w`` can be moved onto a card now: from the talon (a card the turns reach), from its
 * foundation's top (one that may come back), or as the head of the face-up run at the top of a
 * column other than ``i`` (``low``: only from row 1 up, as a King leaves only a column it does
 * not fill alone). */
static int movable(const State *s, int w, int i, int low) {
    if (s->found[SUIT(w)] == RANK(w) && !unneeded(s, w)) return 1;
    if (draw_count == 1) {
        for (int t = 0; t < s->tn; t++)
            if (s->talon[t] == w) return 1;
    } else {
        int qs[MAXTALON + 1], turns[MAXTALON + 1];
        int k = talon_reach(s, qs, turns);
        for (int t = 0; t < k; t++)
            if (s->talon[qs[t] - 1] == w) return 1;
    }
    for (int c = 0; c < NCOL; c++) {
        int len = s->len[c];
        if (c == i || !len) continue;
        int k = RANK(w) - RANK(s->col[c][len - 1]), start = len - 1 - k;
        if (k < 0 || start < s->down[c] || start < low || s->col[c][start] != w) continue;
        int run = 1;
        for (int t = start; t < len - 1 && run; t++) run = fits(s->col[c][t + 1], s->col[c][t]);
        if (run) return 1;
    }
    return 0;
}

/* With flags 16 and 32, a move of column ``i``'s cards from row ``start`` is followed at once
 * by a use of what it uncovers (the face-up card under them, or the emptied column). The move
 * is made only when a use other than taking the cards back can follow: the card goes home, the
 * other card of the moved head's rank and colour can go onto it, or a King can go into the
 * column. Otherwise the waiting position has no move but the way back, to a position met
 * already (kept in the table, or, after a talon card waiting for its cover, met as its parent's
 * other children), so leaving the move out closes the same positions. */
static int use_follows(const State *s, int i, int start) {
    if (start > s->down[i]) {
        if (!(search_flags & 16)) return 1;
        int z = s->col[i][start - 1], x = s->col[i][start];
        if (s->found[SUIT(z)] == RANK(z) - 1) return 1;
        return movable(s, ((SUIT(x) ^ 2) << 4) | RANK(x), i, 0);
    }
    if (start > 0 || !(search_flags & 32)) return 1;
    for (int suit = 0; suit < 4; suit++)
        if (movable(s, suit << 4 | 13, i, 1)) return 1;
    return 0;
}

static int gen_moves(const State *s, Move *out) {
    int n = 0;
    int empty = -1, js[2];
    int8_t top_col[64];
    memset(top_col, -1, sizeof top_col);
    for (int j = 0; j < NCOL; j++) {
        if (s->len[j]) top_col[s->col[j][s->len[j] - 1]] = (int8_t)j;
        else if (empty < 0) empty = j;
    }
    /* columns */
    for (int i = 0; i < NCOL; i++) {
        int len = s->len[i];
        if (!len) continue;
        int top = s->col[i][len - 1];
        if (s->found[SUIT(top)] == RANK(top) - 1) {
            int flips = (len - 1 == s->down[i] && s->down[i] > 0);
            out[n++] = (Move){ COLF, (uint8_t)i, 0, 0, (int16_t)(flips ? 1000 : 700) };
        }
        for (int start = len - 1; start >= s->down[i]; start--) {
            if (start < len - 1 && !fits(s->col[i][start + 1], s->col[i][start])) break;
            int head = s->col[i][start], count = len - start;
            int whole = start == s->down[i];
            int16_t score;
            if (whole && s->down[i] > 0) score = 900 + s->down[i];
            else if (whole) score = 400;
            else score = 200;
            if (!whole && (search_flags & 1)) {
                int under = s->col[i][start - 1];
                if (s->found[SUIT(under)] != RANK(under) - 1) continue;
            }
            if (RANK(head) == 13 && start == 0) continue;   /* a whole column's King run stays */
            int k = dests(top_col, head, empty, js);
            if (k && !use_follows(s, i, start)) continue;
            for (int d = 0; d < k; d++)
                if (js[d] != i) out[n++] = (Move){ COLCOL, (uint8_t)i, (uint8_t)js[d], (uint8_t)count, score };
        }
    }
    /* talon */
    int qs[MAXTALON + 1], turns[MAXTALON + 1];
    int k = talon_reach(s, qs, turns);
    /* with flags & 8, a talon card goes onto a column only when a card could cover it next:
     * one of the talon, the head of a face-up run of another column, or a foundation's top
     * that may come back */
    uint64_t covers = 0, heads[NCOL], all_heads = 0;
    if (search_flags & 8) {
        if (!parent_ready) parents_init();
        for (int t = 0; t < s->tn; t++) covers |= 1ULL << CIDX(s->talon[t]);
        for (int f = 0; f < 4 && !(search_flags & 2); f++) {
            int card = (f << 4) | s->found[f];
            if (s->found[f] && !unneeded(s, card)) covers |= 1ULL << CIDX(card);
        }
        for (int i = 0; i < NCOL; i++) {
            heads[i] = 0;
            for (int start = s->len[i] - 1; start >= s->down[i] && s->len[i]; start--) {
                if (start < s->len[i] - 1 && !fits(s->col[i][start + 1], s->col[i][start])) break;
                heads[i] |= 1ULL << CIDX(s->col[i][start]);
            }
            all_heads |= heads[i];
        }
    }
    for (int t = 0; t < k; t++) {
        int card = s->talon[qs[t] - 1];
        if (s->found[SUIT(card)] == RANK(card) - 1)
            out[n++] = (Move){ TALF, (uint8_t)qs[t], 0, (uint8_t)turns[t], (int16_t)(600 - turns[t]) };
        int m = dests(top_col, card, empty, js);
        for (int d = 0; d < m; d++) {
            int j = js[d];
            if ((search_flags & 8) && !((covers | (all_heads & ~heads[j])) & child_mask[card])) continue;
            out[n++] = (Move){ TALCOL, (uint8_t)qs[t], (uint8_t)j, (uint8_t)turns[t], (int16_t)(500 - turns[t]) };
        }
    }
    /* foundation returns */
    for (int f = 0; f < 4 && !(search_flags & 2); f++) {
        if (!s->found[f]) continue;
        int card = (f << 4) | s->found[f];
        if (unneeded(s, card)) continue;
        for (int j = 0; j < NCOL; j++) {
            if (s->len[j] ? fits(card, s->col[j][s->len[j] - 1]) : (RANK(card) == 13 && j == empty))
                out[n++] = (Move){ FCOL, (uint8_t)f, (uint8_t)j, 0, 100 };
        }
    }
    for (int a = 1; a < n; a++) {   /* by score, highest first (few moves: insertion) */
        Move m = out[a];
        int b = a;
        while (b > 0 && out[b - 1].score < m.score) { out[b] = out[b - 1]; b--; }
        out[b] = m;
    }
    return n;
}

/* The moves that put a card onto ``onto``, the top of column ``j``, appended to out[n...]:
 * runs of the other columns, talon cards, foundations' tops that may come back. */
static int onto_moves(const State *s, int j, int onto, Move *out, int n) {
    for (int i = 0; i < NCOL; i++) {
        int len = s->len[i];
        if (i == j || !len) continue;
        /* the only card of a run that may fit is the one of rank onto - 1: k cards below the top */
        int k = RANK(onto) - 1 - RANK(s->col[i][len - 1]), start = len - 1 - k;
        if (k < 0 || start < s->down[i] || !fits(s->col[i][start], onto)) continue;
        int run = 1;
        for (int t = start; t < len - 1 && run; t++) run = fits(s->col[i][t + 1], s->col[i][t]);
        if (!run) continue;
        int whole = start == s->down[i];
        if (!whole && (search_flags & 1)) {
            int under = s->col[i][start - 1];
            if (s->found[SUIT(under)] != RANK(under) - 1) continue;
        }
        if (!use_follows(s, i, start)) continue;
        out[n++] = (Move){ COLCOL, (uint8_t)i, (uint8_t)j, (uint8_t)(len - start), (int16_t)(whole ? 900 : 300) };
    }
    int qs[MAXTALON + 1], turns[MAXTALON + 1];
    int k = talon_reach(s, qs, turns);
    for (int t = 0; t < k; t++)
        if (fits(s->talon[qs[t] - 1], onto))
            out[n++] = (Move){ TALCOL, (uint8_t)qs[t], (uint8_t)j, (uint8_t)turns[t], (int16_t)(500 - turns[t]) };
    for (int f = 0; f < 4 && !(search_flags & 2); f++) {
        int card = (f << 4) | s->found[f];
        if (s->found[f] && !unneeded(s, card) && fits(card, onto))
            out[n++] = (Move){ FCOL, (uint8_t)f, (uint8_t)j, 0, 100 };
    }
    return n;
}

/* The column whose top card is ``card``, or -1. */
static int column_topped_by(const State *s, int card) {
    int j = -1;
    for (int i = 0; i < NCOL; i++)
        if (s->len[i] && s->col[i][s->len[i] - 1] == card) j = i;
    return j;
}

/* A position waiting for the talon card just played (``pend``, top of a column) to be
 * covered: only the moves that put a card onto it (in the order made: runs, talon cards,
 * foundations' tops). */
static int gen_onto(const State *s, Move *out) {
    int j = column_topped_by(s, s->pend);
    return j < 0 ? gen_moves(s, out) : onto_moves(s, j, s->pend, out, 0);
}

/* A position after a column was emptied by moving its whole run (``zpend`` 0xFF): only the
 * moves of a King into an empty column. */
static int gen_fill(const State *s, Move *out) {
    int n = 0, j = -1;
    for (int i = 0; i < NCOL && j < 0; i++)
        if (!s->len[i]) j = i;
    if (j < 0) return gen_moves(s, out);
    for (int i = 0; i < NCOL; i++) {
        for (int start = s->len[i] - 1; start >= s->down[i] && start > 0; start--) {
            if (start < s->len[i] - 1 && !fits(s->col[i][start + 1], s->col[i][start])) break;
            if (RANK(s->col[i][start]) == 13 && use_follows(s, i, start))
                out[n++] = (Move){ COLCOL, (uint8_t)i, (uint8_t)j, (uint8_t)(s->len[i] - start),
                                   (int16_t)(start == s->down[i] ? 900 : 300) };
        }
    }
    int qs[MAXTALON + 1], turns[MAXTALON + 1];
    int k = talon_reach(s, qs, turns);
    for (int t = 0; t < k; t++)
        if (RANK(s->talon[qs[t] - 1]) == 13)
            out[n++] = (Move){ TALCOL, (uint8_t)qs[t], (uint8_t)j, (uint8_t)turns[t], (int16_t)(500 - turns[t]) };
    for (int f = 0; f < 4 && !(search_flags & 2); f++)
        if (s->found[f] == 13 && !unneeded(s, (f << 4) | 13))
            out[n++] = (Move){ FCOL, (uint8_t)f, (uint8_t)j, 0, 100 };
    return n;
}

/* A position after a part of a run was moved off the face-up card ``zpend`` (now the top
 * of its column): only the moves that use that card, sending it home or covering it. */
static int gen_use(const State *s, Move *out) {
    int n = 0, onto = s->zpend;
    if (onto == 0xFF) return gen_fill(s, out);
    int j = column_topped_by(s, onto);
    if (j < 0) return gen_moves(s, out);
    if (s->found[SUIT(onto)] == RANK(onto) - 1) out[n++] = (Move){ COLF, (uint8_t)j, 0, 0, 700 };
    n = onto_moves(s, j, onto, out, n);
    for (int a = 1; a < n; a++) {
        Move m = out[a];
        int b = a;
        while (b > 0 && out[b - 1].score < m.score) { out[b] = out[b - 1]; b--; }
        out[b] = m;
    }
    return n;
}

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int won(const State *s) {
    return s->found[0] + s->found[1] + s->found[2] + s->found[3] == 52;
}

static int emit(const Move *m, int *out, int at, int cap) {
    if (at >= cap) return -1;
    out[4 * at] = m->kind; out[4 * at + 1] = m->a; out[4 * at + 2] = m->b; out[4 * at + 3] = m->presses;
    return at + 1;
}

static __thread Kid *kids;
static __thread long kids_cap, kids_top;

/* Puts the moves of ``f`` in the order they are taken (``order`` k > 0: from the k-th on),
 * and makes its children at kids[f->kbase...], each with its key, their slots fetched ahead.
 * Returns the index of a child that wins, -1 when none does, -2 when out of memory. */
static int expand(Frame *f, int order) {
    int n = f->n;
    if (order && n > 1) {
        Move tmp[MAXMOVES];
        for (int k = 0; k < n; k++) tmp[k] = f->moves[(k + order) % n];
        memcpy(f->moves, tmp, sizeof(Move) * (size_t)n);
    }
    f->kbase = kids_top;
    if (kids_top + n > kids_cap) {
        long want = kids_cap ? kids_cap * 2 : 8192;
        while (want < kids_top + n) want *= 2;
        Kid *grown = realloc(kids, sizeof(Kid) * (size_t)want);
        if (!grown) return -2;
        kids = grown; kids_cap = want;
    }
    for (int k = 0; k < n; k++) {
        Kid *c = &kids[kids_top + k];
        const Move *m = &f->moves[k];
        c->s = f->s;
        c->s.pend = 0;
        c->s.zpend = 0;
        if ((search_flags & 8) && m->kind == TALCOL) c->s.pend = f->s.talon[m->a - 1];
        if ((search_flags & 48) && m->kind == COLCOL) {
            int start = f->s.len[m->a] - m->presses;
            if (start > f->s.down[m->a]) {
                if (search_flags & 16) c->s.zpend = f->s.col[m->a][start - 1];
            } else if (start == 0 && (search_flags & 32)) c->s.zpend = 0xFF;
        }
        apply(&c->s, m);
        c->na = auto_after(&c->s, m, c->autos);
        if (c->s.zpend && c->s.zpend != 0xFF) {   /* sent home at once: used */
            int top = 0;
            for (int i = 0; i < NCOL; i++)
                if (c->s.len[i] && c->s.col[i][c->s.len[i] - 1] == c->s.zpend) top = 1;
            if (!top) c->s.zpend = 0;
        }
        if (won(&c->s)) return k;
        /* a position waiting for its talon card to be covered is not kept in the table: only
         * the positions after the covering move are (they are met again by other paths) */
        if (c->s.pend) continue;
        if (c->s.zpend) {   /* the same position met without the wait is expanded with every move */
            uint8_t z = c->s.zpend;
            c->s.zpend = 0;
            hash_state(&c->s, &c->g1, &c->g2);
            c->s.zpend = z;
            __builtin_prefetch(&table->slots[c->g2 & table->mask]);
        }
        hash_state(&c->s, &c->h1, &c->h2);
        __builtin_prefetch(&table->slots[c->h2 & table->mask]);
    }
    kids_top += n;
    return -1;
}

int klondike_dfs_shared(const unsigned char *cards, const int *lens, const int *downs, const int *found,
                        int talon_len, int p, int draw, int flags, long max_states, double seconds,
                        int max_depth, int *out, int cap, long *used, const volatile int *stop,
                        void *shared, int order, const volatile int *done);

/* cards: 7 columns then the talon, card = suit << 4 | rank (suits H C D S);
 * lens[7], downs[7], found[4], talon_len, p: as in State.
 * Returns the number of moves of a winning line written to out (4 ints each:
 * kind, a, b, turns or count), -1 when every position was closed without a win,
 * -2 when the search stopped first (table, depth, seconds, or ``stop``: NULL, or
 * a flag another thread sets to end the search early), -3 on a bad input or a
 * line longer than cap. *used: positions closed. */
int klondike_dfs(const unsigned char *cards, const int *lens, const int *downs, const int *found,
                 int talon_len, int p, int draw, int flags, long max_states, double seconds, int max_depth,
                 int *out, int cap, long *used, const volatile int *stop) {
    return klondike_dfs_shared(cards, lens, downs, found, talon_len, p, draw, flags, max_states, seconds,
                               max_depth, out, cap, used, stop, NULL, 0, NULL);
}

/* The same search on a table several threads share (``shared``, from klondike_table_new,
 * sized for ``max_states``; NULL: a table of its own). Each thread searches from the root;
 * ``order`` k > 0 takes each position's moves from its k-th on, then the first ones
 * (moves taken last first send a thread down long lines of the worst moves, past the
 * depth limit), so that the threads part at once.
 * -1 then means that this thread closed every position it claimed: a proof only once
 * every thread sharing the table has answered -1. ``done``: a second flag read with
 * ``stop`` (the threads' own: set when one of them finds a line). */
int klondike_dfs_shared(const unsigned char *cards, const int *lens, const int *downs, const int *found,
                        int talon_len, int p, int draw, int flags, long max_states, double seconds,
                        int max_depth, int *out, int cap, long *used, const volatile int *stop,
                        void *shared, int order, const volatile int *done) {
    State root;
    memset(&root, 0, sizeof root);
    draw_count = draw;
    /* deferring a talon card until it is covered needs every talon card at hand: Draw 1 */
    search_flags = draw == 1 ? flags : flags & ~8;
    by_turns = draw == 3 && (flags & 64);
    int at = 0;
    for (int i = 0; i < NCOL; i++) {
        if (lens[i] > MAXCOL) return -3;
        root.len[i] = (uint8_t)lens[i]; root.down[i] = (uint8_t)downs[i];
        memcpy(root.col[i], cards + at, lens[i]); at += lens[i];
    }
    if (talon_len > MAXTALON) return -3;
    root.tn = (uint8_t)talon_len; root.p = (uint8_t)p;
    memcpy(root.talon, cards + at, talon_len);
    for (int f = 0; f < 4; f++) root.found[f] = (uint8_t)found[f];
    root.dirty = 0xFF;

    table = shared ? (Table *)shared : table_make(max_states);
    Frame *frames = malloc(sizeof(Frame) * (size_t)(max_depth + 2));
    if (!table || !frames) {
        if (!shared) klondike_table_free(table);
        free(frames); table = NULL;
        free(kids); kids = NULL; kids_cap = kids_top = 0;
        return -3;
    }
    claimed = 0;
    double deadline = cpu_now() + seconds;

    int result = -1, sp = 0, stopped = 0, w;
    Frame *f0 = &frames[0];
    f0->s = root;
    f0->na = auto_moves(&f0->s, f0->autos);
    uint64_t h1, h2;
    hash_state(&f0->s, &h1, &h2);
    if (by_turns) insert_turns(h1, h2, f0->s.pbit); else insert(h1, h2);
    if (won(&f0->s)) { sp = 0; result = 0; goto found; }
    pruned = 0;
    kids_top = 0;
    f0->n = ((search_flags & 4) && relaxed_blocked(&f0->s)) ? 0 : gen_moves(&f0->s, f0->moves);
    f0->i = 0;
    w = expand(f0, order);
    if (w == -2) { stopped = 1; sp = -1; }
    else if (w >= 0) goto won_child;

    while (sp >= 0) {
        Frame *f = &frames[sp];
        if (f->i >= f->n) { kids_top = f->kbase; sp--; continue; }
        if (sp >= max_depth) { stopped = 1; f->i = f->n; continue; }
        Kid *k = &kids[f->kbase + f->i];
        Move in = f->moves[f->i];
        f->i++;
        if (!k->s.pend) {
            if (by_turns) {
                if (k->s.zpend && contains_turns(k->g1, k->g2, k->s.pbit)) continue;
                if (!insert_turns(k->h1, k->h2, k->s.pbit)) continue;
            } else {
                if (k->s.zpend && contains(k->g1, k->g2)) continue;
                if (!insert(k->h1, k->h2)) continue;
            }
            if (table_count() >= table->cap) { stopped = 1; break; }
            if ((claimed & 4095) == 0 && (cpu_now() > deadline || (stop && *stop) || (done && *done))) { stopped = 1; break; }
        }
        /* a card gone home never blocks what its parent did not (it is at hand, as a host, for
         * good), so only the other moves are followed by the check */
        if ((search_flags & 4) && in.kind != COLF && in.kind != TALF && relaxed_blocked(&k->s)) {
            pruned++;
            continue;
        }
        Frame *c = &frames[sp + 1];
        c->s = k->s;
        c->in = in;
        c->na = k->na;
        memcpy(c->autos, k->autos, sizeof(Move) * (size_t)k->na);
        c->n = c->s.pend ? gen_onto(&c->s, c->moves) : c->s.zpend ? gen_use(&c->s, c->moves) : gen_moves(&c->s, c->moves);
        c->i = 0;
        sp++;
        w = expand(c, order);
        if (w == -2) { stopped = 1; break; }
        if (w >= 0) goto won_child;
    }
    *used = __atomic_add_fetch(&table->count, claimed & 255, __ATOMIC_RELAXED);   /* the last claims too */
    if (!shared) klondike_table_free(table);
    free(frames); table = NULL;
        free(kids); kids = NULL; kids_cap = kids_top = 0;
    (void)result;
    return stopped ? -2 : -1;

won_child:   /* child w of frames[sp] wins */
    {
        Frame *f = &frames[sp], *c = &frames[sp + 1];
        Kid *k = &kids[kids_top + w];
        c->s = k->s;
        c->in = f->moves[w];
        c->na = k->na;
        memcpy(c->autos, k->autos, sizeof(Move) * (size_t)k->na);
        sp++;
        result = 0;
    }
found:
    {
        int k = 0;
        for (int d = 0; d <= sp; d++) {
            if (d > 0) { k = emit(&frames[d].in, out, k, cap); if (k < 0) break; }
            for (int j = 0; j < frames[d].na && k >= 0; j++) k = emit(&frames[d].autos[j], out, k, cap);
            if (k < 0) break;
        }
        *used = __atomic_add_fetch(&table->count, claimed & 255, __ATOMIC_RELAXED);
        if (!shared) klondike_table_free(table);
        free(frames); table = NULL;
        free(kids); kids = NULL; kids_cap = kids_top = 0;
        return k < 0 ? -3 : k;
    }
}
