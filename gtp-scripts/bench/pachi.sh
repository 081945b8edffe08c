#!/usr/bin/env bash
# A match against Pachi (built without its neural net, see peers.md), komi 7.5, Chinese rules,
# colours alternating, through tengen's referee. It prints each result and writes the
# standings with a 95% interval and every game as SGF in the folder.
#
#   gtp-scripts/bench/pachi.sh BAR [GAMES] [FOLDER] [-- EXTRA TENGEN OPTIONS]
#
# BAR        both sides                              board   games at once
# 9x9-5k     5,000 playouts a move, 1 thread each     9x9     2
# 13x13-5k   5,000 playouts a move, 1 thread each     13x13   2
# 19x19-5k   5,000 playouts a move, 1 thread each     19x19   2
# 9x9-1k     1,000 playouts a move, 1 thread each     9x9     2   (a quick screen; Pachi
#                                                             starts each move afresh)
# 9x9-1s     1 s a move, 2 threads each               9x9     1   (Pachi keeps 2 s of every
#                                                             move for lag: it thinks 0.1 s)
# 9x9-30s    one clock for both, absolute 30 s a      9x9     1   (about 1 s a move)
#            side, 2 threads each
# 19x19-5min one clock for both, absolute 5 minutes   19x19   1   (equal time on the big
#            a side, 2 threads each                            board; about 2 s a move)
#
# SPRT=elo0=0,elo1=30 (any of elo0, elo1, alpha, beta) stops the match as soon as the
# referee's sequential test decides; GAMES is then the most games.
#
# PACHI names the binary (default target/peers/pachi/pachi) and PACHI_DATA its data folder
# (default the binary's folder). The first run copies target/release/tengen into the folder and
# records the commit and the command lines there; every later run of the same command resumes
# the match with that copy.
set -euo pipefail
cd "$(dirname "$0")/../.."
bar=${1:?BAR: 9x9-5k, 13x13-5k, 19x19-5k, 9x9-1k, 9x9-1s, 9x9-30s or 19x19-5min}
games=${2:-200}
dir=${3:-/tmp/tengen-pachi-$bar}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
extra="$*"
pachi=$(realpath "${PACHI:-target/peers/pachi/pachi}")
export DATA_DIR=$(realpath "${PACHI_DATA:-$(dirname "$pachi")}")
[ -x "$pachi" ] || { echo "no Pachi at $pachi: build it as gtp-scripts/bench/peers.md says" >&2; exit 2; }
clock=()
pachi_options="-r chinese --nodcnn --nojoseki -D -d 0 resign_threshold=0.05 pass_all_alive"
case $bar in
    9x9-5k | 13x13-5k | 19x19-5k)
        size=${bar%%x*}; jobs=2
        mine="--playouts 5000 --threads 1"
        theirs="-t =5000 threads=1 reportfreq=0.005s" ;;
    9x9-1k)
        # reset_tree=1: with its tree kept, Pachi may search fewer than 500 new playouts and
        # then aborts on an assertion when it weighs a pass; the referee leaves such crashes
        # out of its score.
        size=9; jobs=2
        mine="--playouts 1000 --threads 1"
        theirs="-t =1000 threads=1 reportfreq=0.002s reset_tree=1" ;;
    9x9-1s)
        size=9; jobs=1
        mine="--time 1 --threads 2"
        theirs="-t 1 threads=2" ;;
    9x9-30s)
        # The referee gives both the clock through GTP (time_settings, time_left).
        size=9; jobs=1; clock=(--clock "absolute 30")
        mine="--threads 2"
        theirs="threads=2" ;;
    19x19-5min)
        size=19; jobs=1; clock=(--clock "absolute 300")
        mine="--threads 2"
        theirs="threads=2" ;;
    *) echo "unknown bar $bar" >&2; exit 2 ;;
esac
mkdir -p "$dir"
# The referee splits a command as a shell does, so a path with spaces goes in quoted (a plain
# path stays as it is, and the command lines of matches begun before stay the same).
engine1="tengen=$(printf %q "$dir/tengen") $mine $extra"
engine2="pachi=$(printf %q "$pachi") $pachi_options $theirs"
if [ ! -x "$dir/tengen" ]; then
    cp target/release/tengen "$dir/tengen"
    git rev-parse HEAD > "$dir/commit"
    git status --porcelain --untracked-files=no | sed 's/^/uncommitted: /' >> "$dir/commit"
    # Written once: a later run with fewer GAMES (to write the standings) keeps the match's own.
    printf '%s\n' "$(printf '%q ' "$0" "$bar" "$games" "$dir")-- $extra" "engine1: $engine1" \
        "engine2: $engine2" "DATA_DIR=$DATA_DIR" "clock: ${clock[*]:-none}" \
        "sprt: ${SPRT:-none}" "folder: $dir" > "$dir/command"
elif [ "$(head -n 1 "$dir/commit")" != "$(git rev-parse HEAD)" ]; then
    # The folder keeps its own copy of tengen, so a resumed match stays one engine; say so,
    # since a fresh match was perhaps meant.
    echo "resuming the match in $dir with its copy of tengen from $(head -c 7 "$dir/commit")," \
        "not HEAD $(git rev-parse --short HEAD): use a new folder for a new match" >&2
fi
sprt=()
[ -n "${SPRT:-}" ] && sprt=(--sprt "$SPRT")
"$dir/tengen" match --engine1 "$engine1" --engine2 "$engine2" \
    --games "$games" --size "$size" --komi 7.5 --out "$dir" -j "$jobs" "${clock[@]}" "${sprt[@]}"
