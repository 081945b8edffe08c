//! Who plays whom (art. 25–26): a match of N games, single and double round robin, knockout,
//! and Swiss-style pairing by score (积分编排). Every schedule is a function of the entrants
//! and the results so far, so a resumed event, or another machine running a shard, finds the
//! very same games under the very same names.

use std::collections::HashSet;

use super::results::Record;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Two entrants, this many games, colours alternating (engine 1 Black in odd games), or
    /// engine 1 Black in every game (a handicap match).
    Match { games: usize, alternate: bool },
    /// Everyone plays everyone once (`cycles` 1) or twice with colours swapped (2).
    RoundRobin { cycles: usize },
    /// Single elimination; each pairing plays `games` games (colours alternating, the higher
    /// seed Black first), then single games until one side leads, at most four; still level,
    /// the higher seed goes on. Byes for the top seeds when the field is not a power of two.
    Knockout { games: usize },
    /// `rounds` rounds paired by score, never the same pairing twice while that can be
    /// avoided; with an odd field the lowest-placed entrant without a bye gets one (2 points).
    Swiss { rounds: usize },
}

/// A game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub id: String,
    pub round: usize,
    pub black: usize,
    pub white: usize,
    /// The game's place in the whole schedule (formats known in advance only), for shards.
    pub index: usize,
}

impl Format {
    /// The format in words: `a match of 200 games`.
    pub fn describe(self) -> String {
        match self {
            Format::Match {
                games,
                alternate: true,
            } => format!("a match of {games} games"),
            Format::Match { games, .. } => {
                format!("a match of {games} games, the first entrant Black in every game")
            }
            Format::RoundRobin { cycles: 1 } => "a round robin".into(),
            Format::RoundRobin { cycles } => format!("a round robin of {cycles} cycles"),
            Format::Knockout { games } => format!("a knockout of {games} games a pairing"),
            Format::Swiss { rounds } => format!("a Swiss event of {rounds} rounds"),
        }
    }

    /// All the games are known before the first is played (shards need this).
    pub fn is_fixed(self) -> bool {
        matches!(self, Format::Match { .. } | Format::RoundRobin { .. })
    }

    /// Games the event will have, about (for the progress line).
    pub fn expected_games(self, entrants: usize) -> usize {
        match self {
            Format::Match { games, .. } => games,
            Format::RoundRobin { cycles } => cycles * entrants * entrants.saturating_sub(1) / 2,
            Format::Knockout { games } => games * entrants.saturating_sub(1),
            Format::Swiss { rounds } => rounds * (entrants / 2),
        }
    }
}

/// The games that can be played now and have no result yet; empty when the event is over.
pub fn next_games(format: Format, entrants: usize, results: &[Record]) -> Vec<Pairing> {
    let done: HashSet<&str> = results.iter().map(|r| r.id.as_str()).collect();
    let open = |games: Vec<Pairing>| -> Vec<Pairing> {
        games
            .into_iter()
            .filter(|p| !done.contains(p.id.as_str()))
            .collect()
    };
    match format {
        Format::Match { games, alternate } => open(match_games(games, alternate)),
        Format::RoundRobin { cycles } => open(round_robin(entrants, cycles)),
        Format::Knockout { games } => {
            let mut alive: Vec<usize> = bracket_order(entrants);
            for round in 1.. {
                let (games, winners) = knockout_round(&alive, round, games, results);
                let games = open(games);
                if !games.is_empty() || winners.len() <= 1 {
                    return games;
                }
                alive = winners;
            }
            unreachable!("the loop returns")
        }
        Format::Swiss { rounds } => {
            for round in 1..=rounds {
                let (pairs, _) = swiss_round(entrants, round, results);
                let games = open(pairs);
                if !games.is_empty() {
                    return games;
                }
            }
            Vec::new()
        }
    }
}

fn match_games(games: usize, alternate: bool) -> Vec<Pairing> {
    (0..games)
        .map(|i| {
            let black = if alternate { i % 2 } else { 0 };
            Pairing {
                id: format!("g{}", i + 1),
                round: i + 1,
                black,
                white: 1 - black,
                index: i,
            }
        })
        .collect()
}

/// The circle method: entrant 0 stays, the others turn; an odd field gets a resting place.
/// Black goes to whoever has had it less often so far; the second cycle swaps every colour.
fn round_robin(entrants: usize, cycles: usize) -> Vec<Pairing> {
    let seats = entrants + entrants % 2;
    let rounds = seats.saturating_sub(1);
    let mut blacks = vec![0usize; entrants];
    let mut first_cycle = Vec::new();
    for r in 0..rounds {
        let seat = |k: usize| if k == 0 { 0 } else { 1 + (k - 1 + r) % rounds };
        for k in 0..seats / 2 {
            let (a, b) = (seat(k), seat(seats - 1 - k));
            if a >= entrants || b >= entrants {
                continue;
            }
            let a_first = blacks[a] < blacks[b] || (blacks[a] == blacks[b] && (r + k) % 2 == 0);
            let (black, white) = if a_first { (a, b) } else { (b, a) };
            blacks[black] += 1;
            first_cycle.push((r + 1, black, white));
        }
    }
    let mut games = Vec::new();
    for cycle in 0..cycles {
        for &(r, black, white) in &first_cycle {
            let (black, white) = if cycle % 2 == 1 {
                (white, black)
            } else {
                (black, white)
            };
            let round = cycle * rounds + r;
            games.push(Pairing {
                id: format!("r{round}-{black}v{white}"),
                round,
                black,
                white,
                index: games.len(),
            });
        }
    }
    games
}

/// Seeds in bracket order: 1 meets 2 only in the final (seeds are entrant numbers).
fn bracket_order(entrants: usize) -> Vec<usize> {
    let size = entrants.next_power_of_two().max(2);
    let mut order = vec![0];
    while order.len() < size {
        let n = 2 * order.len();
        order = order.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    // Seats beyond the field are byes.
    order
        .into_iter()
        .map(|s| if s < entrants { s } else { usize::MAX })
        .collect()
}

/// The games of a knockout round among `alive` (in bracket order, `usize::MAX` a bye) and the
/// winners known so far, in bracket order (only complete when no game is left to play).
fn knockout_round(
    alive: &[usize],
    round: usize,
    base_games: usize,
    results: &[Record],
) -> (Vec<Pairing>, Vec<usize>) {
    let mut games = Vec::new();
    let mut winners = Vec::new();
    for pair in alive.chunks(2) {
        let (a, b) = (pair[0], *pair.get(1).unwrap_or(&usize::MAX));
        if a == usize::MAX || b == usize::MAX {
            winners.push(a.min(b));
            continue;
        }
        // The higher seed (lower number) is Black in the first game.
        let (high, low) = (a.min(b), a.max(b));
        let id = |g: usize| format!("r{round}-{high}v{low}-g{g}");
        let played: Vec<&Record> = results
            .iter()
            .filter(|r| r.round == round && r.involves(high) && r.involves(low))
            .collect();
        let score = |e: usize| played.iter().map(|r| r.points(e)).sum::<u32>();
        let needed = if played.len() < base_games {
            base_games
        } else if score(high) == score(low) && played.len() < base_games + 4 {
            played.len() + 1
        } else {
            winners.push(if score(low) > score(high) { low } else { high });
            continue;
        };
        for g in played.len() + 1..=needed {
            let (black, white) = if g % 2 == 1 { (high, low) } else { (low, high) };
            games.push(Pairing {
                id: id(g),
                round,
                black,
                white,
                index: 0,
            });
        }
    }
    (games, winners)
}

/// Points so far (byes included) of each entrant, from the results of rounds before `round`.
fn swiss_scores(entrants: usize, round: usize, results: &[Record], byes: &[usize]) -> Vec<u32> {
    (0..entrants)
        .map(|e| {
            let games: u32 = results
                .iter()
                .filter(|r| r.round < round && r.involves(e))
                .map(|r| r.points(e))
                .sum();
            games + 2 * byes.iter().filter(|&&b| b == e).count() as u32
        })
        .collect()
}

/// The games of Swiss round `round` and the byes of rounds 1 to `round`.
pub fn swiss_round(
    entrants: usize,
    round: usize,
    results: &[Record],
) -> (Vec<Pairing>, Vec<usize>) {
    let mut byes = Vec::new();
    let mut games = Vec::new();
    for r in 1..=round {
        let scores = swiss_scores(entrants, r, results, &byes);
        // By score, then by seed.
        let mut order: Vec<usize> = (0..entrants).collect();
        order.sort_by_key(|&e| (std::cmp::Reverse(scores[e]), e));
        if order.len() % 2 == 1 {
            let bye = *order
                .iter()
                .rev()
                .find(|e| !byes.contains(e))
                .unwrap_or(&order[order.len() - 1]);
            order.retain(|&e| e != bye);
            byes.push(bye);
        }
        let met = |a: usize, b: usize| {
            results
                .iter()
                .any(|g| g.round < r && g.involves(a) && g.involves(b))
        };
        let pairs = if r == 1 {
            // Top half against bottom half.
            let half = order.len() / 2;
            (0..half).map(|i| (order[i], order[i + half])).collect()
        } else {
            pair_unmet(&order, &met)
                .unwrap_or_else(|| order.chunks(2).map(|c| (c[0], c[1])).collect())
        };
        if r == round {
            games = pairs
                .into_iter()
                .map(|(a, b)| {
                    let (black, white) = swiss_colours(a, b, r, results);
                    Pairing {
                        id: format!("r{r}-{black}v{white}"),
                        round: r,
                        black,
                        white,
                        index: 0,
                    }
                })
                .collect();
        }
    }
    (games, byes)
}

/// Pairs the list in order, each with the best-placed entrant it has not met; backtracks when
/// that leaves someone without an opponent. `None` if no such pairing exists.
fn pair_unmet(order: &[usize], met: &impl Fn(usize, usize) -> bool) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = order.split_first() else {
        return Some(Vec::new());
    };
    for (i, &other) in rest.iter().enumerate() {
        if met(first, other) {
            continue;
        }
        let remaining: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &e)| e)
            .collect();
        if let Some(mut pairs) = pair_unmet(&remaining, met) {
            pairs.insert(0, (first, other));
            return Some(pairs);
        }
    }
    None
}

/// Black goes to the one who has had Black less often; if even, the better placed in odd
/// rounds, the other in even rounds.
fn swiss_colours(a: usize, b: usize, round: usize, results: &[Record]) -> (usize, usize) {
    let blacks = |e: usize| {
        results
            .iter()
            .filter(|r| r.round < round && r.black == e)
            .count()
    };
    match blacks(a).cmp(&blacks(b)) {
        std::cmp::Ordering::Less => (a, b),
        std::cmp::Ordering::Greater => (b, a),
        std::cmp::Ordering::Equal if round % 2 == 1 => (a, b),
        std::cmp::Ordering::Equal => (b, a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays every game of `games` as a win for the lower entrant number.
    fn lower_wins(games: &[Pairing]) -> Vec<Record> {
        games
            .iter()
            .map(|p| {
                let result = if p.black < p.white {
                    "B+Resign"
                } else {
                    "W+Resign"
                };
                Record {
                    round: p.round,
                    ..Record::example(&p.id, p.black, p.white, result)
                }
            })
            .collect()
    }

    /// Plays an event to its end, each game won by the lower entrant number.
    fn play_out(format: Format, entrants: usize) -> Vec<Record> {
        let mut results = Vec::new();
        loop {
            let games = next_games(format, entrants, &results);
            if games.is_empty() {
                return results;
            }
            results.extend(lower_wins(&games));
        }
    }

    #[test]
    fn round_robin_pairs_everyone_once_with_balanced_colours() {
        for n in [2, 3, 4, 5, 6, 7, 8] {
            let games = round_robin(n, 1);
            assert_eq!(games.len(), n * (n - 1) / 2);
            let pairs: HashSet<(usize, usize)> = games
                .iter()
                .map(|g| (g.black.min(g.white), g.black.max(g.white)))
                .collect();
            assert_eq!(pairs.len(), games.len(), "no pairing twice");
            for e in 0..n {
                let blacks = games.iter().filter(|g| g.black == e).count() as i64;
                let whites = games.iter().filter(|g| g.white == e).count() as i64;
                assert!(
                    (blacks - whites).abs() <= 2,
                    "n {n} entrant {e}: {blacks}/{whites}"
                );
                // Nobody plays twice in a round.
                for r in 1..=games.last().unwrap().round {
                    let times = games
                        .iter()
                        .filter(|g| g.round == r && g.involves_pairing(e))
                        .count();
                    assert!(times <= 1);
                }
            }
            // The double round robin swaps every pairing's colours.
            let double = round_robin(n, 2);
            for g in &games {
                assert!(
                    double
                        .iter()
                        .any(|d| d.black == g.white && d.white == g.black)
                );
            }
        }
    }

    impl Pairing {
        fn involves_pairing(&self, e: usize) -> bool {
            self.black == e || self.white == e
        }
    }

    #[test]
    fn knockout_brackets_byes_and_tie_breaks() {
        assert_eq!(bracket_order(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
        assert_eq!(bracket_order(3), vec![0, usize::MAX, 1, 2]);
        // Five entrants, one game each: 4 games, seed 0 wins, the others fall.
        let results = play_out(Format::Knockout { games: 1 }, 5);
        assert_eq!(results.len(), 4);
        let last = results.last().unwrap();
        assert_eq!((last.round, last.winner()), (3, Some(0)));
        // A drawn single game gets a deciding game.
        let first = next_games(Format::Knockout { games: 1 }, 2, &[]);
        let mut drawn = lower_wins(&first);
        drawn[0].result = crate::referee::outcome::Outcome::Draw;
        let next = next_games(Format::Knockout { games: 1 }, 2, &drawn);
        assert_eq!(next.len(), 1);
        assert_eq!((next[0].id.as_str(), next[0].black), ("r1-0v1-g2", 1));
    }

    #[test]
    fn swiss_pairs_by_score_without_repeats_and_gives_byes_once() {
        let results = play_out(Format::Swiss { rounds: 3 }, 5);
        assert_eq!(results.len(), 3 * 2);
        let mut pairs = HashSet::new();
        for r in &results {
            assert!(
                pairs.insert((r.black.min(r.white), r.black.max(r.white))),
                "{r:?} repeats"
            );
        }
        let (_, byes) = swiss_round(5, 3, &results);
        assert_eq!(byes.len(), 3);
        assert_eq!(byes.iter().collect::<HashSet<_>>().len(), 3, "{byes:?}");
        // Round 1: top half against bottom half.
        let first = next_games(Format::Swiss { rounds: 3 }, 6, &[]);
        let opponents: Vec<(usize, usize)> = first
            .iter()
            .map(|g| (g.black.min(g.white), g.black.max(g.white)))
            .collect();
        assert_eq!(opponents, vec![(0, 3), (1, 4), (2, 5)]);
        // Round 2 pairs the winners together.
        let second = next_games(Format::Swiss { rounds: 3 }, 6, &lower_wins(&first));
        assert!(
            second
                .iter()
                .any(|g| g.involves_pairing(0) && g.involves_pairing(1))
        );
    }

    #[test]
    fn a_match_alternates_colours_unless_told_not_to() {
        let colours = |alternate| {
            let games = match_games(4, alternate);
            games.iter().map(|g| (g.black, g.white)).collect::<Vec<_>>()
        };
        assert_eq!(colours(true), vec![(0, 1), (1, 0), (0, 1), (1, 0)]);
        assert_eq!(colours(false), vec![(0, 1); 4]);
        let alternate = true;
        assert_eq!(
            play_out(
                Format::Match {
                    games: 4,
                    alternate
                },
                2
            )
            .len(),
            4
        );
    }
}
