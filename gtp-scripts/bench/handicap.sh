#!/usr/bin/env bash
# Handicap matches: tengen gives or takes STONES fixed handicap stones on a SIZE board, komi
# 0.5 (White also receives a point a stone at the count, as the Chinese rules say), against
# GNU Go 3.8 level 10 (--chinese-rules) or, with OPPONENT set, any engine command. The
# engine that takes the stones plays Black in every game (tengen match --no-alternate).
#
#   gtp-scripts/bench/handicap.sh gives|takes SIZE STONES GAMES FOLDER [-- TENGEN OPTIONS]
#
# tengen plays with 5,000 playouts on one thread unless TENGEN OPTIONS say otherwise (the
# last of a repeated option wins), for example `-- --dynamic-komi` or `-- --level 3`.
# OPPONENT='name=command' replaces GNU Go; OPPONENT=self is the folder's own copy of tengen at
# full strength (5,000 playouts, one thread), so that tengen at a lower level takes stones
# from itself, for example `OPPONENT=self handicap.sh takes 13 3 20 DIR -- --level 7`.
# JOBS games are played at once (default 1, which leaves a core free).
#
# The first run copies target/release/tengen into the folder and every later run of the same
# command resumes the match with that copy, so a rebuild does not change the engine halfway.
set -euo pipefail
cd "$(dirname "$0")/../.."
role=${1:?gives or takes}
size=${2:?SIZE}
stones=${3:?STONES}
games=${4:?GAMES}
dir=${5:?FOLDER}
shift 5
[ "${1:-}" = "--" ] && shift
case $role in gives | takes) ;; *) echo "gives or takes, not $role" >&2; exit 2 ;; esac
mkdir -p "$dir"
if [ ! -x "$dir/tengen" ]; then
    cp target/release/tengen "$dir/tengen"
    git rev-parse HEAD > "$dir/commit"
    git status --porcelain --untracked-files=no | sed 's/^/uncommitted: /' >> "$dir/commit"
fi
tengen="tengen=$(printf '%q' "$dir/tengen") --playouts 5000 --threads 1 $*"
opponent=${OPPONENT:-gnugo=/usr/games/gnugo --mode gtp --chinese-rules --level 10}
[ "$opponent" = self ] && opponent="full=$(printf '%q' "$dir/tengen") --playouts 5000 --threads 1"
if [ "$role" = takes ]; then black=$tengen; white=$opponent; else black=$opponent; white=$tengen; fi
if [ ! -f "$dir/command" ]; then
    printf '%s\n' "$0 $role $size $stones $games $(printf '%q' "$dir") -- $*" \
        "engine1: $black" "engine2: $white" "OPPONENT=${OPPONENT:-}" "folder: $dir" > "$dir/command"
fi
"$dir/tengen" match --engine1 "$black" --engine2 "$white" --no-alternate \
    --handicap "$stones" --games "$games" --size "$size" --komi 0.5 --out "$dir" -j "${JOBS:-1}"
