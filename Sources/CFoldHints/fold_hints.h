/* Hints to the processor that Swift cannot express: a prefetch. Swift drops
 * a load whose value is unused, so a line the engine will need after a
 * chain of dependent loads cannot be requested early from Swift. Static
 * inline: compiled into the callers, no symbol in the library. */
#ifndef FOLD_HINTS_H
#define FOLD_HINTS_H

/* Asks for the cache line at `address` ahead of a write (a hint: any
 * address, even an invalid one, is allowed and never faults). */
static inline void fold_prefetch_for_write(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
