#!/usr/bin/env bash
# rbgtool's GDL engine against a propositional-network anchor (Sancho's
# ForwardDeadReckonPropnetStateMachine, driven by ../shared/bench/gdl-anchor/SanchoBench.java),
# side by side: flat Monte-Carlo states/s (every state lists every role's legal moves, one is
# drawn uniformly per role), start-up time, peak RSS and perft agreement, on the public GDL
# games of issue 37, interleaved round by round, each run pinned to one core, best of N rounds.
# Prints a Markdown table; docs/benchmarks.md pastes it.
#
# Usage: scripts/vs-gdl.sh --classpath CP [--rounds N] [--seconds S] [--core C]
#                          [--init-timeout T] [--perft D] [--games "g1 g2 ..."]
#
#   --classpath CP  a Java class path holding SanchoBench.class and the anchor: the classes
#                   of the public SanchoGGP/ggp-base sources and the jars it vendors, compiled
#                   outside this repository (this repository never contains the anchor or a
#                   recipe that builds it; a JDK comes from Debian's default-jdk)
#   --rounds N      rounds (default 3); each figure is the best round
#   --seconds S     timed flat-MC seconds per run (default 5); the anchor also gets its own
#                   start-up tuning and SANCHO_WARMUP_S (default 2) s of untimed JIT warm-up
#   --core C        the CPU to pin to (default 1)
#   --init-timeout T  seconds the anchor may take to build its network (default 300)
#   --perft D       perft depth compared on both sides (default 3)
#   --games ".."    a subset of the games
#
# rbgtool runs `bench --engine compiled` (the network, or the interpreter where the game is
# over the grounding budget: the table says which). Its start-up is the wall time of a
# one-playout bench (parse, check, build); the anchor's is its initialise plus tuning time.
# Peak RSS is /usr/bin/time's maximum resident set of one timed run of each side. Games come
# from ../shared/corpus-external/gdl (override with CORPUS=DIR); RBGTOOL=PATH measures that
# binary instead of building target/release/rbgtool; JAVA=PATH picks the JVM.
set -euo pipefail
cd "$(dirname "$0")/.."

cp="" rounds=3 seconds=5 core=1 init_timeout=300 depth=3
games="breakthrough connectFour englishDraughts ticTacToe reversi gomoku_11x11 hex chess_200 chess amazons"
while [ $# -gt 0 ]; do
    case "$1" in
        --classpath) cp=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --core) core=$2; shift 2 ;;
        --init-timeout) init_timeout=$2; shift 2 ;;
        --perft) depth=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$cp" ] || { echo "--classpath CP is required (see --help)" >&2; exit 2; }
corpus=${CORPUS:-../shared/corpus-external/gdl}
anchor_dir=../shared/bench/gdl-anchor
[ -d "$corpus" ] || { echo "$corpus absent: the public games are needed" >&2; exit 2; }
[ -f "$anchor_dir/log4j2-quiet.xml" ] || { echo "$anchor_dir absent: the anchor's driver is needed" >&2; exit 2; }
for tool in /usr/bin/time jq taskset timeout; do
    command -v "$tool" >/dev/null || { echo "$tool is needed (Debian packages time, jq, util-linux, coreutils)" >&2; exit 2; }
done
java=${JAVA:-java}
if [ -z "${RBGTOOL:-}" ]; then
    cargo build --release -q -p rbgtool
    RBGTOOL=target/release/rbgtool
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pin() { taskset -c "$core" "$@"; }
anchor() {
    pin /usr/bin/time -v -o "$tmp/time" timeout "$1" "$java" -Xss1g \
        -Dlog4j.configurationFile="$anchor_dir/log4j2-quiet.xml" -cp "$cp" SanchoBench "${@:2}" \
        2>/dev/null | tail -n 1
}
ours() { pin /usr/bin/time -v -o "$tmp/time" "$RBGTOOL" "$@" 2>"$tmp/err"; }
rss_mb() { awk '/Maximum resident/ { printf "%d", $NF / 1024 }' "$tmp/time"; }
field() { jq -r "$1 // empty" 2>/dev/null <<<"$2"; }
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (b + 0 > a + 0) ? b : a }'; }

echo "| game | rbgtool engine | rbgtool states/s | anchor states/s | ratio | rbgtool start | anchor start (build + tuning) | rbgtool RSS | anchor RSS | perft($depth) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---|"
for g in $games; do
    f="$corpus/$g.kif"
    [ -f "$f" ] || { echo "| $g | missing | | | | | | | | |"; continue; }
    start=$(date +%s.%N)
    ours bench "$f" --playouts 1 --engine compiled --verbose >/dev/null || true
    our_start=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f s", e - s }')
    engine="network"
    grep -q "using the interpreter" "$tmp/err" && engine="interpreter (over the grounding budget)"
    # Does the anchor start at all?
    probe=$(anchor "$init_timeout" init "$f" || true)
    anchor_ok=0
    anchor_start="does not start within ${init_timeout} s"
    if [ -n "$(field .init_seconds "$probe")" ]; then
        anchor_ok=1
    fi
    ob=0 ab=0 our_rss="" anchor_rss=""
    for _ in $(seq "$rounds"); do
        out=$(ours bench "$f" --seconds "$seconds" --engine compiled --json || true)
        r=$(field .states_per_second "$out")
        if [ -n "$r" ] && [ "$(best "$ob" "$r")" = "$r" ]; then ob=$r our_rss="$(rss_mb) MB"; fi
        if [ "$anchor_ok" = 1 ]; then
            out=$(anchor $((init_timeout + 60 + ${seconds%.*})) mc "$f" "$seconds" || true)
            r=$(field .states_per_second "$out")
            if [ -n "$r" ] && [ "$(best "$ab" "$r")" = "$r" ]; then
                ab=$r anchor_rss="$(rss_mb) MB"
                anchor_start=$(jq -r '"\(.init_seconds + .tune_seconds | . * 100 | round / 100) s"' <<<"$out")
            fi
        fi
    done
    perft="-"
    if [ "$anchor_ok" = 1 ]; then
        mine=$("$RBGTOOL" perft "$f" --depth "$depth" --engine compiled --json 2>/dev/null | tail -n 1 | jq -r .leaves || true)
        theirs=$(anchor "$init_timeout" perft "$f" "$depth" | jq -r '.perft[-1]' || true)
        if [ -n "$mine" ] && [ "$mine" = "$theirs" ]; then perft="equal ($mine)"; else perft="DIFFERS ($mine vs $theirs)"; fi
    fi
    ratio="-"
    [ "$anchor_ok" = 1 ] && awk -v b="$ab" 'BEGIN { exit !(b > 0) }' &&
        ratio=$(awk -v a="$ob" -v b="$ab" 'BEGIN { printf "%.2f", a / b }')
    printf '| %s | %s | %.0f | %s | %s | %s | %s | %s | %s | %s |\n' "$g" "$engine" "$ob" \
        "$([ "$anchor_ok" = 1 ] && printf '%.0f' "$ab" || echo -)" "$ratio" "$our_start" \
        "$anchor_start" "$our_rss" "${anchor_rss:--}" "$perft"
done
