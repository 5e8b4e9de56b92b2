/* The comments demo's data: two discussion threads (the sections) of
 * comments (the rows), each an author, a time and a text of one or more
 * paragraphs; looked up by section key and row. */
#ifndef FOLDTABLE_GTK_DEMO_COMMENTS_DATA_H
#define FOLDTABLE_GTK_DEMO_COMMENTS_DATA_H

#include <foldtable.h>
#include <stdint.h>

typedef struct {
    const char *author;
    const char *when;
    const char *text;
} Comment;

typedef struct {
    const char *key;
    const char *header; /* "Title|Detail" */
    const Comment *comments;
    int count;
} Thread;

#define N_COMMENT_THREADS 2
extern const Thread comment_threads[N_COMMENT_THREADS];

/* The comment at `row` of the thread `key`, or NULL. */
const Comment *find_comment(const char *key, int64_t row);

/* The text of a comment (a FoldTextFunc, newly allocated): what
 * FoldTextHeights measures and the row draws. */
char *comment_text(fold_section_id section, const char *key, int64_t row, void *user_data);

#endif
