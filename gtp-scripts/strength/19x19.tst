# Whole-board problems on 19x19: positions from tengen's games against GNU Go where
# GNU Go 3.8 level 10 values one move at least 3 points above its second choice and
# tengen finds the same move with 50000 playouts on two threads.
# Made by `cargo run --release --example make_strength -- 19 30 50000 GAMES`.
# A fast proxy between matches, never a target on its own: run it with
# `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' 19x19.tst`.
# Problems tengen missed at that budget when the suite was made are marked `*`.

# GNU Go's margin: 31.0 points
loadsgf games/19x19-10k-final-g9.sgf 24
10 reg_genmove white
#? [Q12]

# GNU Go's margin: 28.3 points
loadsgf games/19x19-10k-g2.sgf 69
20 reg_genmove black
#? [M3]*

# GNU Go's margin: 3.9 points
loadsgf games/19x19-10k-final-g10.sgf 203
30 reg_genmove black
#? [O8]*

# GNU Go's margin: 46.5 points
loadsgf games/19x19-10k-final-g5.sgf 64
40 reg_genmove white
#? [J4]

# GNU Go's margin: 53.7 points
loadsgf games/19x19-10k-final-g7.sgf 164
50 reg_genmove white
#? [G5]

# GNU Go's margin: 14.5 points
loadsgf games/19x19-10k-final-g8.sgf 27
60 reg_genmove black
#? [Q6]

# GNU Go's margin: 41.5 points
loadsgf games/19x19-10k-g1.sgf 132
70 reg_genmove white
#? [E10]

# GNU Go's margin: 7.8 points
loadsgf games/19x19-10k-final-g7.sgf 124
80 reg_genmove white
#? [S9]*
