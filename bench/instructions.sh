#!/usr/bin/env bash
# How each lookup's cost grows with N, counted rather than timed: valgrind's
# callgrind counts the instructions of every call (the same count on every
# run, whatever else the machine does) and simulates the caches, so the
# growth from 10^3 to 10^7 rows separates into instructions (logarithmic, or
# a bug) and cache misses (what a large table costs on any machine).
#
#   bench/instructions.sh [--full] [BUILD_DIR]
#
# N = 10^3, 10^5, 10^6 (--full adds 10^7: about 10 minutes). Needs valgrind
# (apt-get install valgrind) and the lookups program
# (cmake --build build --target lookups). Per call: Ir (instructions), L1
# misses and misses of a 1 MiB last-level cache (this machine's per-core L2:
# beyond it a dependent load costs 100-180 ns, foldbench's "memory" line).
#
# Then the same calls on foldbench's lower bounds (baselines.h: the ideal
# static index and the Fenwick tree, over the same heights and the same
# random inputs) and FoldTable's ratio to each, by N: instructions and
# 1 MiB misses per call (ft/static, ft/fenwick; "-": the bound has no such
# call, or it missed nothing).
set -euo pipefail
full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
build="${1:-build}"
lookups="$build/bench/lookups"
[ -x "$lookups" ] || { echo "instructions.sh: build $lookups first (cmake --build $build --target lookups)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
sizes="1000 100000 1000000"
[ "$full" = 1 ] && sizes="$sizes 10000000"
calls=${CALLS:-20000}
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# raw OP N CALLS FN...: "Ir L1 LL" of a run of CALLS calls of OP, collected inside FN...
raw() {
  local op=$1 n=$2 c=$3 toggles=()
  shift 3
  for fn in "$@"; do toggles+=(--toggle-collect="$fn"); done
  valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64 \
    --collect-atstart=no "${toggles[@]}" --callgrind-out-file="$out/cg" \
    "$lookups" "$n" "$op" "$c" >/dev/null 2>&1
  # PROGRAM TOTALS: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
  callgrind_annotate "$out/cg" 2>/dev/null | sed -n 's/([^)]*)//g; s/,//g; /PROGRAM TOTALS/p' |
    awk '{ print $1, $5 + $6, $8 + $9 }'
}

# count OP N FN...: "Ir L1 LL" per call of OP (CALLS calls), collected inside FN...
count() {
  local op=$1 n=$2 k=1
  shift 2
  [ "$op" = collapse ] || [ "$op" = collapse_all ] && k=2
  raw "$op" "$n" "$calls" "$@" | awk -v c="$calls" -v k="$k" '{ printf "%.0f %.1f %.2f\n", $1/c/k, $2/c/k, $3/c/k }'
}

# count_added OP N C FN: per call, as the difference of runs of 2C and C
# calls: for a function the table's build calls too (fold_table_insert_rows).
count_added() {
  local a b
  a=$(raw "$1" "$2" "$3" "$4")
  b=$(raw "$1" "$2" $(($3 * 2)) "$4")
  echo "$a $b" | awk -v c="$3" '{ printf "%.0f %.1f %.2f\n", ($4-$1)/c, ($5-$2)/c, ($6-$3)/c }'
}

# edit OP N: "Ir L1 LL" per call of an edit, at most N/4 calls (a call
# removes up to three rows): inserts counted as the difference of 2C and C
# calls (the build inserts through the same function).
edit() {
  local c=$(( calls < $2 / 4 ? calls : $2 / 4 ))
  case $1 in
    append_row*|insert_row*) count_added "$1" "$2" $((c / 2)) fold_table_insert_rows ;;
    remove_row*|trim_rows*) calls=$c count "$1" "$2" fold_table_remove_rows ;;
    *) calls=$c count "$1" "$2" fold_table_set_row_height ;;
  esac
}

printf '%-16s %10s %10s %10s %12s\n' op N "Ir/call" "L1 miss" "1MiB miss"
# set_row_height_viewed: the same calls with a viewport set, as a view has
# it (the change set built, the viewport anchored), counted in the same call.
for op in item_at item_at_offset item_top visible_items set_row_height set_row_height_viewed collapse collapse_all \
  toggle_row toggle_row_viewed; do
  for n in $sizes; do
    read -r ir l1 ll < <(count "$op" "$n" "fold_table_${op%_viewed}" fold_table_expand fold_table_expand_all)
    printf '%-16s %10s %10s %10s %12s\n' "$op" "$n" "$ir" "$l1" "$ll"
    echo "$op $n $ir $l1 $ll" >>"$out/fold"
  done
done

# Rows in and out, one call each (the C function is fold_table_insert_rows or
# fold_table_remove_rows): a log view's appends and trims, and edits at random
# places, without and with a viewport. A call removes up to three rows, so
# at most N/4 calls. The build inserts the N rows through the same function
# as an insert: those are counted as the difference of 2C and C calls.
echo
printf '%-20s %10s %10s %10s %12s\n' "rows in and out" N "Ir/call" "L1 miss" "1MiB miss"
for op in append_row append_row_viewed insert_row insert_row_viewed remove_row remove_row_viewed \
  remove_rows remove_rows_viewed trim_rows trim_rows_viewed; do
  for n in $sizes; do
    read -r ir l1 ll < <(edit "$op" "$n")
    printf '%-20s %10s %10s %10s %12s\n' "$op" "$n" "$ir" "$l1" "$ll"
  done
done

# Heights set in a section of default rows (measure_row), as a view measures
# rows as it first shows them: N/256 calls, so that nearly every call makes
# a 64-row chunk explicit (more calls land in chunks made explicit already).
echo
printf '%-20s %10s %10s %10s %12s\n' "default rows measured" N "Ir/call" "L1 miss" "1MiB miss"
for n in $sizes; do
  c=$(( n / 256 > 4 ? n / 256 : 4 ))
  read -r ir l1 ll < <(calls=$c count measure_row "$n" fold_table_set_row_height)
  printf '%-20s %10s %10s %10s %12s\n' measure_row "$n" "$ir" "$l1" "$ll"
done

# Lookups in N/1000 sections of 1000 rows (OP_many), foldbench's "many"
# shape: a descent passes through a section into its list.
echo
printf '%-20s %10s %10s %10s %12s\n' "N/1000 sections" N "Ir/call" "L1 miss" "1MiB miss"
for op in item_at_many item_at_offset_many item_top_many; do
  for n in $sizes; do
    read -r ir l1 ll < <(count "$op" "$n" "fold_table_${op%_many}")
    printf '%-20s %10s %10s %10s %12s\n' "$op" "$n" "$ir" "$l1" "$ll"
  done
done

# The same edits while a filter is on (2 rows in 5 match) and every 40th
# row is selected (OP_marked): the leaves then hold matched and selected
# rows, which their columns do not count; insert_rows_marked and
# append_rows_marked add 8 rows a call, as a batch of log lines.
echo
printf '%-20s %10s %10s %10s %12s\n' "filtered, selected" N "Ir/call" "L1 miss" "1MiB miss"
for op in insert_row_marked insert_rows_marked append_rows_marked remove_row_marked set_row_height_marked; do
  for n in $sizes; do
    read -r ir l1 ll < <(edit "$op" "$n")
    printf '%-20s %10s %10s %10s %12s\n' "$op" "$n" "$ir" "$l1" "$ll"
  done
done

# ratio A B: A/B with 2 significant digits, "-" when B is 0 or missing
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == "" || b + 0 == 0) print "-"; else printf "%.2gx\n", a / b }'; }

echo
echo "Against the lower bounds (same heights, same inputs): per call, and FoldTable's ratio"
printf '%-15s %9s | %8s %7s | %8s %7s | %8s %7s | %9s %9s | %9s %9s\n' op N \
  "ft Ir" "ft LL" "stat Ir" "stat LL" "fenw Ir" "fenw LL" "Ir/stat" "LL/stat" "Ir/fenw" "LL/fenw"
for pair in item_at_offset:item_at_offset item_top:item_top visible_items:visible set_row_height:set; do
  fop=${pair%%:*} bop=${pair##*:}
  for n in $sizes; do
    read -r fir _ fll < <(awk -v o="$fop" -v n="$n" '$1 == o && $2 == n { print $3, $4, $5 }' "$out/fold")
    sir="" sll="" wir="" wll=""
    if [ "$bop" != set ]; then
      read -r sir _ sll < <(count "static_$bop" "$n" "static_$bop")
    fi
    read -r wir _ wll < <(count "fenwick_$bop" "$n" "fenwick_$bop")
    printf '%-15s %9s | %8s %7s | %8s %7s | %8s %7s | %9s %9s | %9s %9s\n' "$fop" "$n" \
      "$fir" "$fll" "${sir:--}" "${sll:--}" "$wir" "$wll" \
      "$(ratio "$fir" "$sir")" "$(ratio "$fll" "$sll")" "$(ratio "$fir" "$wir")" "$(ratio "$fll" "$wll")"
  done
done
