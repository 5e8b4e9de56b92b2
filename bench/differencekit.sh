#!/usr/bin/env bash
# fold_table_apply_snapshot against DifferenceKit's StagedChangeset, both
# release builds, on the same lists, pinned to one core, run alternately.
#
#   bench/differencekit.sh [RUNS] [BUILD_DIR]
#
# RUNS alternations (default 3) of build/bench/reconcile and dk-bench
# (bench/differencekit/main.swift: the same key generator, seed and cases,
# DifferenceKit's own benchmark shape included), each printing the median of
# REPS repetitions per case (COUNT=1: instructions and cache misses instead,
# below). It clones DifferenceKit at a pinned commit into a
# temporary directory (it is not part of FoldTable and is never committed
# here), builds the harness against it with `swift build -c release`, and
# prints both programs' output, then per case the range of the RUNS medians
# of each side and their ratio. Needs the network, git and Swift; never run by
# ctest or CI. Build reconcile first: cmake --build build --target reconcile
#
# Environment: CORE (default 0: `taskset -c CORE` for both), SECTIONS
# (default 100000), REPS (default 5), DIFFERENCEKIT_GIT (the repository to
# clone), DIFFERENCEKIT_COMMIT, DK_WORK (a directory to work in instead of a
# new temporary one; kept afterwards), COUNT (1: count, do not time; needs
# valgrind; about 15 minutes at 10^5 sections).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs="${1:-3}"
build="${2:-build}"
core="${CORE:-0}"
sections="${SECTIONS:-100000}"
reps="${REPS:-5}"
repo="${DIFFERENCEKIT_GIT:-https://github.com/ra1028/DifferenceKit.git}"
commit="${DIFFERENCEKIT_COMMIT:-02ca1968b10305d4d6771f4005a7ce2c507a8539}" # master, 2021 (after 1.3.0)
reconcile="$PWD/$build/bench/reconcile"
[ -x "$reconcile" ] || { echo "differencekit.sh: build $reconcile first (cmake --build $build --target reconcile)" >&2; exit 1; }
command -v swift >/dev/null || { echo "differencekit.sh: needs swift on PATH" >&2; exit 1; }
command -v taskset >/dev/null || { echo "differencekit.sh: needs taskset (util-linux)" >&2; exit 1; }

if [ -n "${DK_WORK:-}" ]; then
    work="$DK_WORK"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
if [ ! -d "$work/DifferenceKit/.git" ]; then
    git clone --quiet "$repo" "$work/DifferenceKit"
fi
git -C "$work/DifferenceKit" checkout --quiet "$commit"

mkdir -p "$work/dk-bench/Sources/dk-bench"
cp bench/differencekit/main.swift "$work/dk-bench/Sources/dk-bench/main.swift"
cat > "$work/dk-bench/Package.swift" <<'EOF'
// swift-tools-version:5.5
import PackageDescription

let package = Package(
    name: "dk-bench",
    dependencies: [.package(name: "DifferenceKit", path: "../DifferenceKit")],
    targets: [.executableTarget(name: "dk-bench", dependencies: ["DifferenceKit"])]
)
EOF
(cd "$work/dk-bench" && swift build -c release >&2)
dkbench="$work/dk-bench/.build/release/dk-bench"

# COUNT=1: instructions and simulated misses instead of time (callgrind, the
# same caches as instructions.sh), one run of each case on each side, inside
# fold_table_apply_snapshot and StagedChangeset.init(source:target:) only:
# the same figures on every run, whatever else the machine does.
if [ "${COUNT:-0}" = 1 ]; then
    command -v valgrind >/dev/null || { echo "differencekit.sh: COUNT=1 needs valgrind" >&2; exit 1; }
    # The specialization the harness calls (one symbol for both element types).
    fn=$(nm "$dkbench" | awk '/StagedChangeset.*6source6target7section.*Tt2g5/ && !fn { fn = $3 } END { print fn }')
    [ -n "$fn" ] || { echo "differencekit.sh: StagedChangeset.init not found in $dkbench" >&2; exit 1; }
    # count FN PROGRAM ARGS...: "Ir misses" (millions) of the 1 MiB cache inside FN
    count() {
        local cg="$work/count.cg" toggle="$1"
        shift
        taskset -c "$core" valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 \
            --LL=1048576,16,64 --collect-atstart=no --toggle-collect="$toggle" --callgrind-out-file="$cg" \
            "$@" >/dev/null 2>&1
        callgrind_annotate "$cg" 2>/dev/null | sed -n 's/([^)]*)//g; s/,//g; /PROGRAM TOTALS/p' |
            awk '{ printf "%.1f %.3f\n", $1 / 1e6, ($8 + $9) / 1e6 }'
    }
    names=("nothing changed" "1% inserted" "1% removed" "1% moved" "every run +1 row" "all reversed"
           "10%/10%/2% (DK)" "DK bench, UUIDs" "DK bench, [UUID]")
    echo "DifferenceKit $commit; $sections sections; M instructions and M misses of a 1 MiB cache"
    printf '%-18s %10s %10s %10s %10s %8s %8s\n' case "FT Ir" "DK Ir" "FT miss" "DK miss" "Ir" miss
    for k in 0 1 2 3 4 5 6 7 8; do
        # FoldTable keys sections by text: its UUID case stands against both DifferenceKit lines.
        read -r fi fm < <(count fold_table_apply_snapshot "$reconcile" --sections "$sections" --case $((k < 8 ? k : 7)))
        read -r di dm < <(count "$fn" "$dkbench" --sections "$sections" --case "$k")
        awk -v n="${names[$k]}" -v fi="$fi" -v di="$di" -v fm="$fm" -v dm="$dm" \
            'BEGIN { printf "%-18s %10s %10s %10s %10s %7.2fx %7.2fx\n", n, fi, di, fm, dm, fi / di, fm / dm }'
    done
    exit 0
fi

echo "DifferenceKit $commit; $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'); core $core;" \
     "$sections sections, $reps repetitions, $runs alternating runs"
out="$work/out"
mkdir -p "$out"
for r in $(seq 1 "$runs"); do
    taskset -c "$core" "$reconcile" --sections "$sections" --reps "$reps" | tee "$out/ft.$r"
    taskset -c "$core" "$dkbench" --sections "$sections" --reps "$reps" | tee "$out/dk.$r"
done

# Per case: the medians of the runs (middle, lowest-highest) and the ratio of
# the middle ones (FoldTable / DifferenceKit); then the fastest repetition of
# all runs of each and their ratio (other load only ever adds time). Case
# names are the first 18 columns of both programs' lines, the median and the
# fastest the next two fields.
echo
printf '%-18s %-22s %-22s %7s %9s %9s %7s\n' case "FoldTable ms" "DifferenceKit ms" ratio "FT min" "DK min" ratio
awk '
    function mid(list,   n, v, i, j, t) {
        n = split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
        lo = v[1]; hi = v[n]
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    FNR <= 2 { next }
    {
        name = substr($0, 1, 18); sub(/ +$/, "", name)
        split(substr($0, 19), f, " ")
        if (f[1] !~ /^[0-9.]+$/ || name == "first snapshot") next
        side = (FILENAME ~ /\/ft\.[0-9]+$/) ? "ft" : "dk"
        if (!(name in seen)) { seen[name] = 1; order[++cases] = name }
        times[side, name] = times[side, name] " " f[1]
        if (!((side SUBSEP name) in fastest) || f[2] + 0 < fastest[side, name]) fastest[side, name] = f[2] + 0
    }
    END {
        for (c = 1; c <= cases; c++) {
            name = order[c]
            # FoldTable keys sections by text: its UUID case stands against both DifferenceKit lines.
            fname = name == "DK bench, [UUID]" ? "DK bench, UUIDs" : name
            if (!(("ft" SUBSEP fname) in times) || !(("dk" SUBSEP name) in times)) continue
            ma = mid(times["ft", fname]); a = sprintf("%.1f (%.1f-%.1f)", ma, lo, hi)
            mb = mid(times["dk", name]); b = sprintf("%.1f (%.1f-%.1f)", mb, lo, hi)
            fa = fastest["ft", fname]; fb = fastest["dk", name]
            printf "%-18s %-22s %-22s %6.2fx %9.1f %9.1f %6.2fx\n", name, a, b, ma / mb, fa, fb, fa / fb
        }
    }' $(for r in $(seq 1 "$runs"); do echo "$out/ft.$r" "$out/dk.$r"; done)
