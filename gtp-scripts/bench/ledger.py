#!/usr/bin/env python3
"""Adds a match to the records ledger (records/ledger.tsv): one line with its date, commit,
exact command, opponent, games, score and interval as the referee reported them, and what
was decided. With --keep NAME the full records (results.dat, standings.txt, the command lines,
the commit and the games as games.tar.xz) are kept under records/NAME/: only for the matches
the README cites. With --patch FILE a lost experiment's change is kept as
records/patches/NAME.diff beside its line. With --update a match that went on after its line
was written (a resumed one) rewrites that line, found by its date, commit and command, and the
full records it keeps, instead of adding a second line.

    gtp-scripts/bench/ledger.py MATCH_FOLDER 'WHAT WAS DECIDED' [--keep NAME] [--patch FILE]
                                [--entrant NAME] [--update]

The score is the referee's (crashes left out, 95% interval), from the last line of the
folder's standings.txt: the score of the entrant named tengen, or of --entrant NAME in a
match of tengen against itself. A match stopped early has none yet: run its command again
with --games set to the games already played, which plays nothing and writes the standings.
"""
import argparse
import pathlib
import re
import shutil
import sys
import tarfile

RECORDS = pathlib.Path(__file__).resolve().parent / "records"
COLUMNS = ["date", "commit", "command", "opponent", "games", "score", "interval", "decided",
           "record", "patch"]


def header(folder, key):
    """The value of a `# key:` line of results.dat."""
    for line in (folder / "results.dat").read_text().splitlines():
        if line.startswith(f"# {key}"):
            return line.split(":", 1)[1].strip() if ":" in line else line
    return ""


SCORE = r" (\S+)/(\d+) \(([0-9.]+)%, 95% CI ([0-9.]+)-([0-9.]+)%\)(.*)"


def score(folder, entrant):
    """(games, score, interval) from the referee's score line in standings.txt, which gives
    engine 1's score: the other entrant's is its complement (a handicap match, where engine 1
    takes the stones). With a sequential test, its verdict stands for the interval."""
    standings = folder / "standings.txt"
    if not standings.exists():
        sys.exit(f"{standings} is missing: finish the match, or run it again with --games "
                 "set to the games played")
    line = standings.read_text().strip().splitlines()[-1]
    found = re.match(re.escape(entrant) + SCORE, line)
    other = re.match(re.escape(opponent(folder, entrant)) + SCORE, line)
    if found:
        points, games, share, low, high, crashes = found.groups()
    elif other:
        points, games, share, low, high, crashes = other.groups()
        points = f"{float(games) - float(points):g}"
        share, low, high = (f"{100 - float(x):.1f}" for x in (share, high, low))
    else:
        sys.exit(f"no score of {entrant}'s at the end of {standings}: {line}")
    share, interval = f"{share}%", f"{low}-{high}%"
    verdict = [l[len("sprt: "):] for l in standings.read_text().splitlines() if l.startswith("sprt: ")]
    interval = verdict[0] if verdict else f"95% CI {interval}"
    return games, f"{points}/{games} ({share}){crashes}", interval


def opponent(folder, entrant):
    """The other entrant's name."""
    entrants = header(folder, "entrants").split()
    return next((e for e in entrants if e != entrant), "?")


def keep(folder, name, update):
    to = RECORDS / name
    if to.exists():
        if not update:
            sys.exit(f"{to} exists: --update to refresh the records of a match that went on")
        shutil.rmtree(to)
    to.mkdir(parents=True)
    for file in ("results.dat", "standings.txt", "command", "commit"):
        if (folder / file).exists():
            shutil.copy(folder / file, to / file)
    # The records only: the report's pictures of each game are drawn again from them.
    with tarfile.open(to / "games.tar.xz", "w:xz") as tar:
        for game in sorted((folder / "games").glob("*.sgf")):
            tar.add(game, arcname=f"games/{game.name}")
    return f"records/{name}/"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("decided")
    parser.add_argument("--keep", metavar="NAME")
    parser.add_argument("--patch", type=pathlib.Path)
    parser.add_argument("--entrant", default="tengen", help="whose score (tengen)")
    parser.add_argument("--update", action="store_true",
                        help="rewrite the match's line and kept records instead of adding")
    args = parser.parse_args()
    folder = args.folder
    started = header(folder, "tengen event results, started").split()[-1]
    commit = (folder / "commit").read_text().split()[0][:7] if (folder / "commit").exists() else ""
    command = (folder / "command").read_text().splitlines()[0] if (folder / "command").exists() \
        else header(folder, "commands")
    games, points, interval = score(folder, args.entrant)
    name = args.keep or folder.name
    record = keep(folder, args.keep, args.update) if args.keep else "not kept"
    patch = ""
    if args.patch:
        (RECORDS / "patches").mkdir(exist_ok=True)
        patch = f"patches/{name}.diff"
        shutil.copy(args.patch, RECORDS / patch)
    row = [started, commit, command, opponent(folder, args.entrant), games, points, interval, args.decided,
           record, patch]
    line = "\t".join(" ".join(field.split()) for field in row)
    write(line, args.update)
    print(line)


def write(line, update):
    """Adds the line to the ledger or, updating, puts it in place of the one line of the same
    date, commit and command."""
    ledger = RECORDS / "ledger.tsv"
    if not update:
        with ledger.open("a") as out:
            out.write(line + "\n")
        return
    lines = ledger.read_text().splitlines()
    key = line.split("\t")[:3]
    same = [i for i, old in enumerate(lines) if old.split("\t")[:3] == key]
    if len(same) != 1:
        sys.exit(f"--update: {len(same)} ledger lines have this match's date, commit and command")
    lines[same[0]] = line
    ledger.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
