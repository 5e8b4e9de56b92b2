#!/usr/bin/env bash
# How each lookup's cost grows with N, counted rather than timed: valgrind's
# callgrind counts the instructions of every call (the same count on every
# run, whatever else the machine does) and simulates the caches, so the
# growth from 10^3 to 10^7 rows separates into instructions (logarithmic, or
# a bug) and cache misses (what a large table costs on any machine).
#
#   bench/instructions.sh [--full] [BUILD_DIR]
#
# N = 10^3, 10^5, 10^6 (--full adds 10^7: about 5 minutes). Needs valgrind
# (apt-get install valgrind) and the lookups program
# (cmake --build build --target lookups). Per call: Ir (instructions), L1
# misses and misses of a 1 MiB last-level cache (this machine's per-core L2:
# beyond it a dependent load costs 100-180 ns, foldbench's "memory" line).
set -euo pipefail
full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
build="${1:-build}"
lookups="$build/bench/lookups"
[ -x "$lookups" ] || { echo "instructions.sh: build $lookups first (cmake --build $build --target lookups)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
sizes="1000 100000 1000000"
[ "$full" = 1 ] && sizes="$sizes 10000000"
calls=20000
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
printf '%-16s %10s %10s %10s %12s\n' op N "Ir/call" "L1 miss" "1MiB miss"
for op in item_at item_at_offset item_top visible_items set_row_height collapse; do
  case $op in
    item_at) fn=fold_table_item_at ;;
    item_at_offset) fn=fold_table_item_at_offset ;;
    item_top) fn=fold_table_item_top ;;
    visible_items) fn=fold_table_visible_items ;;
    set_row_height) fn=fold_table_set_row_height ;;
    collapse) fn=fold_table_collapse ;;
  esac
  for n in $sizes; do
    valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64 \
      --collect-atstart=no --toggle-collect="$fn" --toggle-collect=fold_table_expand \
      --callgrind-out-file="$out/cg" \
      "$lookups" "$n" "$op" "$calls" >/dev/null 2>&1
    # PROGRAM TOTALS: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
    callgrind_annotate "$out/cg" 2>/dev/null | sed -n 's/([^)]*)//g; s/,//g; /PROGRAM TOTALS/p' |
      awk -v op="$op" -v n="$n" -v c="$calls" -v k=$([ "$op" = collapse ] && echo 2 || echo 1) \
        '{ printf "%-16s %10s %10.0f %10.1f %12.2f\n", op, n, $1/c/k, ($5+$6)/c/k, ($8+$9)/c/k }'
  done
done
