# Area counting (art. 9, 11): stones plus surrounded points, dame shared, komi 7.5 by default,
# one point to White per handicap stone, dead stones removed.

# Black owns columns A-E, White F-J; White C7 and Black H4 are dead.
boardsize 9
clear_board
play b e1
play w f1
play b e2
play w f2
play b e3
play w f3
play b e4
play w f4
play b e5
play w f5
play b e6
play w f6
play b e7
play w f7
play b e8
play w f8
play b e9
play w f9
play w c7
play b h4
10 final_status_list dead
#? [H4\nC7]

20 final_score
#? [B\+1\.5]

komi 0
30 final_score
#? [B\+9\.0]

komi 9
40 final_score
#? [0]

komi 6.5
50 final_score
#? [B\+2\.5]

# A column of dame between two walls is shared.
boardsize 5
clear_board
komi 0.5
play b b1
play w d1
play b b2
play w d2
play b b3
play w d3
play b b4
play w d4
play b b5
play w d5
60 final_score
#? [W\+0\.5]

70 final_status_list dead
#? []

# Handicap compensation: 2 stones on an otherwise even split give White 2 more points.
boardsize 5
clear_board
komi 0.5
set_free_handicap b2 b4
play w d1
play b b1
play w d2
play b b3
play w d3
play b b5
play w d4
play w d5
80 final_score
#? [W\+2\.5]

# No seki in the corner, though it looks like one: Black sacrifices three stones at A2,
# White captures at B1 and is left with a bent three whose vital point Black then takes.
# White is dead (GNU Go 3.8 agrees).
loadsgf sgf/corner_seki.sgf
90 final_status_list seki
#? []

100 final_status_list dead
#? [C1 C2 A3 B3 C3]

110 final_score
#? [B\+17\.5]

# A real seki: the two Black strings inside White's ring and the ring share C3 and D4;
# whoever plays there first is captured. The stones stay, C3 and D4 are dame (GNU Go 3.8
# agrees: B+39.5).
loadsgf sgf/ring_seki.sgf
120 final_status_list seki
#? [B1 C1 D1 E1 B2 E2 B3 E3 B4 E4 B5 E5 B6 C6 D6 E6\nC2 D2 D3\nC4 C5 D5]

130 final_status_list dead
#? []

140 final_score
#? [B\+39\.5]

# Dead by nakade: Black's eight stones in the upper right have a big eye, but White kills
# them by sacrificing three stones inside and playing the vital point (GNU Go 3.8 agrees).
loadsgf sgf/nakade_kill.sgf
play b pass
150 final_status_list dead
#? [H6 G7 H7 J7 F8 G8 J8 F9]

160 final_score
#? [W\+14\.5]
