#!/usr/bin/env python3
"""tengen's score in a match folder's results.dat, with a 95% Wilson interval, leaving out the
games the opponent forfeited by crashing ("engine closed its output"): Pachi 12.90 aborts on an
assertion when it weighs a pass with fewer than 500 playouts of ownership, which happens at
1,000 playouts a move (its tree reuse leaves few new playouts). Such a game is no game.

    gtp-scripts/bench/tally.py FOLDER [FOLDER ...]
"""
import math
import sys


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def tally(folder):
    wins = games = crashes = 0
    for line in open(f"{folder}/results.dat"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        black, white, result = cols[2], cols[3], cols[4]
        ruling = cols[14] if len(cols) > 14 else ""
        if "Forfeit" in result and "closed its output" in ruling:
            loser = white if result.startswith("B") else black
            if loser != "tengen":
                crashes += 1
                continue
        games += 1
        winner = black if result.startswith("B") else white
        wins += winner == "tengen"
    low, high = wilson(wins, games)
    print(f"{folder}: tengen {wins}/{games} ({100 * wins / max(games, 1):.1f}%, "
          f"95% CI {100 * low:.1f}-{100 * high:.1f}%), {crashes} opponent crashes left out")


for folder in sys.argv[1:]:
    tally(folder)
