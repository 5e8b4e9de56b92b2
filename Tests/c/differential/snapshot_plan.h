/*
 * snapshot_plan.h — differential test (test_differential.c): the plan of
 * the tree an OP_SNAPSHOT asks for (snapshot_plan.c), shared with
 * snapshot.c, which applies it to the table and the model.
 */
#ifndef FOLD_TEST_SNAPSHOT_PLAN_H
#define FOLD_TEST_SNAPSHOT_PLAN_H

#include "differential.h"

#define PN 32   /* plan nodes: the model's sections plus new ones */
#define PC 32   /* plan children per node */
#define PE 128  /* entries */

typedef struct pchild {
    int node;     /* -1: a row run */
    int64_t rows; /* of a run */
} pchild;

typedef struct pnode {
    msec *old; /* NULL: new */
    unsigned kid;
    char key[16];
    const char *header;
    uint32_t flags, heights;
    double hh, fh, rh;
    int parent; /* -1: the top level */
    int live;   /* 0: dropped */
    int n;
    pchild c[PC];
    int stays; /* kept, same parent, in the longest run of old order */
} pnode;

extern pnode plan[PN];
extern int nplan;
extern int top[PC], ntop; /* the top-level nodes, in order */
extern fold_snapshot_entry ent[PE];
extern int nent;

/* The plan node of model section s, or -1. */
int find_node(const msec *s);
/* Adds s and its subtree to the plan, under parent (-1: the top level). */
void copy_tree(msec *s, int parent);
/* One random change of the plan: drop a section (with or without its
 * subsections), a new section, a move within or across parents, a header
 * text, a row run grown, shrunk, added or removed, heights bits. */
void perturb(model *m, rng *r, unsigned *next_kid);
/* Marks the kept children of parent (-1: top level) that stay in place;
 * 0 when the longest run in old order is not unique. */
int mark_stays(const model *m, int parent);
/* Puts parent's kept same-parent children back in their old order. */
void restore_order(const model *m, int parent);
/* Appends node's entries (pre-order) to ent; 0 when they do not fit. */
int emit_node(int node, int depth, rng *r);
/* Whether the plan fits the model's limits (sections, children, rows, depth). */
int plan_fits(void);

/* The plan for an operation's words (nperturb changes); 0: does not fit. */
int make_plan(model *m, const uint32_t *p, rng *r, int nperturb);

#endif /* FOLD_TEST_SNAPSHOT_PLAN_H */
