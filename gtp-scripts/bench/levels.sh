#!/usr/bin/env bash
# Strength levels: tengen at LEVEL against GNU Go 3.8 at a level (gnugo:N, --chinese-rules)
# or against tengen at another level (tengen:M), komi 7.5 (or 0.5 with STONES handicap stones
# taken by tengen's side, engine 1, which is then Black in every game), colours alternating
# otherwise, through tengen's referee. tengen plays with 5,000 playouts on one thread, its
# level's share of them.
#
#   gtp-scripts/bench/levels.sh SIZE LEVEL OPPONENT GAMES FOLDER [STONES]
#
# The first run copies target/release/tengen into the folder and every later run of the same
# command resumes the match with that copy. JOBS games are played at once (default 1).
set -euo pipefail
cd "$(dirname "$0")/../.."
size=${1:?SIZE}
level=${2:?LEVEL}
opponent=${3:?gnugo:N or tengen:M}
games=${4:?GAMES}
dir=${5:?FOLDER}
stones=${6:-0}
mkdir -p "$dir"
if [ ! -x "$dir/tengen" ]; then
    cp target/release/tengen "$dir/tengen"
    git rev-parse HEAD > "$dir/commit"
    git status --porcelain --untracked-files=no | sed 's/^/uncommitted: /' >> "$dir/commit"
fi
engine() { printf 'tengen-%s=%q --playouts 5000 --threads 1 --level %s' "$1" "$dir/tengen" "$1"; }
case $opponent in
    gnugo:*) other="gnugo-${opponent#gnugo:}=/usr/games/gnugo --mode gtp --chinese-rules --level ${opponent#gnugo:}" ;;
    tengen:*) other=$(engine "${opponent#tengen:}") ;;
    *) echo "gnugo:N or tengen:M, not $opponent" >&2; exit 2 ;;
esac
komi=7.5
colours=()
if [ "$stones" -ge 2 ]; then komi=0.5; colours=(--no-alternate --handicap "$stones"); fi
if [ ! -f "$dir/command" ]; then
    printf '%s\n' "$0 $size $level $opponent $games $(printf '%q' "$dir") $stones" \
        "engine1: $(engine "$level")" "engine2: $other" "folder: $dir" > "$dir/command"
fi
"$dir/tengen" match --engine1 "$(engine "$level")" --engine2 "$other" "${colours[@]}" \
    --games "$games" --size "$size" --komi "$komi" --out "$dir" -j "${JOBS:-1}"
