# Whole-board problems on 19x19: positions from tengen's games against GNU Go where
# GNU Go 3.8 level 10 values one move at least 3 points above its second choice and
# tengen finds the same move with 50000 playouts on two threads.
# Made by `cargo run --release --example make_strength -- 19 30 50000 GAMES`.
# A fast proxy between matches, never a target on its own: run it with
# `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' 19x19.tst`.
# Problems tengen misses at that budget are marked `*`; a change to the playouts moves
# some either way at seed 0, so the marks follow the engine (check a change at other seeds).

# GNU Go's margin: 31.0 points
loadsgf games/19x19-10k-final-g9.sgf 24
10 reg_genmove white
#? [Q12]

# GNU Go's margin: 8.1 points
loadsgf games/19x19-10k-ladder-g13.sgf 92
20 reg_genmove white
#? [N6]

# GNU Go's margin: 12.0 points
loadsgf games/19x19-10k-ladder-g16.sgf 45
30 reg_genmove black
#? [D12]

# GNU Go's margin: 8.9 points
loadsgf games/19x19-10k-ladder-g25.sgf 90
40 reg_genmove white
#? [D15]*

# GNU Go's margin: 6.6 points
loadsgf games/19x19-10k-ladder-g38.sgf 158
50 reg_genmove white
#? [B12]

# GNU Go's margin: 10.1 points
loadsgf games/19x19-10k-ladder-g42.sgf 98
60 reg_genmove white
#? [F2]

# GNU Go's margin: 5.4 points
loadsgf games/19x19-10k-ladder-g50.sgf 138
70 reg_genmove white
#? [D10]

# GNU Go's margin: 8.1 points
loadsgf games/19x19-5s-g1.sgf 163
80 reg_genmove black
#? [B13]

# GNU Go's margin: 33.7 points
loadsgf games/19x19-5s-g14.sgf 139
90 reg_genmove black
#? [S17]

# GNU Go's margin: 14.7 points
loadsgf games/19x19-5s-g16.sgf 19
100 reg_genmove black
#? [P7]*

# GNU Go's margin: 5.1 points
loadsgf games/19x19-5s-g21.sgf 114
110 reg_genmove white
#? [L12]*

# GNU Go's margin: 71.2 points
loadsgf games/19x19-5s-g22.sgf 179
120 reg_genmove black
#? [K9]

# GNU Go's margin: 5.4 points
loadsgf games/19x19-10k-final-g1.sgf 137
130 reg_genmove black
#? [E5]

# GNU Go's margin: 64.2 points
loadsgf games/19x19-10k-final-g5.sgf 122
140 reg_genmove white
#? [O18]*

# GNU Go's margin: 10.9 points
loadsgf games/19x19-10k-final-g6.sgf 37
150 reg_genmove black
#? [Q3]

# GNU Go's margin: 12.5 points
loadsgf games/19x19-10k-ladder-g17.sgf 97
160 reg_genmove black
#? [E12]

# GNU Go's margin: 7.7 points
loadsgf games/19x19-10k-ladder-g30.sgf 174
170 reg_genmove white
#? [C13]

# GNU Go's margin: 54.0 points
loadsgf games/19x19-10k-ladder-g6.sgf 26
180 reg_genmove white
#? [P17]

# GNU Go's margin: 24.8 points
loadsgf games/19x19-5s-g1.sgf 175
190 reg_genmove black
#? [E10]

# GNU Go's margin: 26.7 points
loadsgf games/19x19-5s-g15.sgf 139
200 reg_genmove black
#? [S18]

# GNU Go's margin: 40.6 points
loadsgf games/19x19-5s-g16.sgf 131
210 reg_genmove black
#? [S15]

# GNU Go's margin: 65.7 points
loadsgf games/19x19-5s-g8.sgf 95
220 reg_genmove black
#? [O3]

# GNU Go's margin: 25.8 points
loadsgf games/19x19-5s-g9.sgf 50
230 reg_genmove white
#? [K12]

# GNU Go's margin: 54.7 points
loadsgf games/19x19-10k-g3.sgf 156
240 reg_genmove white
#? [H4]

# GNU Go's margin: 17.2 points
loadsgf games/19x19-10k-final-g2.sgf 119
250 reg_genmove black
#? [F15]

# GNU Go's margin: 56.4 points
loadsgf games/19x19-10k-final-g5.sgf 126
260 reg_genmove white
#? [M9]

# GNU Go's margin: 47.0 points
loadsgf games/19x19-10k-ladder-g2.sgf 81
270 reg_genmove black
#? [Q14]

# GNU Go's margin: 15.1 points
loadsgf games/19x19-10k-ladder-g40.sgf 93
280 reg_genmove black
#? [O10]

# GNU Go's margin: 15.6 points
loadsgf games/19x19-10k-ladder-g8.sgf 29
290 reg_genmove black
#? [B9]

# GNU Go's margin: 30.9 points
loadsgf games/19x19-5s-g12.sgf 63
300 reg_genmove black
#? [H18]
