#!/usr/bin/env bash
# Time safety: tengen against GNU Go under tight clocks, with time_left before every move as
# kgsGtp sends it. Every game line gives tengen's slowest move against the time it had; a loss
# on time shows as "+Time".
#
#   gtp-scripts/bench/time-safety.sh [GAMES_PER_CLOCK] [TENGEN_ARGS...]
#
# Needs a release build (cargo build --release) and /usr/games/gnugo.
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-34}
shift || true
tengen="${TENGEN_BIN:-$PWD/target/release/tengen}"
gnugo="/usr/games/gnugo --mode gtp --chinese-rules --level 10"
for clock in "byoyomi 0 5 1" "absolute 60" "canadian 0 20 10"; do
    echo "== clock: $clock"
    "$tengen" match --engine1 "$tengen $*" --engine2 "$gnugo" --games "$games" --size 9 \
        --clock "$clock" | tee "/tmp/time-safety-${clock// /-}.log"
    grep -c '+Time' "/tmp/time-safety-${clock// /-}.log" | sed 's/^/losses on time: /' || true
done
