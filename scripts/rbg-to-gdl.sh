#!/usr/bin/env bash
# RBG -> GDL translations measured (docs/rbg-to-gdl.md pastes the output):
#  1. every RBG game of corpus/rbg and ../shared/corpus-external/rbg/games: the encoding
#     `rbgtool convert --to gdl` chose (direct, or general with the reason) and the size;
#  2. the eight public games that have hand-written GDL in ../shared/corpus-external/gdl:
#     lines against the hand-written file, and flat Monte-Carlo states/s of both on our GDL
#     interpreter and on our network (`--engine interpreted|compiled`), interleaved round by
#     round, each run pinned to one core, best of N rounds;
#     the same lines and interpreter speed with `--optimize size`;
#  3. with --prolog, perft CPU time of both under SWI-Prolog (crates/convert/examples/swipl_bench);
#  4. the long games (go, and international draughts where the corpus has it): one random
#     game to the end under our GDL interpreter from the default translation, limit 60 s.
#
# Usage: scripts/rbg-to-gdl.sh [--rounds N] [--seconds S] [--core C] [--sizes-only] [--prolog]
# RBGTOOL=PATH measures that binary instead of building target/release/rbgtool.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=3 seconds=2 core=1 sizes_only=0 prolog=0
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --core) core=$2; shift 2 ;;
        --sizes-only) sizes_only=1; shift ;;
        --prolog) prolog=1; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
external=../shared/corpus-external
if [ ! -d "$external/rbg/games" ] || [ ! -d "$external/gdl" ]; then
    echo "no public corpus at $external" >&2
    exit 1
fi
if [ -z "${RBGTOOL:-}" ]; then
    cargo build --release -q -p rbgtool
    RBGTOOL=target/release/rbgtool
fi
pin() { if command -v taskset >/dev/null; then taskset -c "$core" "$@"; else "$@"; fi; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The translation of one RBG file into $work/NAME.kif (without the size limit); prints its
# encoding, and whether the default limit (--max-bytes) refuses it.
translate() {
    local first limit=""
    if ! "$RBGTOOL" convert "$1" --to gdl -o /dev/null --quiet 2>"$work/err"; then
        grep -q "would have" "$work/err" || { echo "refused"; return; }
        limit=" (refused by default: over the size limit)"
    fi
    "$RBGTOOL" convert "$1" --to gdl --max-bytes 0 -o "$work/$2.kif" --quiet 2>/dev/null ||
        { echo "refused"; return; }
    first=$(head -1 "$work/$2.kif")
    case "$first" in
        *"(direct encoding"*) echo "direct$limit" ;;
        ";; General encoding: the direct encoding cannot express "*)
            echo "general$limit: ${first#;; General encoding: the direct encoding cannot express }" ;;
        *) echo "general$limit" ;;
    esac
}

echo "### Every RBG game"
echo
echo "| game | encoding | lines | bytes |"
echo "|---|---|---|---|"
direct=0 total=0 max_bytes=0 refused=0
for f in corpus/rbg/*.rbg "$external"/rbg/games/*.rbg; do
    case "$f" in corpus/*) name="corpus/$(basename "$f" .rbg)" ;; *) name="$(basename "$f" .rbg)" ;; esac
    key=$(echo "$name" | tr '/' '_')
    enc=$(translate "$f" "$key")
    total=$((total + 1))
    case "$enc" in direct*) direct=$((direct + 1)) ;; esac
    case "$enc" in *"refused by default"*) refused=$((refused + 1)) ;; esac
    if [ -f "$work/$key.kif" ]; then
        lines=$(wc -l < "$work/$key.kif")
        bytes=$(wc -c < "$work/$key.kif")
        [ "$bytes" -gt "$max_bytes" ] && max_bytes=$bytes
    else
        lines=- bytes=-
    fi
    echo "| $name | $enc | $lines | $bytes |"
done
echo
echo "$direct of $total games use the direct encoding; the largest translation has $max_bytes bytes;"
echo "$refused are over the default limit of --max-bytes and refused unless it is raised."
[ "$sizes_only" = 1 ] && exit 0

# The eight games with hand-written GDL: RBG file, hand-written file, Prolog perft depth.
pairs="ticTacToe:ticTacToe.kif:4 breakthrough:breakthrough.kif:3 connect4:derived/connectFour_7x6.kif:4
hex_9x9:hex.kif:2 reversi:reversi.kif:3 chess:chess.kif:2 englishDraughts:englishDraughts.kif:3
amazons:amazons.kif:1"

# states/s of one bench run (0 when it fails).
rate() {
    pin "$RBGTOOL" bench "$1" --seconds "$seconds" --engine "$2" --json 2>/dev/null |
        sed -n 's/.*"states_per_second":\([0-9.]*\).*/\1/p' | cut -d. -f1 || true
}
best() {
    local b=0 r
    for r in "$@"; do [ "${r:-0}" -gt "$b" ] && b=$r; done
    echo "$b"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0 && a > 0) printf "%.2f", a / b; else print "-" }'; }

echo
echo "### Against hand-written GDL (flat Monte-Carlo states/s, best of $rounds rounds of ${seconds} s, one core)"
echo
echo "| game | encoding | lines (hand-written) | ratio | interpreter: ours / hand-written | network: ours / hand-written |"
echo "|---|---|---|---|---|---|"
for p in $pairs; do
    IFS=: read -r game kif _ <<< "$p"
    enc=$(translate "$external/rbg/games/$game.rbg" "pair_$game")
    ours="$work/pair_$game.kif" theirs="$external/gdl/$kif"
    lo=$(wc -l < "$ours") lt=$(wc -l < "$theirs")
    cells=""
    for engine in interpreted compiled; do
        a=() b=()
        for _ in $(seq "$rounds"); do
            a+=("$(rate "$ours" "$engine")")
            b+=("$(rate "$theirs" "$engine")")
        done
        ba=$(best "${a[@]}") bb=$(best "${b[@]}")
        cells="$cells | $ba / $bb = $(ratio "$ba" "$bb")"
    done
    short=${enc%%:*}
    case "$enc" in *"refused by default"*) short="${enc%% (*} (over --max-bytes)" ;; esac
    echo "| $game | $short | $lo ($lt) | $(ratio "$lo" "$lt")$cells |"
done

echo
echo "### With --optimize size (relations alike but for their constants written once; interpreter states/s, best of $rounds rounds of ${seconds} s)"
echo
echo "| game | lines (hand-written) | ratio | default lines | interpreter: size / default / hand-written |"
echo "|---|---|---|---|---|"
for p in $pairs; do
    IFS=: read -r game kif _ <<< "$p"
    small="$work/size_$game.kif" ours="$work/pair_$game.kif" theirs="$external/gdl/$kif"
    "$RBGTOOL" convert "$external/rbg/games/$game.rbg" --to gdl --max-bytes 0 --optimize size \
        -o "$small" --quiet 2>/dev/null || { echo "| $game | refused | - | - | - |"; continue; }
    ls=$(wc -l < "$small") lo=$(wc -l < "$ours") lt=$(wc -l < "$theirs")
    a=() b=() c=()
    for _ in $(seq "$rounds"); do
        a+=("$(rate "$small" interpreted)")
        b+=("$(rate "$ours" interpreted)")
        c+=("$(rate "$theirs" interpreted)")
    done
    echo "| $game | $ls ($lt) | $(ratio "$ls" "$lt") | $lo | $(best "${a[@]}") / $(best "${b[@]}") / $(best "${c[@]}") |"
done

if [ "$prolog" = 1 ]; then
    echo
    echo "### Under SWI-Prolog (perft CPU time, same gdl::prolog translation)"
    echo
    echo "| game | depth | ours (s) | hand-written (s) | hand-written / ours |"
    echo "|---|---|---|---|---|"
    for p in $pairs; do
        IFS=: read -r game kif depth <<< "$p"
        out=$(pin cargo run --release -q -p convert --example swipl_bench -- \
            "$external/rbg/games/$game.rbg" "$external/gdl/$kif" "$depth" 2>/dev/null || true)
        o=$(echo "$out" | sed -n 's/^ours: \([0-9.]*\) s CPU.*/\1/p')
        t=$(echo "$out" | sed -n 's/^hand-written: \([0-9.]*\) s CPU.*/\1/p')
        echo "| $game | $depth | ${o:--} | ${t:--} | $(ratio "${t:-0}" "${o:-0}") |"
    done
fi

echo
echo "### Long games: one random game to the end under our GDL interpreter (limit 60 s)"
echo
echo "| game | translation | bytes | moves | seconds |"
echo "|---|---|---|---|---|"
for f in "$external"/rbg/games/go.rbg "$external"/rbg/games/go_*.rbg \
    "$external"/rbg/games/*nternational*raughts*.rbg; do
    [ -f "$f" ] || continue
    game=$(basename "$f" .rbg)
    if ! "$RBGTOOL" convert "$f" --to gdl -o "$work/long_$game.kif" --quiet 2>"$work/err"; then
        echo "| $game | refused: $(head -1 "$work/err" | sed 's/^error: //') | - | - | - |"
        continue
    fi
    enc=$(head -1 "$work/long_$game.kif" | sed -n 's/.*(\(direct\) encoding.*/\1/p')
    bytes=$(wc -c < "$work/long_$game.kif")
    start=$(date +%s.%N)
    out=$(pin timeout 60 "$RBGTOOL" bench "$work/long_$game.kif" --playouts 1 --seed 1 \
        --engine interpreted --json 2>&1 || true)
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    moves=$(echo "$out" | sed -n 's/.*"average_length":\([0-9.]*\).*/\1/p' | cut -d. -f1)
    unfinished=$(echo "$out" | sed -n 's/.*"unfinished":\([0-9]*\).*/\1/p')
    if [ -z "$moves" ]; then
        moves="none: $(echo "$out" | tail -1 | cut -c1-80)"
    elif [ "${unfinished:-0}" != 0 ]; then
        moves="$moves (unfinished)"
    fi
    echo "| $game | ${enc:-general} | $bytes | $moves | $secs |"
done
if ! ls "$external"/rbg/games/*nternational*raughts*.rbg >/dev/null 2>&1; then
    echo
    echo "(no international draughts in $external/rbg/games)"
fi
