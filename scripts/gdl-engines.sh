#!/usr/bin/env bash
# rbgtool's two GDL engines side by side on the public GDL games: the interpreter
# (`--engine interpreted`) against the propositional network (`--engine compiled`,
# crates/propnet), flat Monte-Carlo states/s, interleaved round by round, each run pinned to
# one core, best of N rounds; the network's build time and size from `--verbose`. Prints a
# Markdown table (docs/gdl-network.md pastes it).
#
# Usage: scripts/gdl-engines.sh [--rounds N] [--seconds S] [--core C] [--games "g1 g2 ..."]
# Games come from ../shared/corpus-external/gdl (override with CORPUS=DIR); RBGTOOL=PATH
# measures that binary instead of building target/release/rbgtool.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=3 seconds=2 core=1
games="breakthrough connectFour englishDraughts ticTacToe reversi gomoku_11x11 hex chess_200 chess amazons"
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --core) core=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
corpus="${CORPUS:-../shared/corpus-external/gdl}"
if [ ! -d "$corpus" ]; then
    echo "no GDL corpus at $corpus (set CORPUS)" >&2
    exit 1
fi
if [ -z "${RBGTOOL:-}" ]; then
    cargo build --release -q -p rbgtool
    RBGTOOL=target/release/rbgtool
fi
pin() { if command -v taskset >/dev/null; then taskset -c "$core" "$@"; else "$@"; fi; }

# states/s of one bench run (0 when it fails).
rate() {
    pin "$RBGTOOL" bench "$1" --seconds "$seconds" --engine "$2" --json 2>/dev/null |
        sed -n 's/.*"states_per_second":\([0-9.]*\).*/\1/p' | cut -d. -f1 || true
}

echo "| game | interpreter states/s | network states/s | ratio | network build |"
echo "|---|---:|---:|---:|---|"
for g in $games; do
    f="$corpus/$g.kif"
    [ -f "$f" ] || { echo "| $g | missing | | | |"; continue; }
    build=$("$RBGTOOL" bench "$f" --playouts 1 --engine compiled --verbose 2>&1 >/dev/null |
        grep -m1 '^note:' | sed 's/^note: //' || true)
    fallback=0
    case "$build" in *"using the interpreter"*) fallback=1 ;; esac
    best_i=0 best_n=0
    for _ in $(seq "$rounds"); do
        i=$(rate "$f" interpreted); i=${i:-0}
        n=0
        [ "$fallback" = 0 ] && { n=$(rate "$f" compiled); n=${n:-0}; }
        [ "$i" -gt "$best_i" ] && best_i=$i
        [ "$n" -gt "$best_n" ] && best_n=$n
    done
    if [ "$fallback" = 1 ]; then
        best_n="(interpreter)" ratio="-"
    elif [ "$best_i" -gt 0 ]; then
        ratio=$(awk -v a="$best_n" -v b="$best_i" 'BEGIN { printf "%.1f", a / b }')
    else
        ratio="-"
    fi
    echo "| $g | $best_i | $best_n | $ratio | $build |"
done
