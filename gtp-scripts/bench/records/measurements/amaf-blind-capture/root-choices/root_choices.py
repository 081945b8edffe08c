"""For tengen's moves in 13x13 records: the move of the defaults and of a tuning, and whether
each takes two or more stones."""
import glob, os, subprocess, sys
from sgfmill import sgf, boards
L = "ABCDEFGHJKLMNOPQRST"
BIN = os.environ.get("TENGEN", "target/release/tengen")
def engine(extra):
    return subprocess.Popen([BIN, "--playouts", "5000", "--threads", "1"] + extra,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
def ask(p, cmd):
    p.stdin.write(cmd + "\n"); p.stdin.flush()
    out = []
    while True:
        line = p.stdout.readline()
        if line.strip() == "" and out: break
        if line.strip(): out.append(line.strip())
    return out[0]
def name(rc, size):
    r, c = rc; return f"{L[c]}{r+1}"
def taken(board, color, mv, size):
    if mv.lower() in ("pass", "resign"): return 0
    c = L.index(mv[0]); r = int(mv[1:]) - 1
    b = board.copy()
    before = sum(1 for (cc, _) in b.list_occupied_points() if cc != color)
    try: b.play(r, c, color)
    except ValueError: return -1
    after = sum(1 for (cc, _) in b.list_occupied_points() if cc != color)
    return before - after
other = ["--seed", sys.argv[1][5:]] if sys.argv[1].startswith("seed=") else ["--tune", sys.argv[1]]
engines = {"defaults": engine(["--seed", "1"]), sys.argv[1]: engine(other + ([] if other[0] == "--seed" else ["--seed", "1"]))}
files = sorted(glob.glob(sys.argv[2]))
step = int(sys.argv[3]) if len(sys.argv) > 3 else 1
stats = {k: 0 for k in ["positions", "differ", "def_big", "new_big", "either_big"]}
for f in files:
    g = sgf.Sgf_game.from_bytes(open(f, "rb").read())
    size = g.get_size()
    tengen = "b" if "tengen" in (g.get_player_name("b") or "") else "w"
    moves = [n.get_move() for n in g.get_main_sequence()[1:]]
    board = boards.Board(size)
    cmds = []
    for i, (col, mv) in enumerate(moves):
        if col == tengen and i >= 10 and (i // 2) % step == 0:
            stats["positions"] += 1
            answers = {}
            for k, p in engines.items():
                ask(p, f"boardsize {size}"); ask(p, "clear_board"); ask(p, "komi 7.5")
                for cmd in cmds: ask(p, cmd)
                answers[k] = ask(p, f"genmove {col}")[2:]
            a, b = answers.values()
            ta, tb = taken(board, col, a, size), taken(board, col, b, size)
            if a != b: stats["differ"] += 1
            if ta >= 2: stats["def_big"] += 1
            if tb >= 2: stats["new_big"] += 1
            if a != b and (ta >= 2 or tb >= 2):
                stats["either_big"] += 1
                print(f"{f} move {i+1} {col}: defaults {a} ({ta}), tuned {b} ({tb})", flush=True)
        if mv is None:
            cmds.append(f"play {col} pass"); continue
        board.play(mv[0], mv[1], col); cmds.append(f"play {col} {name(mv, size)}")
    print(f, stats, flush=True)
print(stats)
