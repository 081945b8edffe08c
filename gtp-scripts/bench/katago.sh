#!/usr/bin/env bash
# A match against KataGo 1.17 on its CPU backend with the small b6c96 network of its own
# repository (built as peers.md says), 19x19, komi 7.5, Chinese rules, colours alternating,
# one search thread each, through tengen's referee: the ladder of #62.
#
#   gtp-scripts/bench/katago.sh BAR [GAMES] [FOLDER] [-- EXTRA TENGEN OPTIONS]
#
# BAR   KataGo                                   tengen
# vN    N visits a move (v1 is its raw policy)   5,000 playouts a move
# 2s    2 s a move                               2 s a move
#
# SPRT=elo0=-50,elo1=50 (any of elo0, elo1, alpha, beta) stops the match as soon as the
# referee's sequential test decides whether tengen is the stronger; GAMES is then the most
# games. KATAGO names the binary (default target/peers/katago/katago), KATAGO_NET the network
# and KATAGO_CFG the configuration it starts from (defaults: beside the binary,
# g170-b6c96.bin.gz and gtp_example.cfg), whose settings the command line overrides. The
# first run copies target/release/tengen into the folder with the commit and the command
# lines; every later run of the same command resumes the match with that copy.
set -euo pipefail
cd "$(dirname "$0")/../.."
bar=${1:?BAR: vN (KataGo at N visits) or 2s}
games=${2:-40}
dir=${3:-/tmp/tengen-katago-$bar}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
extra="$*"
katago=$(realpath "${KATAGO:-target/peers/katago/katago}")
net=$(realpath "${KATAGO_NET:-$(dirname "$katago")/g170-b6c96.bin.gz}")
cfg=$(realpath "${KATAGO_CFG:-$(dirname "$katago")/gtp_example.cfg}")
[ -x "$katago" ] || { echo "no KataGo at $katago: build it as gtp-scripts/bench/peers.md says" >&2; exit 2; }
# Chinese rules (komi from GTP), one thread, no pondering, a fixed search a move: the
# searchFactor settings would cut it short after a pass or when far ahead.
settings="rules=chinese,numSearchThreads=1,numEigenThreadsPerModel=1,ponderingEnabled=false"
settings+=",logToStderr=false,logDir=$dir/katago-logs,searchFactorAfterOnePass=1.0"
settings+=",searchFactorAfterTwoPass=1.0,searchFactorWhenWinning=1.0"
case $bar in
    v[0-9]*)
        mine="--playouts 5000 --threads 1"
        theirs="maxVisits=${bar#v}" ;;
    2s)
        mine="--time 2 --threads 1"
        theirs="maxTime=2,maxVisits=1000000000" ;;
    *) echo "unknown bar $bar" >&2; exit 2 ;;
esac
mkdir -p "$dir"
engine1="tengen=$(printf %q "$dir/tengen") $mine $extra"
engine2="katago=$(printf %q "$katago") gtp -model $(printf %q "$net") -config $(printf %q "$cfg") -override-config $settings,$theirs"
if [ ! -x "$dir/tengen" ]; then
    cp target/release/tengen "$dir/tengen"
    git rev-parse HEAD > "$dir/commit"
    git status --porcelain --untracked-files=no | sed 's/^/uncommitted: /' >> "$dir/commit"
    printf '%s\n' "$(printf '%q ' "$0" "$bar" "$games" "$dir")-- $extra" "engine1: $engine1" \
        "engine2: $engine2" "sprt: ${SPRT:-none}" "folder: $dir" > "$dir/command"
fi
sprt=()
[ -n "${SPRT:-}" ] && sprt=(--sprt "$SPRT")
"$dir/tengen" match --engine1 "$engine1" --engine2 "$engine2" \
    --games "$games" --size 19 --komi 7.5 --out "$dir" -j 1 "${sprt[@]}"
