#!/usr/bin/env bash
# Instructions per flat Monte-Carlo playout (valgrind's callgrind), rbgtool's compiled engine
# and optionally the reference compiler rbg2cpp, game by game. Instruction counts do not
# depend on the machine's load, so they guide work on the compiled engine on a busy machine;
# they are not speed (the benchmark is scripts/vs-reference.sh).
#
# Usage: scripts/instructions.sh [--ref DIR] [--playouts N] [GAME...]
#
#   ours:      (Ir(bench --playouts N) - Ir(bench --playouts 1)) / (N - 1), seed 7,
#              --keeper first, so start-up and the library build or load cancel out
#   --ref DIR  also rbg2cpp's DIR/<game>/benchmark (see scripts/vs-reference.sh --help) run
#              for 300 ms under callgrind: its Ir / its playouts, start-up included (small)
#   GAME...    default: the nine games of issue 21; N defaults to 50 (3 for go)
#
# Games come from ../shared/corpus-external/rbg/games (override with CORPUS=DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

ref="" n=""
games=()
while [ $# -gt 0 ]; do
    case "$1" in
        --ref) ref=$2; shift 2 ;;
        --playouts) n=$2; shift 2 ;;
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

ir() { # the instructions of a command under callgrind
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 \
        | awk '/refs:/ {gsub(",", "", $4); print $4}'
}

echo "| game | rbgtool compiled Ir/playout | rbg2cpp Ir/playout | rbg2cpp ÷ rbgtool |"
echo "|---|---|---|---|"
for g in "${games[@]}"; do
    f=$corpus/$g.rbg
    k=${n:-$([ "$g" = go ] && echo 3 || echo 50)}
    one=$(ir $bin bench "$f" --playouts 1 --engine compiled --keeper first --seed 7)
    many=$(ir $bin bench "$f" --playouts "$k" --engine compiled --keeper first --seed 7)
    ours=$(( (many - one) / (k - 1) ))
    theirs="–" ratio="–"
    if [ -n "$ref" ]; then
        out=$(cd "$ref/$g" && valgrind --tool=callgrind --callgrind-out-file=/dev/null ./benchmark 300 2>&1)
        total=$(echo "$out" | awk '/refs:/ {gsub(",", "", $4); print $4}')
        played=$(echo "$out" | awk '/number of playouts/ {print $4}')
        theirs=$(( total / played ))
        ratio=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.2f", a / b }')
    fi
    echo "| $g | $ours | $theirs | $ratio |"
done
