#!/usr/bin/env bash
# rbgtool against the reference RBG compiler (rbg2cpp), side by side: flat Monte-Carlo
# playouts/s and perft nodes/s with every leaf applied, on the nine public games of issue 21,
# interleaved round by round, each run pinned to one core, best of N rounds, plus the peak RSS
# of each bench (/usr/bin/time -v). Prints a Markdown table; see docs/benchmarks.md.
#
# Usage: scripts/vs-reference.sh --ref DIR [--quick] [--rounds N] [--seconds S] [--core C]
#                                [--engine compiled|interpreted] [--games "g1 g2 ..."]
#
#   --ref DIR   the reference's per-game harness binaries: DIR/<game>/benchmark and
#               DIR/<game>/perft, rbg2cpp's own test/benchmark.cpp and test/perft.cpp compiled
#               with the game's generated reasoner and the release flags of rbg2cpp's Makefile.
#               This repository never contains the reference or a recipe that builds it:
#               obtain the public sources of rbg2cpp and its parser rbgParser (git mirrors, e.g.
#               through the sessions' `fetch` tool, land under /work/.mirror), install Boost
#               headers (Debian: libboost-dev), and build them outside this repository
#               following rbg2cpp's README and Makefile (its `benchmark_%` / `perft_%` targets).
#               Optional: DIR/<game>/benchmark_mono, the same harness with the three commented
#               lines that call random_simulation_with_monotonic_moves enabled; with
#               --engine compiled the script then also measures sampled-and-checked playouts
#               (`rbgtool bench --sampling check`) against it, in a second table.
#   --quick     small perft depths; unless --rounds/--seconds are given, 1 round of 1 s benches
#   --rounds N  rounds (default 3); each figure is the best round
#   --seconds S flat-MC seconds per run (default 5)
#   --core C    the CPU to pin to (default 1)
#   --engine E  passed to `rbgtool perft/bench` (needs an rbgtool that has --engine)
#   --games ".."  a subset of the nine games
#
# Games come from ../shared/corpus-external/rbg/games (override with CORPUS=DIR); RBGTOOL=PATH
# measures that binary instead of building target/release/rbgtool. rbgtool runs
# with --keeper first (the reference's keeper policy). Every perft's leaf count must equal the
# reference's (and go at depth 3 must give 47,046,242), or the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."

ref="" quick=0 rounds="" seconds="" core=1 engine="" only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --ref) ref=$2; shift 2 ;;
        --quick) quick=1; shift ;;
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --core) core=$2; shift 2 ;;
        --engine) engine=$2; shift 2 ;;
        --games) only=$2; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$ref" ] || { echo "--ref DIR is required (see --help)" >&2; exit 2; }
corpus=${CORPUS:-../shared/corpus-external/rbg/games}
[ -d "$corpus" ] || { echo "$corpus absent: the public games are needed" >&2; exit 2; }
for tool in /usr/bin/time jq taskset; do
    command -v "$tool" >/dev/null || { echo "$tool is needed (Debian packages time, jq, util-linux)" >&2; exit 2; }
done
if [ "$quick" = 1 ]; then rounds=${rounds:-1} seconds=${seconds:-1}; fi
rounds=${rounds:-3} seconds=${seconds:-5}

# game, full perft depth, quick perft depth
table="breakthrough 5 4
chess 5 4
connect4 9 7
amazons 2 1
reversi 9 6
englishDraughts 9 7
hex_9x9 4 3
gomoku_standard 3 2
go 3 2"

if [ -n "${RBGTOOL:-}" ]; then
    rbgtool=$RBGTOOL
else
    cargo build --release -q -p rbgtool
    rbgtool=target/release/rbgtool
fi
engine_args=()
if [ -n "$engine" ]; then
    "$rbgtool" bench --help | grep -q -- '--engine' ||
        { echo "this rbgtool has no --engine option" >&2; exit 2; }
    engine_args=(--engine "$engine")
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin() {
    taskset -c "$core" /usr/bin/time -v -o "$work/time" "$@" ||
        { note "failed (exit $?): $*"; tail -3 "$work/time" >&2; exit 1; }
}
rss_mb() { awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$work/time"; }
# COUNT per CPU second of the last pinned process (user + system time): robust to load.
per_cpu() { awk -F': ' -v n="$1" '/User time|System time/ { t += $2 } END { print n / (t > 0 ? t : 0.01) }' "$work/time"; }
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a ? b : a) }'; }

declare -A best rss leaves sampling classes
note() { printf '%s\n' "$*" >&2; }

# One round of one game: ours and the reference's bench, then both perfts.
round() {
    local g=$1 depth=$2 file="$corpus/$1.rbg" out
    out=$(pin "$rbgtool" bench "$file" --seconds "$seconds" --json --keeper first -q --sampling list "${engine_args[@]}")
    best[$g.mc]=$(max "${best[$g.mc]:-0}" "$(jq -r .playouts_per_second <<<"$out")")
    best[$g.mccpu]=$(max "${best[$g.mccpu]:-0}" "$(per_cpu "$(jq -r .playouts <<<"$out")")")
    rss[$g.mc]=$(rss_mb)
    out=$(pin "$ref/$g/benchmark" "$((seconds * 1000))")
    best[$g.refmc]=$(max "${best[$g.refmc]:-0}" "$(sed -n 's/.*(\([0-9.]*\) playouts\/sec).*/\1/p' <<<"$out")")
    best[$g.refmccpu]=$(max "${best[$g.refmccpu]:-0}" "$(per_cpu "$(sed -n 's/^number of playouts: \([0-9]*\).*/\1/p' <<<"$out")")")
    rss[$g.refmc]=$(rss_mb)
    if [ "$engine" = compiled ] && [ -x "$ref/$g/benchmark_mono" ]; then
        out=$(pin "$rbgtool" bench "$file" --seconds "$seconds" --json --keeper first -q --sampling check "${engine_args[@]}")
        best[$g.mcc]=$(max "${best[$g.mcc]:-0}" "$(jq -r .playouts_per_second <<<"$out")")
        sampling[$g]=$(jq -r .sampling <<<"$out")
        out=$(pin "$ref/$g/benchmark_mono" "$((seconds * 1000))")
        best[$g.refmcc]=$(max "${best[$g.refmcc]:-0}" "$(sed -n 's/.*(\([0-9.]*\) playouts\/sec).*/\1/p' <<<"$out")")
        classes[$g]=$(sed -n 's/^Monotonic classes: //p' <<<"$out")
    fi
    out=$(pin "$rbgtool" perft "$file" --depth "$depth" --json --keeper first -q "${engine_args[@]}" | tail -1)
    local l n s
    l=$(jq -r .leaves <<<"$out") n=$(jq -r .nodes <<<"$out") s=$(jq -r .seconds <<<"$out")
    [ "$(jq -r .last_level <<<"$out")" = applied ] || { note "rbgtool perft did not apply leaves"; exit 1; }
    best[$g.pf]=$(max "${best[$g.pf]:-0}" "$(awk -v n="$n" -v s="$s" 'BEGIN { print n / s }')")
    leaves[$g]=$l
    out=$(pin "$ref/$g/perft" "$depth")
    local rl rn rms
    rl=$(sed -n 's/^perft: //p' <<<"$out")
    rn=$(sed -n 's/^number of states: \([0-9]*\).*/\1/p' <<<"$out")
    rms=$(sed -n 's/^time: \([0-9]*\) ms/\1/p' <<<"$out")
    [ "$rl" = "$l" ] || { note "$g perft $depth: rbgtool $l leaves, reference $rl"; exit 1; }
    [ "$rn" = "$n" ] || note "$g perft $depth: rbgtool $n nodes, reference $rn"
    best[$g.refpf]=$(max "${best[$g.refpf]:-0}" "$(awk -v n="$rn" -v ms="$rms" 'BEGIN { print n / (ms > 0 ? ms : 1) * 1000 }')")
}

games=()
while read -r g full small; do
    if [ -n "$only" ] && ! grep -qw "$g" <<<"$only"; then continue; fi
    for f in benchmark perft; do
        [ -x "$ref/$g/$f" ] || { note "$ref/$g/$f missing (see --help)"; exit 2; }
    done
    games+=("$g:$([ "$quick" = 1 ] && echo "$small" || echo "$full")")
done <<<"$table"

# The compiled engine builds each game's library once (cached): build it before measuring,
# so no bench or perft pays the build, and report the build time.
declare -A build_s
if [ "$engine" = compiled ]; then
    for gd in "${games[@]}"; do
        g=${gd%%:*}
        note "building the compiled library of $g"
        s0=$(date +%s.%N)
        pin "$rbgtool" bench "$corpus/$g.rbg" --playouts 1 --keeper first -q "${engine_args[@]}" >/dev/null
        build_s[$g]=$(awk -v a="$s0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    done
fi

started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$rounds"); do
    for gd in "${games[@]}"; do
        note "round $r/$rounds: ${gd%%:*}"
        round "${gd%%:*}" "${gd##*:}"
    done
done
for gd in "${games[@]}"; do
    if [ "${gd%%:*}" = go ] && [ "${gd##*:}" = 3 ] && [ "${leaves[go]}" != 47046242 ]; then
        note "go perft 3: ${leaves[go]} leaves, the reference counts 47046242"; exit 1
    fi
done

fmt() { awk -v x="$1" 'BEGIN { if (x >= 1e6) printf "%.2f M", x / 1e6; else if (x >= 1e4) printf "%.1f k", x / 1e3; else printf "%.1f", x }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
cmd="scripts/vs-reference.sh --ref DIR$( [ "$quick" = 1 ] && echo " --quick" || true) --rounds $rounds --seconds $seconds --core $core${engine:+ --engine $engine}${only:+ --games \"$only\"}"
echo "Run $started to $(date -u '+%H:%M UTC'); load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after;"
echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, pinned to CPU $core;"
echo "rbgtool ${RBGTOOL:-$(git rev-parse --short HEAD)}${engine:+ --engine $engine}, --keeper first; best of $rounds interleaved rounds; flat MC $seconds s per run."
echo "Command: $cmd"
echo
echo "Rates are per wall-clock second as each harness reports them; \"CPU ratio\" divides the bench's"
echo "playouts by its process's CPU time instead (start-up included), which the load disturbs less."
echo
if [ "$engine" = compiled ]; then
    echo "Compiled libraries built (or loaded from the cache) before the rounds, seconds per game:"
    for gd in "${games[@]}"; do printf ' %s %s;' "${gd%%:*}" "${build_s[${gd%%:*}]}"; done
    echo
fi
echo
echo "| game | rbgtool playouts/s | rbg2cpp playouts/s | ratio | CPU ratio | perft depth | leaves | rbgtool nodes/s | rbg2cpp nodes/s | ratio | rbgtool bench RSS MB | rbg2cpp bench RSS MB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for gd in "${games[@]}"; do
    g=${gd%%:*} d=${gd##*:}
    echo "| $g | $(fmt "${best[$g.mc]}") | $(fmt "${best[$g.refmc]}") | $(ratio "${best[$g.mc]}" "${best[$g.refmc]}") | $(ratio "${best[$g.mccpu]}" "${best[$g.refmccpu]}") | $d | ${leaves[$g]} | $(fmt "${best[$g.pf]}") | $(fmt "${best[$g.refpf]}") | $(ratio "${best[$g.pf]}" "${best[$g.refpf]}") | ${rss[$g.mc]} | ${rss[$g.refmc]} |"
done
mono=()
for gd in "${games[@]}"; do [ -n "${best[${gd%%:*}.mcc]:-}" ] && mono+=("${gd%%:*}"); done
if [ "${#mono[@]}" -gt 0 ]; then
    echo
    echo "Sampled and checked playouts (monotonic classes), both sides: rbgtool bench --sampling check,"
    echo "rbg2cpp's harness with random_simulation_with_monotonic_moves enabled (benchmark_mono)."
    echo "Not the table above: that one lists every move on both sides, as the shipped harness does."
    echo
    echo "| game | rbgtool sampling | rbg2cpp monotonic classes | rbgtool playouts/s | rbg2cpp playouts/s | ratio |"
    echo "|---|---|---|---|---|---|"
    for g in "${mono[@]}"; do
        echo "| $g | ${sampling[$g]} | ${classes[$g]} | $(fmt "${best[$g.mcc]}") | $(fmt "${best[$g.refmcc]}") | $(ratio "${best[$g.mcc]}" "${best[$g.refmcc]}") |"
    done
fi
