#!/usr/bin/env bash
# Instructions per flat Monte-Carlo playout (valgrind's callgrind), rbgtool's compiled engine
# and optionally the reference compiler rbg2cpp, game by game. Instruction counts do not
# depend on the machine's load, so they guide work on the compiled engine on a busy machine;
# they are not speed (the benchmark is scripts/vs-reference.sh).
#
# Usage: scripts/instructions.sh [--ref DIR] [--cpu NAME] [--playouts N] [GAME...]
#
#   ours:      (Ir(bench --playouts W+N) - Ir(bench --playouts W)) / N, seed 7, --keeper
#              first: start-up, the library build or load and the first W playouts cancel
#              out, W being enough playouts for first mode's 10,000 checked keeper phases
#              (12,000 / the average length of 20 playouts, + 10), so the steady state is
#              counted, as a long benchmark runs
#   --cpu NAME the processor the game's library is built for (RBGTOOL_TARGET_CPU; default
#              x86-64-v3: valgrind stops at the first AVX-512 instruction, which
#              target-cpu=native emits on such machines); `native` for the default build
#   --ref DIR  also rbg2cpp's harness run for 300 ms under callgrind: its Ir / its playouts,
#              start-up included (small). DIR/<game>/benchmark_NAME when it exists (the same
#              harness built with -march=NAME instead of -march=native), else
#              DIR/<game>/benchmark (see scripts/vs-reference.sh --help); the table says which
#   GAME...    default: the nine games of issue 21; N defaults to 50 (3 for go)
#
# Games come from ../shared/corpus-external/rbg/games (override with CORPUS=DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

ref="" n="" cpu=x86-64-v3
games=()
while [ $# -gt 0 ]; do
    case "$1" in
        --ref) ref=$2; shift 2 ;;
        --playouts) n=$2; shift 2 ;;
        --cpu) cpu=$2; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
        *) games+=("$1"); shift ;;
    esac
done
[ ${#games[@]} -gt 0 ] || games=(breakthrough chess connect4 amazons reversi englishDraughts hex_9x9 gomoku_standard go)
corpus=${CORPUS:-../shared/corpus-external/rbg/games}
[ -d "$corpus" ] || { echo "$corpus absent: the public games are needed" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian package valgrind)" >&2; exit 2; }
cargo build --release -q -p rbgtool
bin=target/release/rbgtool
if [ "$cpu" != native ]; then export RBGTOOL_TARGET_CPU=$cpu; fi

ir() { # the instructions of a command under callgrind
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 \
        | awk '/refs:/ {gsub(",", "", $4); print $4}'
}

echo "rbgtool built for target-cpu=$cpu; valgrind $(valgrind --version | sed 's/valgrind-//')"
echo
echo "| game | rbgtool compiled Ir/playout | rbg2cpp harness | rbg2cpp Ir/playout | rbg2cpp ÷ rbgtool |"
echo "|---|---|---|---|---|"
for g in "${games[@]}"; do
    f=$corpus/$g.rbg
    k=${n:-$([ "$g" = go ] && echo 3 || echo 50)}
    len=$($bin bench "$f" --playouts 20 --engine compiled --keeper first --seed 7 --json -q \
        | sed 's/.*"average_length":\([0-9.]*\).*/\1/')
    warm=$(awk -v l="$len" 'BEGIN { printf "%d", 12000 / (l > 1 ? l : 1) + 10 }')
    one=$(ir $bin bench "$f" --playouts "$warm" --engine compiled --keeper first --seed 7)
    many=$(ir $bin bench "$f" --playouts "$((warm + k))" --engine compiled --keeper first --seed 7)
    ours=$(( (many - one) / k ))
    theirs="–" ratio="–" harness="–"
    if [ -n "$ref" ]; then
        harness=benchmark
        [ -x "$ref/$g/benchmark_$cpu" ] && harness=benchmark_$cpu
        out=$(cd "$ref/$g" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "./$harness" 300 2>&1)
        total=$(echo "$out" | awk '/refs:/ {gsub(",", "", $4); print $4}')
        played=$(echo "$out" | awk '/number of playouts/ {print $4}')
        theirs=$(( total / played ))
        ratio=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.2f", a / b }')
    fi
    echo "| $g | $ours | $harness | $theirs | $ratio |"
done
