#!/usr/bin/env python3
"""The 19x19 opening bar: tengen's first move on an empty board at 5,000 playouts for seeds
1-20 (how many on the third or fourth line), then self-play games of 20 moves (each side's
first 10) for seeds 1-GAMES (default 5) in which every move on the first or second line is
listed, with whether it captured stones or saved a string in atari (the only reasons the bar
allows for such a move). One game is luck: each seed plays its own.

    gtp-scripts/bench/opening-19x19.py [TENGEN] [GAMES] [-- TENGEN OPTIONS]
"""
import sys

from benchlib import Gtp

LETTERS = "ABCDEFGHJKLMNOPQRST"
SIZE = 19


def point(name):
    return LETTERS.index(name[0].upper()), int(name[1:]) - 1


def line_of(name):
    col, row = point(name)
    return min(col, row, SIZE - 1 - col, SIZE - 1 - row) + 1


def stones(engine, color):
    return {point(n) for n in engine.text(f"list_stones {color}").split()}


def strings_in_atari(own, other):
    """The strings of `own` with one liberty."""
    seen, atari = set(), []
    for start in own:
        if start in seen:
            continue
        string, liberties, todo = {start}, set(), [start]
        while todo:
            c, r = todo.pop()
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if not (0 <= n[0] < SIZE and 0 <= n[1] < SIZE):
                    continue
                if n in own and n not in string:
                    string.add(n)
                    todo.append(n)
                elif n not in own and n not in other:
                    liberties.add(n)
        seen |= string
        if len(liberties) == 1:
            atari.append(liberties)
    return atari


def main():
    args = sys.argv[1:]
    extra = args[args.index("--") + 1:] if "--" in args else []
    args = args[:args.index("--")] if "--" in args else args
    tengen = args[0] if args else "target/release/tengen"
    base = [tengen, "--playouts", "5000", "--threads", "1"] + extra

    firsts = []
    for seed in range(1, 21):
        engine = Gtp(base + ["--seed", str(seed)])
        engine.text(f"boardsize {SIZE}")
        firsts.append(engine.text("genmove b"))
        engine.close()
    good = [m for m in firsts if line_of(m) in (3, 4)]
    print(f"first moves, seeds 1-20: {len(good)} of 20 on the third or fourth line: {' '.join(firsts)}")

    games = int(args[1]) if len(args) > 1 else 5
    spoilt = sum(self_play(base, seed) for seed in range(1, games + 1))
    print(f"self-play games with a first- or second-line move that neither captures nor saves: "
          f"{spoilt} of {games}")


def self_play(base, seed):
    """Plays and prints one self-play game; whether it has an unexcused edge move."""
    engine = Gtp(base + ["--seed", str(seed)])
    engine.text(f"boardsize {SIZE}")
    low, moves = [], []
    for turn in range(20):
        color, other = ("b", "w") if turn % 2 == 0 else ("w", "b")
        before_other = stones(engine, other)
        atari = strings_in_atari(stones(engine, color), before_other)
        move = engine.text(f"genmove {color}")
        moves.append(move)
        if move.lower() in ("pass", "resign") or line_of(move) > 2:
            continue
        captured = len(before_other - stones(engine, other))
        saved = any(point(move) in liberties for liberties in atari)
        why = "captures" if captured else "saves a string" if saved else "neither captures nor saves"
        low.append(f"{turn + 1}. {color.upper()} {move} ({why})")
    engine.close()
    print(f"self-play, seed {seed}: {' '.join(moves)}")
    for m in low:
        print("  " + m)
    return any("neither" in m for m in low)

if __name__ == "__main__":
    main()
