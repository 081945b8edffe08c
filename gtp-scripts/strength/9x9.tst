# Whole-board problems on 9x9: positions from tengen's games against GNU Go where
# GNU Go 3.8 level 10 values one move at least 3 points above its second choice and
# tengen finds the same move with 100000 playouts on two threads.
# Made by `cargo run --release --example make_strength -- 9 40 100000 GAMES`.
# A fast proxy between matches, never a target on its own: run it with
# `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' 9x9.tst`.
# Problems tengen misses at that budget are marked `*`; a change to the playouts moves
# some either way at seed 0, so the marks follow the engine (check a change at other seeds).

# GNU Go's margin: 7.3 points
loadsgf games/9x9-5k-50a5ff7-g103.sgf 9
10 reg_genmove black
#? [D5]

# GNU Go's margin: 13.1 points
loadsgf games/9x9-5k-50a5ff7-g104.sgf 19
20 reg_genmove black
#? [F3]

# GNU Go's margin: 11.7 points
loadsgf games/9x9-5k-50a5ff7-g105.sgf 11
30 reg_genmove black
#? [E3]*

# GNU Go's margin: 3.6 points
loadsgf games/9x9-5k-50a5ff7-g108.sgf 21
40 reg_genmove black
#? [J1]

# GNU Go's margin: 17.9 points
loadsgf games/9x9-5k-50a5ff7-g11.sgf 15
50 reg_genmove black
#? [C7]

# GNU Go's margin: 3.5 points
loadsgf games/9x9-5k-50a5ff7-g112.sgf 24
60 reg_genmove white
#? [C6]

# GNU Go's margin: 10.3 points
loadsgf games/9x9-5k-50a5ff7-g120.sgf 11
70 reg_genmove black
#? [H6]

# GNU Go's margin: 3.0 points
loadsgf games/9x9-5k-50a5ff7-g129.sgf 43
80 reg_genmove black
#? [G2]

# GNU Go's margin: 42.3 points
loadsgf games/9x9-5k-50a5ff7-g130.sgf 45
90 reg_genmove black
#? [F5]

# GNU Go's margin: 7.1 points
loadsgf games/9x9-5k-50a5ff7-g134.sgf 9
100 reg_genmove black
#? [C8]*

# GNU Go's margin: 23.9 points
loadsgf games/9x9-5k-50a5ff7-g143.sgf 10
110 reg_genmove white
#? [E8]

# GNU Go's margin: 16.2 points
loadsgf games/9x9-5k-50a5ff7-g147.sgf 9
120 reg_genmove black
#? [F6]

# GNU Go's margin: 11.0 points
loadsgf games/9x9-5k-50a5ff7-g151.sgf 13
130 reg_genmove black
#? [G3]

# GNU Go's margin: 3.2 points
loadsgf games/9x9-5k-50a5ff7-g153.sgf 10
140 reg_genmove white
#? [B5]

# GNU Go's margin: 29.9 points
loadsgf games/9x9-5k-50a5ff7-g155.sgf 13
150 reg_genmove black
#? [E2]

# GNU Go's margin: 26.1 points
loadsgf games/9x9-5k-50a5ff7-g167.sgf 29
160 reg_genmove black
#? [E6]

# GNU Go's margin: 7.1 points
loadsgf games/9x9-5k-50a5ff7-g177.sgf 16
170 reg_genmove white
#? [G5]

# GNU Go's margin: 31.3 points
loadsgf games/9x9-5k-50a5ff7-g186.sgf 20
180 reg_genmove white
#? [D2]

# GNU Go's margin: 75.3 points
loadsgf games/9x9-5k-50a5ff7-g21.sgf 10
190 reg_genmove white
#? [G4]

# GNU Go's margin: 13.3 points
loadsgf games/9x9-5k-50a5ff7-g26.sgf 10
200 reg_genmove white
#? [H5]*

# GNU Go's margin: 24.4 points
loadsgf games/9x9-5k-50a5ff7-g28.sgf 17
210 reg_genmove black
#? [G8]*

# GNU Go's margin: 7.8 points
loadsgf games/9x9-5k-50a5ff7-g3.sgf 10
220 reg_genmove white
#? [C3]*

# GNU Go's margin: 9.4 points
loadsgf games/9x9-5k-50a5ff7-g33.sgf 27
230 reg_genmove black
#? [F5]

# GNU Go's margin: 6.6 points
loadsgf games/9x9-5k-50a5ff7-g34.sgf 10
240 reg_genmove white
#? [E2]

# GNU Go's margin: 3.1 points
loadsgf games/9x9-5k-50a5ff7-g35.sgf 25
250 reg_genmove black
#? [B5]*

# GNU Go's margin: 17.6 points
loadsgf games/9x9-5k-50a5ff7-g39.sgf 12
260 reg_genmove white
#? [G5]

# GNU Go's margin: 16.6 points
loadsgf games/9x9-5k-50a5ff7-g4.sgf 17
270 reg_genmove black
#? [F3]*

# GNU Go's margin: 37.7 points
loadsgf games/9x9-5k-50a5ff7-g40.sgf 10
280 reg_genmove white
#? [E7]

# GNU Go's margin: 3.2 points
loadsgf games/9x9-5k-50a5ff7-g56.sgf 21
290 reg_genmove black
#? [C6]

# GNU Go's margin: 29.4 points
loadsgf games/9x9-5k-50a5ff7-g58.sgf 37
300 reg_genmove black
#? [E6]

# GNU Go's margin: 46.5 points
loadsgf games/9x9-5k-50a5ff7-g59.sgf 10
310 reg_genmove white
#? [C4]

# GNU Go's margin: 25.3 points
loadsgf games/9x9-5k-50a5ff7-g60.sgf 29
320 reg_genmove black
#? [G5]*

# GNU Go's margin: 5.1 points
loadsgf games/9x9-5k-50a5ff7-g65.sgf 28
330 reg_genmove white
#? [A3]

# GNU Go's margin: 27.8 points
loadsgf games/9x9-5k-50a5ff7-g67.sgf 19
340 reg_genmove black
#? [B5]*

# GNU Go's margin: 12.4 points
loadsgf games/9x9-5k-50a5ff7-g70.sgf 20
350 reg_genmove white
#? [E3]

# GNU Go's margin: 4.7 points
loadsgf games/9x9-5k-50a5ff7-g85.sgf 38
360 reg_genmove white
#? [H7]

# GNU Go's margin: 4.5 points
loadsgf games/9x9-5k-50a5ff7-g89.sgf 23
370 reg_genmove black
#? [E6]

# GNU Go's margin: 11.4 points
loadsgf games/9x9-5k-50a5ff7-g9.sgf 51
380 reg_genmove black
#? [J8]

# GNU Go's margin: 36.9 points
loadsgf games/9x9-5k-50a5ff7-g92.sgf 24
390 reg_genmove white
#? [A7]

# GNU Go's margin: 11.9 points
loadsgf games/9x9-5k-50a5ff7-g95.sgf 18
400 reg_genmove white
#? [B2]
