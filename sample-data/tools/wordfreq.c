/* wordfreq: counts the words of its standard input and prints the ten most
 * frequent. Six revisions in one file, chosen with -DREVISION=N, for the
 * history in sample-data/history/ (made by scripts/make-history.sh):
 *
 *   1  baseline: 64 KiB buffered reads, a chained hash table of 1024 buckets
 *   2  optimisation: an open-addressing table that grows with the words and
 *      keeps each word's hash, so a lookup rarely compares strings
 *   3  regression: reads one byte per read(2) call, a system call per byte
 *   4  fix: buffered reads again
 *   5  also prints the number of distinct words (no change in speed)
 *   6  the top ten printed as "count word" under a header (no change in speed)
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef REVISION
#define REVISION 1
#endif

struct entry {
    char *word;
    size_t len;
    unsigned long hash;
    long count;
    struct entry *next; /* revision 1: the bucket's chain */
};

static unsigned long hash_of(const char *s, size_t n)
{
    unsigned long h = 5381;
    for (size_t i = 0; i < n; ++i)
        h = h * 33 + (unsigned char)s[i];
    return h;
}

static struct entry *new_entry(const char *s, size_t n, unsigned long h)
{
    struct entry *e = calloc(1, sizeof *e);
    e->word = malloc(n + 1);
    memcpy(e->word, s, n);
    e->word[n] = 0;
    e->len = n;
    e->hash = h;
    return e;
}

static struct entry **table;
static size_t table_size, distinct;

#if REVISION < 2
static void count(const char *s, size_t n)
{
    const unsigned long h = hash_of(s, n);
    struct entry **bucket = &table[h % table_size];
    for (struct entry *e = *bucket; e; e = e->next) {
        if (e->len == n && memcmp(e->word, s, n) == 0) {
            ++e->count;
            return;
        }
    }
    struct entry *e = new_entry(s, n, h);
    e->count = 1;
    e->next = *bucket;
    *bucket = e;
    ++distinct;
}
#else
static void grow(void)
{
    struct entry **old = table;
    const size_t old_size = table_size;
    table_size *= 2;
    table = calloc(table_size, sizeof *table);
    for (size_t i = 0; i < old_size; ++i) {
        if (!old[i])
            continue;
        size_t j = old[i]->hash & (table_size - 1);
        while (table[j])
            j = (j + 1) & (table_size - 1);
        table[j] = old[i];
    }
    free(old);
}

static void count(const char *s, size_t n)
{
    const unsigned long h = hash_of(s, n);
    size_t j = h & (table_size - 1);
    for (; table[j]; j = (j + 1) & (table_size - 1)) {
        const struct entry *e = table[j];
        if (e->hash == h && e->len == n && memcmp(e->word, s, n) == 0) {
            ++table[j]->count;
            return;
        }
    }
    table[j] = new_entry(s, n, h);
    table[j]->count = 1;
    if (++distinct * 4 > table_size * 3)
        grow();
}
#endif

/* The next chunk of input; 0 at the end. */
static size_t next_chunk(char *buf, size_t size)
{
#if REVISION == 3
    (void)size;
    return read(0, buf, 1) == 1 ? 1 : 0;
#else
    return fread(buf, 1, size, stdin);
#endif
}

static int by_count(const void *a, const void *b)
{
    const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->word, y->word);
}

static void print_top(void)
{
    struct entry **all = malloc((distinct + 1) * sizeof *all);
    size_t k = 0;
    for (size_t i = 0; i < table_size; ++i)
#if REVISION < 2
        for (struct entry *e = table[i]; e; e = e->next)
            all[k++] = e;
#else
        if (table[i])
            all[k++] = table[i];
#endif
    qsort(all, k, sizeof *all, by_count);
#if REVISION >= 6
    printf("%8s %s\n", "count", "word");
#endif
    for (size_t i = 0; i < k && i < 10; ++i) {
#if REVISION >= 6
        printf("%8ld %s\n", all[i]->count, all[i]->word);
#else
        printf("%s %ld\n", all[i]->word, all[i]->count);
#endif
    }
#if REVISION >= 5
    printf("%zu distinct words\n", k);
#endif
    free(all);
}

int main(void)
{
    table_size = 1024;
    table = calloc(table_size, sizeof *table);
    static char buf[65536], word[256];
    size_t len = 0, n;
    while ((n = next_chunk(buf, sizeof buf)) > 0) {
        for (size_t i = 0; i < n; ++i) {
            const unsigned char c = (unsigned char)buf[i];
            if (isalpha(c) && len < sizeof word) {
                word[len++] = (char)tolower(c);
            } else if (len) {
                count(word, len);
                len = 0;
            }
        }
    }
    if (len)
        count(word, len);
    print_top();
    return 0;
}
