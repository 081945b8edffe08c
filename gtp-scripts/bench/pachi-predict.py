#!/usr/bin/env python3
"""How often Pachi's pattern model (its prior without the neural net) names the move a strong
player chose, on the same test games as `examples/train_patterns.rs` measures tengen's move
model with: of a collection of ../shared/data/games/, every tenth game, then every k-th of
those, at most COUNT. Games with handicap stones are left out.

    gtp-scripts/bench/pachi-predict.py COLLECTION [COUNT]     e.g. pro-aeb-13x13 40

It drives `pachi -e pattern` through Pachi's `predict` command, which compares the model's
favourite with the move played and then plays that move. PACHI names the binary (default
target/peers/pachi/pachi), PACHI_DATA its data folder (default the binary's folder).
"""
import lzma
import os
import re
import sys
import tempfile

from benchlib import COLUMNS as LETTERS, pachi


def test_games(collection, count):
    path = os.path.join(os.path.dirname(__file__), "../../../shared/data/games", collection)
    lines = lzma.open(f"{path}.sgf.xz", "rt").read().splitlines()
    test = [line for i, line in enumerate(lines) if i % 10 == 9]
    stride = max(len(test) // max(count, 1), 1)
    return [g for g in test[::stride][:count] if not re.search(r"\bA[BW]\[", g)]


def moves(record):
    size = int(re.search(r"SZ\[(\d+)\]", record).group(1))
    for colour, xy in re.findall(r";([BW])\[([a-z]{0,2})\]", record):
        if len(xy) == 2 and ord(xy[0]) - 97 < size and ord(xy[1]) - 97 < size:
            yield size, colour.lower(), f"{LETTERS[ord(xy[0]) - 97]}{size - (ord(xy[1]) - 97)}"


def main():
    collection = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    games = test_games(collection, count)
    # Pachi tells its verdicts on stderr, and a lot of it: to a file, so that no pipe fills.
    with tempfile.TemporaryFile("w+") as log:
        engine = pachi(["-e", "pattern", "-d", "1"], stderr=log)
        ask = engine.ask
        for record in games:
            first = True
            for size, colour, point in moves(record):
                if first:
                    ask(f"boardsize {size}")
                    ask("clear_board")
                    ask("komi 7.5")
                    first = False
                ask(f"predict {colour} {point}")
        engine.close()
        log.seek(0)
        text = log.read()
    right = text.count("Correctly predicted")
    total = right + text.count("Wrong prediction")
    print(f"{collection}: {len(games)} games, Pachi's favourite is the move played "
          f"{right}/{total} = {100 * right / max(total, 1):.1f}%")


main()
