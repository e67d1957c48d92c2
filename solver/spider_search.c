/* The Spider search of spider_search.py, move for move, in C: the same columns,
 * scores, move order, phases and schedule, so both find the same line for the
 * same budget. Built by scripts/setup (cc -O2 -shared -fPIC); loaded with
 * ctypes by solver/spider_native.py. The engine replays every line.
 *
 * A card is suit * 13 + rank (rank 0 = Ace), plus DOWN when face down. A
 * state is ten columns; positions of one phase are told apart by a 64-bit
 * hash of their columns (a collision could only hide a position, never
 * produce a wrong line: the line is replayed). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCOL 10
#define MAXC 112
#define DOWN 64
#define RUNS 8

typedef struct { uint8_t len[NCOL]; uint8_t c[NCOL][MAXC]; } State;
typedef struct { int32_t score, tick, parent; int8_t s, d, count; } Entry;
typedef struct { int32_t parent, score; int8_t s, d, count, phase, removed; uint8_t packed[NCOL + 104]; } Node;

/* Per thread: searches with different weights may run at once (spider_search.py, ``threads``). */
static _Thread_local int W_REMOVED, W_FACE_DOWN, W_EMPTY, W_COVERED, W_SAME, W_OTHER, W_BREAK, W_AFTER_DEAL;

static void info(const uint8_t *col, int n, int *start, int *score) {
    if (n == 0) { *start = 0; *score = W_EMPTY; return; }
    int sc = 0, st = n - 1, in_run = 1;
    for (int i = n - 1; i > 0; i--) {
        int below = col[i], above = col[i - 1];
        if (above >= DOWN) { sc += W_FACE_DOWN * i + W_COVERED; break; }
        if (above == below + 1 && below % 13 != 12) { sc += W_SAME; if (in_run) st = i - 1; continue; }
        in_run = 0;
        sc += (above % 13 == below % 13 + 1) ? W_OTHER : W_BREAK;
    }
    *start = st; *score = sc;
}

static int col_score(const State *st, int i) { int a, b; info(st->c[i], st->len[i], &a, &b); return b; }

static void turn(State *st, int i) {
    int n = st->len[i];
    if (n && st->c[i][n - 1] >= DOWN) st->c[i][n - 1] -= DOWN;
}

static int complete(State *st, int i) {
    int n = st->len[i];
    const uint8_t *col = st->c[i];
    if (n < 13 || col[n - 1] % 13 != 0 || col[n - 13] >= DOWN || col[n - 13] % 13 != 12) return 0;
    int start, score;
    info(col, n, &start, &score);
    if (start > n - 13) return 0;
    st->len[i] = n - 13;
    turn(st, i);
    return 1;
}

static int apply(State *st, int s, int d, int count) {
    int ns = st->len[s], nd = st->len[d];
    memcpy(st->c[d] + nd, st->c[s] + ns - count, count);
    st->len[s] = ns - count;
    st->len[d] = nd + count;
    turn(st, s);
    return complete(st, d);
}

static int deal_row(State *st, const uint8_t *row) {
    int gone = 0;
    for (int i = 0; i < NCOL; i++) {
        st->c[i][st->len[i]++] = row[i];
        gone += complete(st, i);
    }
    return gone;
}

static void pack(const State *st, uint8_t *out) {
    memcpy(out, st->len, NCOL);
    int k = NCOL;
    for (int i = 0; i < NCOL; i++) { memcpy(out + k, st->c[i], st->len[i]); k += st->len[i]; }
}

static void unpack(const uint8_t *in, State *st) {
    memcpy(st->len, in, NCOL);
    int k = NCOL;
    for (int i = 0; i < NCOL; i++) { memcpy(st->c[i], in + k, st->len[i]); k += st->len[i]; }
}

/* A column's hash (its place included); a state's is their sum, so a move's
 * child is hashed from the two columns it changes. The cards are folded in
 * from the deepest, and the length last, so the fold over a column's first k
 * cards (``col_prefix``) serves every column that keeps them. */
#define FNV 1099511628211ULL
static inline uint64_t col_seed(int i) { return 1469598103934665603ULL ^ (uint64_t)(i * 0x9E3779B97F4A7C15ULL); }
static inline uint64_t col_final(uint64_t h, int n) {
    h = (h ^ (uint64_t)(n + 200)) * FNV;
    h ^= h >> 31; h *= 0xBF58476D1CE4E5B9ULL; h ^= h >> 29;
    return h;
}

static uint64_t col_hash(const uint8_t *c, int n, int i) {
    uint64_t h = col_seed(i);
    for (int j = 0; j < n; j++) h = (h ^ c[j]) * FNV;
    return col_final(h, n);
}

/* pre[j]: the fold over the first j cards of column i; returns the column's hash. */
static uint64_t col_prefix(const uint8_t *c, int n, int i, uint64_t *pre) {
    uint64_t h = col_seed(i);
    pre[0] = h;
    for (int j = 0; j < n; j++) { h = (h ^ c[j]) * FNV; pre[j + 1] = h; }
    return col_final(h, n);
}

/* The hash of column ``c`` (length n) that had ``was`` cards, of which every card
 * but the last kept one is unchanged (a move only takes cards off, turning the new
 * last one, or adds cards, or adds them and takes a run of 13 off). */
static inline uint64_t col_rehash(const uint8_t *c, int n, int was, const uint64_t *pre) {
    int k = n > was ? was : (n > 0 ? n - 1 : 0);
    uint64_t h = pre[k];
    for (int j = k; j < n; j++) h = (h ^ c[j]) * FNV;
    return col_final(h, n);
}

static uint64_t hash(const State *st) {
    uint64_t h = 0;
    for (int i = 0; i < NCOL; i++) h += col_hash(st->c[i], st->len[i], i);
    return h | 1;
}

/* ---- the moves worth trying, in spider_search.moves_of's order ---- */
typedef struct { int8_t order, s, d, count; } Move;


/* ``starts``: each column's run start (``info``), computed once by the caller.
 * The moves come out sorted as cmp_move sorts them: by order, then source,
 * destination and count; they are made in source order, so each order's bucket
 * needs only an insertion sort within a source (a few moves). */
static int moves_of(const State *st, const int *starts, Move *out) {
    Move bucket[5][512];
    int nb[5] = { 0, 0, 0, 0, 0 };
    int empty = -1;
    for (int d = 0; d < NCOL; d++) if (!st->len[d]) { empty = d; break; }
    for (int s = 0; s < NCOL; s++) {
        int n = st->len[s];
        if (!n) continue;
        const uint8_t *col = st->c[s];
        int start = starts[s];
        int low = col[n - 1] % 13, high = col[start] % 13;
        int below = start ? col[start - 1] : -1;
        int reveals = below < 0 || below >= DOWN;
        int first[5];
        for (int o = 0; o < 5; o++) first[o] = nb[o];
        for (int d = 0; d < NCOL; d++) {
            if (d == s || !st->len[d]) continue;
            int card = st->c[d][st->len[d] - 1];
            int need = card % 13 - 1;
            if (need < low || need > high) continue;
            int count = need - low + 1;
            int same = col[n - count] + 1 == card;
            int whole = count == n - start;
            int order = -1;
            if (same) order = whole ? 0 : 1;
            else if (whole) order = reveals ? 1 : (below % 13 != card % 13 ? 3 : 4);
            if (order >= 0) { Move *m = &bucket[order][nb[order]++]; m->order = order; m->s = s; m->d = d; m->count = count; }
        }
        if (empty >= 0) {
            for (int k = start > 1 ? start : 1; k < n; k++) {
                int order = (k == start && reveals) ? 2 : 4;
                Move *m = &bucket[order][nb[order]++];
                m->order = order; m->s = s; m->d = empty; m->count = n - k;
            }
        }
        for (int o = 0; o < 5; o++) {   /* this source's moves of each order: by destination, count */
            Move *b = bucket[o];
            for (int i = first[o] + 1; i < nb[o]; i++) {
                Move m = b[i];
                int j = i - 1;
                while (j >= first[o] && (b[j].d > m.d || (b[j].d == m.d && b[j].count > m.count))) { b[j + 1] = b[j]; j--; }
                b[j + 1] = m;
            }
        }
    }
    int n_out = 0;
    for (int o = 0; o < 5; o++) { memcpy(out + n_out, bucket[o], nb[o] * sizeof(Move)); n_out += nb[o]; }
    return n_out;
}

/* ---- a hash set of 64-bit keys, one per phase ---- */
typedef struct { uint64_t *keys; size_t cap, used; } Seen;

static int seen_add(Seen *set, uint64_t key);

static void seen_grow(Seen *set) {
    Seen bigger = { calloc(set->cap * 2, sizeof(uint64_t)), set->cap * 2, 0 };
    for (size_t i = 0; i < set->cap; i++) if (set->keys[i]) seen_add(&bigger, set->keys[i]);
    free(set->keys);
    *set = bigger;
}

static int seen_add(Seen *set, uint64_t key) { /* 1 when new */
    if ((set->used + 1) * 2 > set->cap) seen_grow(set);
    size_t i = key & (set->cap - 1);
    while (set->keys[i]) {
        if (set->keys[i] == key) return 0;
        i = (i + 1) & (set->cap - 1);
    }
    set->keys[i] = key;
    set->used++;
    return 1;
}

/* ---- a binary heap of entries, best score first, then first pushed ---- */
typedef struct { Entry *e; size_t n, cap; } Heap;

static int before(const Entry *a, const Entry *b) {
    return a->score != b->score ? a->score > b->score : a->tick < b->tick;
}

static void heap_push(Heap *h, Entry x) {
    if (h->n == h->cap) { h->cap = h->cap ? h->cap * 2 : 1024; h->e = realloc(h->e, h->cap * sizeof(Entry)); }
    size_t i = h->n++;
    while (i) {
        size_t p = (i - 1) / 2;
        if (!before(&x, &h->e[p])) break;
        h->e[i] = h->e[p]; i = p;
    }
    h->e[i] = x;
}

static Entry heap_pop(Heap *h) {
    Entry top = h->e[0], x = h->e[--h->n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        const Entry *best = &x;
        if (l < h->n && before(&h->e[l], best)) { m = l; best = &h->e[l]; }
        if (r < h->n && before(&h->e[r], best)) { m = r; }
        if (m == i) break;
        h->e[i] = h->e[m]; i = m;
    }
    if (h->n) h->e[i] = x;
    return top;
}

/* ---- the search ---- */
typedef struct {
    Node *nodes; size_t n, cap;
    const State *root; const uint8_t *rows; int nrows;
    long states, used; double deadline;
    const volatile int *stop;  /* set by another thread once it has found a line */
    int won_parent; Move won_move;
} Search;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int spent(Search *x) {
    return x->used >= x->states || now() >= x->deadline || (x->stop && *x->stop);
}

static int node_add(Search *x, const State *st, int parent, int score, int s, int d, int count, int phase, int removed) {
    if (x->n == x->cap) { x->cap = x->cap ? x->cap * 2 : 4096; x->nodes = realloc(x->nodes, x->cap * sizeof(Node)); }
    Node *node = &x->nodes[x->n];
    node->parent = parent; node->score = score; node->s = s; node->d = d; node->count = count;
    node->phase = phase; node->removed = removed;
    pack(st, node->packed);
    return (int)x->n++;
}

static int total_score(const State *st, int removed) {
    int sc = removed * W_REMOVED;
    for (int i = 0; i < NCOL; i++) sc += col_score(st, i);
    return sc;
}

static _Thread_local const Node *sort_nodes;
static int total_score(const State *st, int removed);
static int cmp_ki(const void *a, const void *b) {
    const int *x = a, *y = b;
    if (x[0] != y[0]) return x[0] > y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : (x[1] > y[1]);
}

static int cmp_dealable(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    int si = sort_nodes[i].score, sj = sort_nodes[j].score;
    if (si != sj) return si > sj ? -1 : 1;
    return i < j ? -1 : (i > j);
}

/* The best score a greedy line of at most ``steps`` moves reaches from ``st`` (its score
 * ``score``): each step plays the move whose child scores highest, among children not met on
 * the line: with W_AFTER_DEAL k >= 2, the worth of a position that deals, once its row is dealt,
 * for the best 2 * width of them (spider_search._greedy_best, move for move). */
static int greedy_best(State st, int score, int steps) {
    int best = score;
    if (steps > 63) steps = 63;
    uint64_t met[64];
    int nmet = 0;
    Move moves[512];
    met[nmet++] = hash(&st);
    for (int g = 0; g < steps; g++) {
        int starts[NCOL], cs[NCOL];
        for (int i = 0; i < NCOL; i++) info(st.c[i], st.len[i], &starts[i], &cs[i]);
        int nm = moves_of(&st, starts, moves);
        int pick = -1, pick_score = 0;
        uint64_t pick_hash = 0;
        for (int k = 0; k < nm; k++) {
            int s = moves[k].s, d = moves[k].d;
            uint8_t keep_s[MAXC], keep_d[MAXC];
            int len_s = st.len[s], len_d = st.len[d];
            memcpy(keep_s, st.c[s], len_s);
            memcpy(keep_d, st.c[d], len_d);
            int gone = apply(&st, s, d, moves[k].count);
            int sc = score - cs[s] - cs[d] + col_score(&st, s) + col_score(&st, d) + gone * W_REMOVED;
            if (pick < 0 || sc > pick_score) {
                uint64_t h = hash(&st);
                int seen = 0;
                for (int j = 0; j < nmet && !seen; j++) seen = met[j] == h;
                if (!seen) { pick = k; pick_score = sc; pick_hash = h; }
            }
            st.len[s] = len_s; st.len[d] = len_d;
            memcpy(st.c[s], keep_s, len_s);
            memcpy(st.c[d], keep_d, len_d);
        }
        if (pick < 0) break;
        apply(&st, moves[pick].s, moves[pick].d, moves[pick].count);
        score = pick_score;
        met[nmet++] = pick_hash;
        if (score > best) best = score;
    }
    return best;
}

/* One phase: best-first from the entries in ``heap``; returns 1 when won,
 * else fills ``dealable`` (node indices, best first) and returns 0. */
static int phase(Search *x, Heap *heap, Seen *seen, int visits, int width, int last, int ph,
                 int **dealable, int *n_dealable) {
    int *deal = NULL; size_t n_deal = 0, cap_deal = 0;
    int expanded = 0, tick = (int)heap->n;
    State st;
    Move moves[512];
    while (heap->n && expanded < visits) {
        if ((x->used & 255) == 0 && spent(x)) break;
        Entry e = heap_pop(heap);
        int removed;
        if (e.parent < 0) { st = *x->root; removed = 0; }
        else {
            Node *p = &x->nodes[e.parent];
            unpack(p->packed, &st);
            removed = p->removed;
            if (e.s < 0) removed += deal_row(&st, x->rows + NCOL * p->phase);
            else removed += apply(&st, e.s, e.d, e.count);
        }
        int idx = node_add(x, &st, e.parent, e.score, e.s, e.d, e.count, ph, removed);
        expanded++; x->used++;
        int full = 1;
        for (int i = 0; i < NCOL; i++) if (!st.len[i]) full = 0;
        if (!last && full) {
            if (n_deal == cap_deal) { cap_deal = cap_deal ? cap_deal * 2 : 256; deal = realloc(deal, cap_deal * sizeof(int)); }
            deal[n_deal++] = idx;
        }
        uint64_t ch[NCOL], base = 0;
        static _Thread_local uint64_t pre[NCOL][MAXC + 1];
        int cs[NCOL], starts[NCOL];
        for (int i = 0; i < NCOL; i++) {
            ch[i] = col_prefix(st.c[i], st.len[i], i, pre[i]); base += ch[i];
            info(st.c[i], st.len[i], &starts[i], &cs[i]);
        }
        int nm = moves_of(&st, starts, moves);
        /* first every child's hash, its table slot fetched ahead; then the table */
        uint64_t hs[512];
        for (int k = 0; k < nm; k++) {
            int s = moves[k].s, d = moves[k].d;
            int len_s = st.len[s], len_d = st.len[d];
            uint8_t last_s = len_s > moves[k].count ? st.c[s][len_s - moves[k].count - 1] : 0;
            uint8_t keep_d[MAXC];
            memcpy(keep_d, st.c[d] + (len_d > 14 ? len_d - 14 : 0), len_d > 14 ? 14 : len_d);
            apply(&st, s, d, moves[k].count);
            hs[k] = (base - ch[s] - ch[d] + col_rehash(st.c[s], st.len[s], len_s, pre[s])
                     + col_rehash(st.c[d], st.len[d], len_d, pre[d])) | 1;
            __builtin_prefetch(&seen->keys[hs[k] & (seen->cap - 1)]);
            /* undo: the source gets its cards back (they are still after its end, or on d) */
            memcpy(st.c[s] + len_s - moves[k].count, st.c[d] + len_d, moves[k].count);
            if (len_s > moves[k].count) st.c[s][len_s - moves[k].count - 1] = last_s;
            st.len[s] = len_s;
            memcpy(st.c[d] + (len_d > 14 ? len_d - 14 : 0), keep_d, len_d > 14 ? 14 : len_d);
            st.len[d] = len_d;
        }
        for (int k = 0; k < nm; k++) {
            int s = moves[k].s, d = moves[k].d;
            if (!seen_add(seen, hs[k])) continue;
            uint8_t keep_s[MAXC], keep_d[MAXC];
            int len_s = st.len[s], len_d = st.len[d];
            memcpy(keep_s, st.c[s], len_s);
            memcpy(keep_d, st.c[d], len_d);
            int gone = apply(&st, s, d, moves[k].count);
            int score = x->nodes[idx].score - cs[s] - cs[d] + col_score(&st, s) + col_score(&st, d)
                        + gone * W_REMOVED;
            st.len[s] = len_s; st.len[d] = len_d;
            memcpy(st.c[s], keep_s, len_s);
            memcpy(st.c[d], keep_d, len_d);
            if (removed + gone == RUNS) { x->won_parent = idx; x->won_move = moves[k]; free(deal); return 1; }
            Entry c = { score, tick++, idx, (int8_t)s, (int8_t)d, moves[k].count };
            heap_push(heap, c);
        }
    }
    /* stable: best score first (before the deal, or with W_AFTER_DEAL once the
     * phase's row is dealt), then the order they were expanded in */
    if (!last && W_AFTER_DEAL) {
        typedef struct { int key, idx; } KI;
        KI *k = malloc((n_deal + 1) * sizeof(KI));
        for (size_t i = 0; i < n_deal; i++) {
            State t; const Node *p = &x->nodes[deal[i]];
            unpack(p->packed, &t);
            int gone = deal_row(&t, x->rows + NCOL * ph);
            k[i].key = total_score(&t, p->removed + gone); k[i].idx = deal[i];
        }
        qsort(k, n_deal, sizeof(KI), cmp_ki);
        if (W_AFTER_DEAL >= 2) {
            /* the best 2 * width, ranked again by what a short greedy line reaches from them */
            size_t m = n_deal < (size_t)(2 * width) ? n_deal : (size_t)(2 * width);
            for (size_t i = 0; i < m; i++) {
                State t; const Node *p = &x->nodes[k[i].idx];
                unpack(p->packed, &t);
                deal_row(&t, x->rows + NCOL * ph);
                k[i].key = greedy_best(t, k[i].key, W_AFTER_DEAL);
            }
            /* stable on the order above: the index breaks ties */
            typedef struct { int key, rank, idx; } KR;
            KR *r = malloc((m + 1) * sizeof(KR));
            for (size_t i = 0; i < m; i++) { r[i].key = k[i].key; r[i].rank = (int)i; r[i].idx = k[i].idx; }
            qsort(r, m, sizeof(KR), cmp_ki);
            for (size_t i = 0; i < m; i++) k[i].idx = r[i].idx;
            free(r);
        }
        for (size_t i = 0; i < n_deal; i++) deal[i] = k[i].idx;
        free(k);
    } else {
    sort_nodes = x->nodes;
    qsort(deal, n_deal, sizeof(int), cmp_dealable);
    }
    *dealable = deal; *n_dealable = (int)(n_deal < (size_t)width ? n_deal : (size_t)width);
    return 0;
}

static int attempt(Search *x, int width, int visits) {
    Heap heap = { 0 };
    Entry root = { total_score(x->root, 0), 0, -1, -1, -1, 0 };
    heap_push(&heap, root);
    int won = 0;
    for (int ph = 0; ph <= x->nrows; ph++) {
        int last = ph == x->nrows;
        Seen seen = { calloc(1 << 16, sizeof(uint64_t)), 1 << 16, 0 };
        /* the starts are in the heap: mark their states seen */
        for (size_t i = 0; i < heap.n; i++) {
            State st;
            if (heap.e[i].parent < 0) st = *x->root;
            else {
                Node *p = &x->nodes[heap.e[i].parent];
                unpack(p->packed, &st);
                deal_row(&st, x->rows + NCOL * p->phase);
            }
            seen_add(&seen, hash(&st));
        }
        int *deal = NULL, n_deal = 0;
        won = phase(x, &heap, &seen, visits, width, last, ph, &deal, &n_deal);
        free(seen.keys);
        heap.n = 0;
        if (won || last || !n_deal || spent(x)) { free(deal); break; }
        for (int i = 0; i < n_deal; i++) {
            Node *p = &x->nodes[deal[i]];
            State st;
            unpack(p->packed, &st);
            int gone = deal_row(&st, x->rows + NCOL * ph);
            if (p->removed + gone == RUNS) {
                x->won_parent = deal[i]; x->won_move.s = -1; x->won_move.d = -1; x->won_move.count = 0;
                won = 1; break;
            }
            Entry e = { total_score(&st, p->removed + gone), i, deal[i], -1, -1, 0 };
            heap_push(&heap, e);
        }
        free(deal);
        if (won) break;
    }
    free(heap.e);
    return won;
}

/* Returns the number of moves written to out (s, d, count triples; s = -1 a
 * deal), or -1 when no line was found. ``weights``: removed, face down, empty,
 * covered, same, other, break, and 1 to choose the positions that deal by
 * their score once the row is dealt (0: by their score before it; k >= 2: the best 2 * width of those
 * ranked again by what a greedy line of k moves reaches). ``schedule``: (width, visits) pairs.
 * ``stop``: NULL, or a flag another thread sets to end this search early (answered as not found). */
int spider_search(const uint8_t *columns, const int *lengths, const uint8_t *rows, int nrows,
                  long states, double seconds, const int *weights, const int *schedule, int nschedule,
                  int *out, int max_moves, long *used, const volatile int *stop) {
    W_REMOVED = weights[0]; W_FACE_DOWN = weights[1]; W_EMPTY = weights[2]; W_COVERED = weights[3];
    W_SAME = weights[4]; W_OTHER = weights[5]; W_BREAK = weights[6]; W_AFTER_DEAL = weights[7];
    State root;
    int k = 0;
    for (int i = 0; i < NCOL; i++) {
        root.len[i] = (uint8_t)lengths[i];
        memcpy(root.c[i], columns + k, lengths[i]);
        k += lengths[i];
    }
    Search x = { 0 };
    x.root = &root; x.rows = rows; x.nrows = nrows;
    x.states = states; x.deadline = now() + seconds; x.stop = stop;
    int found = -1;
    for (int a = 0; a < nschedule; a++) {
        x.n = 0;
        if (attempt(&x, schedule[2 * a], schedule[2 * a + 1])) {
            int count = 0, idx = x.won_parent;
            Move last = x.won_move;
            int tmp[3 * 2048];
            tmp[0] = last.s; tmp[1] = last.d; tmp[2] = last.count; count = 1;
            while (idx >= 0 && x.nodes[idx].parent >= 0 && count < 2048) {  /* the root has no move */
                Node *node = &x.nodes[idx];
                tmp[3 * count] = node->s; tmp[3 * count + 1] = node->d; tmp[3 * count + 2] = node->count;
                count++;
                idx = node->parent;
            }
            if (count <= max_moves) {
                for (int i = 0; i < count; i++) {
                    out[3 * i] = tmp[3 * (count - 1 - i)];
                    out[3 * i + 1] = tmp[3 * (count - 1 - i) + 1];
                    out[3 * i + 2] = tmp[3 * (count - 1 - i) + 2];
                }
                found = count;
            }
            break;
        }
        if (spent(&x)) break;
    }
    free(x.nodes);
    *used = x.used;
    return found;
}
