# Tactics: capture a string in atari, save an own string in atari, do not self-atari.
# Positions from tengen's own playouts, each answer confirmed by GNU Go 3.8 level 10.
# Made by `cargo run --release --example make_tactics`; run with a fixed budget, e.g.
# `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' tactics.tst`.

loadsgf sgf/001-no-self-atari.sgf
10 reg_genmove black
#? [!J6]

loadsgf sgf/002-capture.sgf
20 reg_genmove white
#? [G3]

loadsgf sgf/003-capture.sgf
30 reg_genmove black
#? [F2]

loadsgf sgf/004-no-self-atari.sgf
40 reg_genmove black
#? [!C7]

loadsgf sgf/005-no-self-atari.sgf
50 reg_genmove black
#? [!B8]

loadsgf sgf/006-no-self-atari.sgf
60 reg_genmove black
#? [!H2]

loadsgf sgf/007-no-self-atari.sgf
70 reg_genmove black
#? [!D1]

loadsgf sgf/008-no-self-atari.sgf
80 reg_genmove black
#? [!G8]

loadsgf sgf/009-capture.sgf
90 reg_genmove black
#? [B7]*

loadsgf sgf/010-capture.sgf
100 reg_genmove black
#? [D11]

loadsgf sgf/011-capture.sgf
110 reg_genmove black
#? [D11]

loadsgf sgf/012-no-self-atari.sgf
120 reg_genmove black
#? [!K13]

loadsgf sgf/013-escape.sgf
130 reg_genmove black
#? [A5]

loadsgf sgf/014-no-self-atari.sgf
140 reg_genmove white
#? [!K5]

loadsgf sgf/015-no-self-atari.sgf
150 reg_genmove white
#? [!J1]

loadsgf sgf/016-no-self-atari.sgf
160 reg_genmove black
#? [!B10]

loadsgf sgf/017-capture.sgf
170 reg_genmove black
#? [F1]

loadsgf sgf/018-capture.sgf
180 reg_genmove white
#? [J1]

loadsgf sgf/019-capture.sgf
190 reg_genmove white
#? [G9]

loadsgf sgf/020-no-self-atari.sgf
200 reg_genmove black
#? [!J4]

loadsgf sgf/021-escape.sgf
210 reg_genmove white
#? [F5]

loadsgf sgf/022-no-self-atari.sgf
220 reg_genmove white
#? [!A3]

loadsgf sgf/023-no-self-atari.sgf
230 reg_genmove black
#? [!D1]

loadsgf sgf/024-capture.sgf
240 reg_genmove black
#? [G7]

loadsgf sgf/025-no-self-atari.sgf
250 reg_genmove white
#? [!H2]

loadsgf sgf/026-escape.sgf
260 reg_genmove white
#? [F2]

loadsgf sgf/027-no-self-atari.sgf
270 reg_genmove white
#? [!B4]

loadsgf sgf/028-no-self-atari.sgf
280 reg_genmove white
#? [!L13]

loadsgf sgf/029-no-self-atari.sgf
290 reg_genmove white
#? [!J7]

loadsgf sgf/030-no-self-atari.sgf
300 reg_genmove white
#? [!H2]

loadsgf sgf/031-no-self-atari.sgf
310 reg_genmove white
#? [!J8]

loadsgf sgf/032-no-self-atari.sgf
320 reg_genmove black
#? [!G7]

loadsgf sgf/033-no-self-atari.sgf
330 reg_genmove black
#? [!L13]

loadsgf sgf/034-no-self-atari.sgf
340 reg_genmove white
#? [!B6]

loadsgf sgf/035-no-self-atari.sgf
350 reg_genmove black
#? [!A6]

loadsgf sgf/036-capture.sgf
360 reg_genmove black
#? [J6]

loadsgf sgf/037-capture.sgf
370 reg_genmove black
#? [J6]

loadsgf sgf/038-capture.sgf
380 reg_genmove black
#? [L7]*

loadsgf sgf/039-escape.sgf
390 reg_genmove black
#? [D8]

loadsgf sgf/040-escape.sgf
400 reg_genmove white
#? [E4]

loadsgf sgf/041-escape.sgf
410 reg_genmove white
#? [D5]

loadsgf sgf/042-capture.sgf
420 reg_genmove white
#? [C2]

loadsgf sgf/043-escape.sgf
430 reg_genmove white
#? [G10]

loadsgf sgf/044-escape.sgf
440 reg_genmove white
#? [C6]

loadsgf sgf/045-escape.sgf
450 reg_genmove black
#? [G3]

loadsgf sgf/046-capture.sgf
460 reg_genmove black
#? [F9]

loadsgf sgf/047-escape.sgf
470 reg_genmove black
#? [C2]

loadsgf sgf/048-capture.sgf
480 reg_genmove black
#? [G7]*

loadsgf sgf/049-capture.sgf
490 reg_genmove white
#? [J1]

loadsgf sgf/050-escape.sgf
500 reg_genmove white
#? [J5]

loadsgf sgf/051-escape.sgf
510 reg_genmove black
#? [L5]

loadsgf sgf/052-capture.sgf
520 reg_genmove black
#? [G7]

loadsgf sgf/053-capture.sgf
530 reg_genmove black
#? [J2]

loadsgf sgf/054-escape.sgf
540 reg_genmove white
#? [E8]

loadsgf sgf/055-escape.sgf
550 reg_genmove white
#? [C6]

loadsgf sgf/056-escape.sgf
560 reg_genmove white
#? [D6]

loadsgf sgf/057-capture.sgf
570 reg_genmove white
#? [E1]

loadsgf sgf/058-capture.sgf
580 reg_genmove white
#? [J7]*

loadsgf sgf/059-escape.sgf
590 reg_genmove white
#? [J8]

loadsgf sgf/060-capture.sgf
600 reg_genmove white
#? [G7]*

loadsgf sgf/061-capture.sgf
610 reg_genmove white
#? [M4]*

loadsgf sgf/062-escape.sgf
620 reg_genmove white
#? [F5]

loadsgf sgf/063-capture.sgf
630 reg_genmove white
#? [G3]

loadsgf sgf/064-escape.sgf
640 reg_genmove black
#? [E8]

loadsgf sgf/065-escape.sgf
650 reg_genmove white
#? [H6]

loadsgf sgf/066-escape.sgf
660 reg_genmove white
#? [L2]
