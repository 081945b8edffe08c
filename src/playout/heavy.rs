//! The heavy playout policy, in the MoGo/Pachi tradition. In order, the first rule that gives
//! candidates chooses among them at random:
//! 0. at a rate, off by default: retake a ko after the exchange of a ko threat and its answer;
//! 1. capture the last move's string if it is in atari;
//! 2. save own strings next to the last move that are in atari (capture a neighbour in atari,
//!    or extend when that gives two liberties or more);
//! 3. at a rate, off by default: strings with two liberties at the last move (atari an enemy
//!    string that has no miai of connections; extend an own string to three liberties or more,
//!    or take or atari an enemy string next to it); then, at another rate, off by default, own
//!    strings of three or four liberties there atari an enemy string of two next to them;
//! 4. at a rate, off by default: the vital point of an eye space of three to six points
//!    that the last move closed or touched (`knowledge::nakade`);
//! 5. at a rate, off by default: the answer to the last two moves, or else to the last move,
//!    that won the search's earlier games (`replies`);
//! 6. good 3×3 shape next to the last two moves; then, at a rate, off by default, take an
//!    enemy string in atari anywhere on the board (MoGo's and Fuego's capture rule: a string
//!    left in atari far from the last moves would otherwise live or die at random);
//! 7. a random move that fills no own eye and puts no string of two or more stones in atari,
//!    except as a nakade sacrifice (a string of up to three stones inside the enemy's eye
//!    space, whose capture leaves a shape that may be killed). At a rate, off by default, a
//!    refused self-atari turns into an approach move instead: the other liberty of a string
//!    with two liberties beside it, the enemy's first (how a capturing race is won from the
//!    outside). At another rate, off by default, a random move into an own point that only
//!    its diagonals make a false eye takes or ataris the enemy stone on such a diagonal
//!    instead, so that the eye may still become real.
//!
//! At a rate, off by default, rules 6 and 7 also refuse an idle sacrifice: a lone stone the
//! enemy takes for free (`Board::is_idle_sacrifice`).
//!
//! Everything lives in fixed-size arrays: choosing a move allocates nothing.

use rand::RngExt;
use rand::rngs::SmallRng;

use super::replies::Replies;
use super::{Policy, RandomPolicy, happens, refused};
use crate::board::{Board, Cell, Color, Move, Point};
use crate::knowledge::ladder;
use crate::knowledge::nakade;
use crate::knowledge::pattern::is_good_shape;
use crate::knowledge::weights::{local_strength, shape_strength};

/// Candidate moves of one rule, without duplicates.
struct Candidates {
    points: [Point; 32],
    len: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            points: [Point::default(); 32],
            len: 0,
        }
    }

    fn add(&mut self, p: Point) {
        if self.len < self.points.len() && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    fn pick(&self, rng: &mut SmallRng) -> Option<Point> {
        (self.len > 0).then(|| self.points[rng.random_range(0..self.len)])
    }

    /// A candidate chosen in proportion to `weight`.
    fn pick_weighted(&self, rng: &mut SmallRng, weight: impl Fn(Point) -> f32) -> Option<Point> {
        let points = &self.points[..self.len];
        let total: f32 = points.iter().map(|&p| weight(p)).sum();
        let mut left = rng.random_range(0.0..total.max(f32::MIN_POSITIVE));
        for &p in points {
            left -= weight(p);
            if left < 0.0 {
                return Some(p);
            }
        }
        points.last().copied()
    }
}

/// The most times rule 7 redraws a random move of poor shape: each draw costs about a
/// random move, and a shape strong players shun is still better played than passing.
const REDRAWS: usize = 3;

#[derive(Clone, Copy, Debug)]
pub struct HeavyPolicy<'a> {
    /// 0: rule 6 plays MoGo's hand-made shapes, uniformly. Above 0: it plays the shapes whose
    /// learned strength (the move model's 3×3 gamma) is at least this, each chosen in
    /// proportion to its strength, as Pachi weighs its shapes (2 by default: with the learned
    /// prior at 16, 107/199 against Pachi on 9×9 where MoGo's shapes won 89/199).
    pub learned_shapes: f32,
    /// Rule 6's learned shapes carry atari marks (`pattern::shape_key`) and count what the
    /// move captures or saves (`weights::local_strength`), as Pachi's 3×3 patterns know which
    /// neighbours are in atari.
    pub atari_marks: bool,
    /// How often the local rules (1–4) and the shape rule (6) are tried (Pachi plays its
    /// rules at 90% or less; fully determined playouts judge some positions always the same
    /// wrong way).
    pub rule_rate: f32,
    /// Rule 2 leaves out escapes into a ladder that works.
    pub read_ladders: bool,
    /// How often rule 7 refuses a bad self-atari (`RandomPolicy::self_atari_rejection`).
    pub self_atari_rejection: f32,
    /// How often rule 3 is tried; 0 leaves it out.
    pub two_liberty_rate: f32,
    /// How often rule 3's capturing-race part is tried; 0 leaves it out.
    pub race_rate: f32,
    /// How often rule 0 retakes a ko; 0 leaves it out.
    pub ko_rate: f32,
    /// How often rule 4 plays a vital point; 0 leaves it out.
    pub nakade_rate: f32,
    /// How often a refused self-atari turns into an approach move; 0 never.
    pub approach_rate: f32,
    /// How often rule 7 mends a false eye instead of filling it; 0 never.
    pub eye_mend_rate: f32,
    /// How often rule 6 takes a string in atari anywhere; 0 never.
    pub capture_rate: f32,
    /// Rule 7 redraws a random move whose learned 3×3 strength is below this bar with the
    /// probability of its shortfall (1 − strength / bar), up to `REDRAWS` times, so that the
    /// random moves follow the shapes strong players make; 0 never.
    pub random_shape_bar: f32,
    /// How often rules 6 and 7 refuse an idle sacrifice (`Board::is_idle_sacrifice`: a lone
    /// stone the enemy takes for free; Pachi refuses most lone self-ataris 60% of the time);
    /// 0 never.
    pub idle_sacrifice_rejection: f32,
    /// What rule 0 remembers during a playout.
    pub ko_memory: KoMemory,
    /// The strings in atari that rule 6 knows of.
    pub ataris: AtariWatch,
    /// The search's good replies, and how often the playouts try them (rule 5).
    pub replies: Option<&'a Replies>,
    pub reply_rate: f32,
}

/// A stone of each string that was in atari when last seen (rule 6's capture). A string gets into
/// atari only through a stone played on one of its liberties, so after one look at the whole
/// board it is enough to look around each move as it comes.
#[derive(Clone, Copy, Debug, Default)]
pub struct AtariWatch {
    stones: [Point; 16],
    len: usize,
    /// Whether the whole board has been looked at.
    started: bool,
}

impl AtariWatch {
    /// Looks at the whole board the first time, then at the strings around the last two moves.
    fn update(&mut self, board: &Board) {
        if !self.started {
            self.started = true;
            for p in board.points() {
                self.note(board, p);
            }
            return;
        }
        for m in board.last_moves().into_iter().flatten() {
            self.note(board, m);
            for n in board.neighbours(m) {
                self.note(board, n);
            }
        }
    }

    /// Remembers the string at `p` if it is in atari and not known yet.
    fn note(&mut self, board: &Board, p: Point) {
        if board.stone(p).is_none() || board.string_liberties(p) != 1 {
            return;
        }
        let head = board.string_head(p);
        if self.stones[..self.len]
            .iter()
            .any(|&s| board.stone(s).is_some() && board.string_head(s) == head)
        {
            return;
        }
        if self.len == self.stones.len() {
            self.forget_free(board, |_, _| {});
        }
        if self.len < self.stones.len() {
            self.stones[self.len] = p;
            self.len += 1;
        }
    }

    /// Drops the strings that were taken or got liberties, and gives the liberty of each one
    /// left to `each`.
    fn forget_free(&mut self, board: &Board, mut each: impl FnMut(Point, Point)) {
        let mut kept = 0;
        for i in 0..self.len {
            let s = self.stones[i];
            if let Some(lib) = board.atari_liberty(s) {
                self.stones[kept] = s;
                kept += 1;
                each(s, lib);
            }
        }
        self.len = kept;
    }

    /// The liberties of the enemy strings in atari that `color` may take.
    fn captures(&mut self, board: &Board, color: Color, found: &mut Candidates) {
        self.forget_free(board, |s, lib| {
            if board.stone(s) == Some(color.opponent()) && board.is_legal(color, lib) {
                found.add(lib);
            }
        });
    }
}

/// The ko a side was kept from retaking, and the move count then (rule 0).
#[derive(Clone, Copy, Debug, Default)]
pub struct KoMemory {
    kept: Option<(Point, Color, u32)>,
    /// Moves chosen so far in this playout.
    moves: u32,
}

impl Default for HeavyPolicy<'_> {
    fn default() -> Self {
        HeavyPolicy {
            learned_shapes: 2.0,
            atari_marks: false,
            rule_rate: 1.0,
            read_ladders: false,
            self_atari_rejection: 1.0,
            two_liberty_rate: 0.0,
            race_rate: 0.0,
            ko_rate: 0.0,
            nakade_rate: 0.0,
            approach_rate: 0.0,
            eye_mend_rate: 0.0,
            capture_rate: 0.0,
            random_shape_bar: 0.0,
            idle_sacrifice_rejection: 0.0,
            ko_memory: KoMemory::default(),
            ataris: AtariWatch::default(),
            replies: None,
            reply_rate: 0.0,
        }
    }
}

/// A move worth suggesting: legal, not into an own eye, not a self-atari of a larger string
/// unless it is a nakade sacrifice.
fn sensible(board: &Board, color: Color, p: Point) -> bool {
    board.is_empty_point(p)
        && !board.is_eye(color, p)
        && board.is_legal(color, p)
        && !bad_self_atari(board, color, p)
}

/// A self-atari of two or more stones that is no nakade sacrifice.
pub fn bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    board.is_self_atari(color, p) && !board.is_nakade_sacrifice(color, p)
}

/// Rules 1 and 2 around the last move.
fn atari_moves(board: &Board, color: Color, last: Point, ladders: bool, found: &mut Candidates) {
    if board.stone(last) == Some(color.opponent())
        && let Some(lib) = board.atari_liberty(last)
        && board.is_legal(color, lib)
    {
        found.add(lib);
    }
    for n in board.neighbours(last) {
        if board.stone(n) != Some(color) {
            continue;
        }
        let Some(escape) = board.atari_liberty(n) else {
            continue;
        };
        // Capture an enemy string next to ours that is in atari too.
        for m in enemy_neighbours(board, n) {
            if let Some(lib) = board.atari_liberty(m)
                && board.is_legal(color, lib)
            {
                found.add(lib);
            }
        }
        if sensible(board, color, escape)
            && !(ladders && ladder::is_failed_escape(board, color, escape))
        {
            found.add(escape);
        }
    }
}

/// Rule 3: strings with two liberties at the last move, the last move's own and those next
/// to it (the fight over them decides most capturing races). An enemy string is put in atari
/// at either liberty unless it has miai of connections; an own string extends where that
/// gains liberties, or takes or ataris an enemy string next to it.
fn two_liberty_moves(board: &Board, color: Color, last: Point, found: &mut Candidates) {
    for s in std::iter::once(last).chain(board.neighbours(last)) {
        let (Some(owner), Some(liberties)) = (board.stone(s), board.two_liberties(s)) else {
            continue;
        };
        if owner == color {
            defend_two_liberties(board, color, s, liberties, found);
        } else if !has_miai(board, s, liberties) {
            atari_at(board, color, liberties, found);
        }
    }
}

/// Rule 3b: own strings of three or four liberties around the last move (the start of a
/// capturing race) atari an enemy string of two liberties next to them, before the enemy's
/// outside liberties are gone.
fn race_moves(board: &Board, color: Color, last: Point, found: &mut Candidates) {
    for s in board.around(last) {
        if board.stone(s) != Some(color) || !(3..=4).contains(&board.string_liberties(s)) {
            continue;
        }
        for n in enemy_neighbours(board, s) {
            if let Some(liberties) = board.two_liberties(n) {
                atari_at(board, color, liberties, found);
            }
        }
    }
}

fn atari_at(board: &Board, color: Color, liberties: [Point; 2], found: &mut Candidates) {
    for lib in liberties {
        if sensible(board, color, lib) {
            found.add(lib);
        }
    }
}

/// An own string with two liberties: extend at a liberty that gives three or more, capture
/// an enemy string in atari next to it, or atari one with two liberties.
fn defend_two_liberties(
    board: &Board,
    color: Color,
    s: Point,
    liberties: [Point; 2],
    found: &mut Candidates,
) {
    for lib in liberties {
        if board.liberties_after(color, lib, 3).is_none_or(|l| l >= 3)
            && sensible(board, color, lib)
        {
            found.add(lib);
        }
    }
    for n in enemy_neighbours(board, s) {
        if let Some(lib) = board.atari_liberty(n) {
            if board.is_legal(color, lib) {
                found.add(lib);
            }
        } else if let Some(enemy) = board.two_liberties(n) {
            atari_at(board, color, enemy, found);
        }
    }
}

/// The enemy stones touching the string at `s` (a stone of a string touching it at several
/// points comes once for each).
fn enemy_neighbours(board: &Board, s: Point) -> impl Iterator<Item = Point> + '_ {
    let enemy = board.stone(s).map(Color::opponent);
    board
        .string_stones(s)
        .flat_map(|t| board.neighbours(t))
        .filter(move |&n| board.stone(n).is_some() && board.stone(n) == enemy)
}

/// Whether the string at `s` cannot be harmed by an atari: it connects to a healthy string
/// of its own at one liberty, and at the other it connects too or gets out into open space.
fn has_miai(board: &Board, s: Point, [a, b]: [Point; 2]) -> bool {
    let owner = board.stone(s);
    let head = board.string_head(s);
    let connects = |lib: Point| {
        board.neighbours(lib).into_iter().any(|n| {
            board.stone(n) == owner
                && board.string_head(n) != head
                && board.string_liberties(n) >= 2
        })
    };
    let opens = |lib: Point, other: Point| {
        board
            .neighbours(lib)
            .into_iter()
            .any(|n| n != other && board.is_empty_point(n))
    };
    (connects(a) && (connects(b) || opens(b, a))) || (connects(b) && opens(a, b))
}

/// Rule 6: good shape on the points around the last two moves; `good` says which shapes are.
fn shape_moves(
    board: &Board,
    color: Color,
    mut good: impl FnMut(Point) -> bool,
    found: &mut Candidates,
) {
    for last in board.last_moves().into_iter().flatten() {
        let around = board
            .neighbours(last)
            .into_iter()
            .chain(board.diagonals(last));
        for p in around {
            if board.cell(p) == Cell::Empty && good(p) && sensible(board, color, p) {
                found.add(p);
            }
        }
    }
}

/// Rule 4: the vital point of the eye space next to the enemy's last move, when the move's
/// empty neighbours all belong to one small space (they touch each other, at least
/// diagonally).
fn vital_point_move(board: &Board, color: Color, last: Point) -> Option<Point> {
    let owner = board.stone(last)?;
    let mut empty = board
        .neighbours(last)
        .into_iter()
        .filter(|&n| board.is_empty_point(n));
    let first = empty.next()?;
    let touching =
        |p: Point| board.neighbours(first).contains(&p) || board.diagonals(first).contains(&p);
    if !empty.all(touching) {
        return None;
    }
    nakade::vital_point(board, first, owner).filter(|&p| {
        board.is_legal(color, p) && !board.is_eye(color, p) && !bad_self_atari(board, color, p)
    })
}

/// An approach move in place of the self-atari at `p`: the other liberty of an enemy
/// string with two liberties next to `p`, or else of an own one.
fn approach_move(board: &Board, color: Color, p: Point, rng: &mut SmallRng) -> Option<Point> {
    for owner in [color.opponent(), color] {
        let mut found = Candidates::new();
        for n in board.neighbours(p) {
            if board.stone(n) != Some(owner) {
                continue;
            }
            if let Some(liberties) = board.two_liberties(n) {
                let other = if liberties[0] == p {
                    liberties[1]
                } else {
                    liberties[0]
                };
                if sensible(board, color, other) {
                    found.add(other);
                }
            }
        }
        if let Some(q) = found.pick(rng) {
            return Some(q);
        }
    }
    None
}

/// Rule 7's eye mending: `p` is an own point that only its diagonals make a false eye. The
/// enemy stone on such a diagonal is taken, or put in atari, instead of filling the point
/// (which gives the eye away for good). Not when filling saves an own string in atari.
fn eye_mending_move(board: &Board, color: Color, p: Point) -> Option<Point> {
    if !board.is_eyelike(color, p)
        || board
            .neighbours(p)
            .into_iter()
            .any(|n| board.atari_liberty(n).is_some())
    {
        return None;
    }
    let enemies = board
        .diagonals(p)
        .into_iter()
        .filter(|&d| board.stone(d) == Some(color.opponent()));
    for d in enemies {
        if let Some(lib) = board.atari_liberty(d) {
            if board.is_legal(color, lib) {
                return Some(lib);
            }
        } else if let Some(liberties) = board.two_liberties(d)
            && let Some(&q) = liberties.iter().find(|&&q| sensible(board, color, q))
        {
            return Some(q);
        }
    }
    None
}

impl HeavyPolicy<'_> {
    /// Rule 0: `color` was kept from retaking a ko two moves ago; the threat and its answer
    /// have been played and the ko is open again.
    fn ko_retake(&mut self, board: &Board, color: Color, rng: &mut SmallRng) -> Option<Point> {
        let memory = &mut self.ko_memory;
        memory.moves += 1;
        if self.ko_rate == 0.0 {
            return None;
        }
        if let Some((p, kept)) = board.ko() {
            memory.kept = Some((p, kept, memory.moves));
            return None;
        }
        let (p, kept, when) = memory.kept?;
        if kept != color || memory.moves != when + 2 || !happens(self.ko_rate, rng) {
            return None;
        }
        memory.kept = None;
        (board.is_legal(color, p) && !bad_self_atari(board, color, p)).then_some(p)
    }

    /// Rules 1 to 4, around the last move.
    fn local_move(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut SmallRng,
    ) -> Option<Point> {
        if !happens(self.rule_rate, rng) {
            return None;
        }
        let mut found = Candidates::new();
        atari_moves(board, color, last, self.read_ladders, &mut found);
        if let Some(p) = found.pick(rng) {
            return Some(p);
        }
        if happens(self.two_liberty_rate, rng) {
            two_liberty_moves(board, color, last, &mut found);
            if let Some(p) = found.pick(rng) {
                return Some(p);
            }
        }
        if self.race_rate > 0.0 && happens(self.race_rate, rng) {
            race_moves(board, color, last, &mut found);
            if let Some(p) = found.pick(rng) {
                return Some(p);
            }
        }
        if self.nakade_rate > 0.0 && happens(self.nakade_rate, rng) {
            return vital_point_move(board, color, last);
        }
        None
    }

    /// Rule 5: a sensible remembered answer.
    fn good_reply(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Option<Point> {
        let replies = self.replies?;
        if !happens(self.reply_rate, rng) {
            return None;
        }
        replies
            .answers(color, board.last_moves())
            .into_iter()
            .flatten()
            .find(|&p| sensible(board, color, p))
    }

    /// Rule 6.
    fn shape_move(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Option<Point> {
        if !happens(self.rule_rate, rng) {
            return None;
        }
        let mut found = Candidates::new();
        let idle = |p: Point, rng: &mut SmallRng| {
            refused(self.idle_sacrifice_rejection, rng, || {
                board.is_idle_sacrifice(color, p)
            })
        };
        if self.learned_shapes > 0.0 {
            let gamma = |p: Point| {
                if self.atari_marks {
                    local_strength(board, color, p)
                } else {
                    shape_strength(board.neighbourhood(p).into(), color)
                }
            };
            shape_moves(
                board,
                color,
                |p| gamma(p) >= self.learned_shapes && !idle(p, rng),
                &mut found,
            );
            found.pick_weighted(rng, gamma)
        } else {
            let good = |p| is_good_shape(board, p, color) && !idle(p, rng);
            shape_moves(board, color, good, &mut found);
            found.pick(rng)
        }
    }

    /// Rule 6's capture anywhere.
    fn capture_anywhere(
        &mut self,
        board: &Board,
        color: Color,
        rng: &mut SmallRng,
    ) -> Option<Point> {
        if self.capture_rate == 0.0 || !happens(self.capture_rate, rng) {
            return None;
        }
        let mut found = Candidates::new();
        self.ataris.captures(board, color, &mut found);
        found.pick(rng)
    }

    /// Rule 7, with its eye mending.
    fn random_move(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        let mv = self.chance_move(board, color, rng);
        if let Move::Play(p) = mv
            && self.eye_mend_rate > 0.0
            && happens(self.eye_mend_rate, rng)
            && let Some(q) = eye_mending_move(board, color, p)
        {
            return Move::Play(q);
        }
        mv
    }

    /// Rule 7's random move, redrawn while its shape is poor (`random_shape_bar`).
    fn chance_move(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        let mut mv = self.draw(board, color, rng);
        if self.random_shape_bar > 0.0 {
            for _ in 0..REDRAWS {
                let Move::Play(p) = mv else { break };
                let strength = shape_strength(board.neighbourhood(p).into(), color);
                if strength >= self.random_shape_bar
                    || rng.random::<f32>() < strength / self.random_shape_bar
                {
                    break;
                }
                mv = self.draw(board, color, rng);
            }
        }
        mv
    }

    /// One draw of rule 7: a random move, or the approach move a refused self-atari turns
    /// into.
    fn draw(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        let mut random = RandomPolicy {
            self_atari_rejection: self.self_atari_rejection,
            idle_sacrifice_rejection: self.idle_sacrifice_rejection,
        };
        if self.approach_rate == 0.0 {
            return random.choose(board, color, rng);
        }
        let count = board.empty_count();
        let start = if count == 0 {
            0
        } else {
            rng.random_range(0..count)
        };
        for i in 0..count {
            let p = board.empty_at((start + i) % count);
            if board.is_eye(color, p) || !board.is_legal(color, p) {
                continue;
            }
            if !random.refuses(board, color, p, rng) {
                return Move::Play(p);
            }
            if happens(self.approach_rate, rng)
                && let Some(q) = approach_move(board, color, p, rng)
            {
                return Move::Play(q);
            }
        }
        Move::Pass
    }
}

impl Policy for HeavyPolicy<'_> {
    fn begin(&mut self) {
        self.ko_memory = KoMemory::default();
        self.ataris = AtariWatch::default();
    }

    fn choose(&mut self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        if self.capture_rate > 0.0 {
            self.ataris.update(board);
        }
        if let Some(p) = self.ko_retake(board, color, rng) {
            return Move::Play(p);
        }
        if let Some(last) = board.last_moves()[0]
            && let Some(p) = self.local_move(board, color, last, rng)
        {
            return Move::Play(p);
        }
        if let Some(p) = self.good_reply(board, color, rng) {
            return Move::Play(p);
        }
        if let Some(p) = self.shape_move(board, color, rng) {
            return Move::Play(p);
        }
        match self.capture_anywhere(board, color, rng) {
            Some(p) => Move::Play(p),
            None => self.random_move(board, color, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::playout;
    use rand::SeedableRng;

    fn at(board: &Board, name: &str) -> Point {
        board.point_named(name).unwrap()
    }

    #[test]
    fn captures_the_last_move_in_atari() {
        let mut board = Board::from_diagram(&[
            ".......", //
            ".......", "..X....", ".X.X...", ".......", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "C4")).unwrap();
        // White C4 has one liberty, C3: Black takes it every time.
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..20 {
            assert_eq!(
                HeavyPolicy::default().choose(&board, Color::Black, &mut rng),
                Move::Play(at(&board, "C3"))
            );
        }
    }

    /// On an empty board strong players' first-line shape is weak: the random moves that
    /// redraw poor shapes play it far less often than uniform ones, though still now and then.
    #[test]
    fn random_moves_of_poor_shape_are_redrawn() {
        let board = Board::new(9);
        let edge = shape_strength(board.neighbourhood(at(&board, "E1")).into(), Color::Black);
        let centre = shape_strength(board.neighbourhood(at(&board, "E5")).into(), Color::Black);
        assert!(edge < 0.5 * centre, "edge {edge}, centre {centre}");
        let on_edge = |bar: f32| {
            let policy = HeavyPolicy {
                random_shape_bar: bar,
                ..HeavyPolicy::default()
            };
            let mut rng = SmallRng::seed_from_u64(5);
            (0..4000)
                .filter(|_| {
                    let Move::Play(p) = policy.chance_move(&board, Color::Black, &mut rng) else {
                        panic!("a pass on an empty board");
                    };
                    let (col, row) = board.coords(p);
                    col == 0 || row == 0 || col == 8 || row == 8
                })
                .count()
        };
        let (uniform, redrawn) = (on_edge(0.0), on_edge(centre));
        // 32 of the 81 points are on the edge.
        assert!((1450..1710).contains(&uniform), "{uniform}");
        assert!(redrawn > 0 && 2 * redrawn < uniform, "{redrawn} of 4000");
    }

    #[test]
    fn saves_a_string_put_in_atari() {
        let mut board = Board::from_diagram(&[
            ".......", //
            ".......", "..O....", ".OX....", ".......", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "D4")).unwrap();
        // White D4 leaves Black C4 one liberty, C3; extending there gives it three.
        let mut rng = SmallRng::seed_from_u64(2);
        for _ in 0..20 {
            assert_eq!(
                HeavyPolicy::default().choose(&board, Color::Black, &mut rng),
                Move::Play(at(&board, "C3"))
            );
        }
    }

    #[test]
    fn takes_a_string_in_atari_anywhere_when_no_other_rule_applies() {
        let board = Board::from_diagram(&[
            ".........", //
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "XX.......",
            "OOX......",
            ".OX......",
        ])
        .unwrap();
        // White's three stones have one liberty, A1, far from any last move.
        let mut rng = SmallRng::seed_from_u64(3);
        let policy = HeavyPolicy {
            capture_rate: 1.0,
            rule_rate: 0.0,
            ..HeavyPolicy::default()
        };
        for _ in 0..20 {
            assert_eq!(
                policy.clone().choose(&board, Color::Black, &mut rng),
                Move::Play(at(&board, "A1"))
            );
        }
        let mut random = HeavyPolicy {
            rule_rate: 0.0,
            ..HeavyPolicy::default()
        };
        let a1 = Move::Play(at(&board, "A1"));
        assert!((0..20).any(|_| random.choose(&board, Color::Black, &mut rng) != a1));
    }

    #[test]
    fn remembers_a_string_put_in_atari_moves_ago() {
        let mut board = Board::from_diagram(&[
            ".........", //
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "X........",
            "OOX......",
            ".OX......",
        ])
        .unwrap();
        let mut policy = HeavyPolicy {
            capture_rate: 1.0,
            rule_rate: 0.0,
            ..HeavyPolicy::default()
        };
        let mut rng = SmallRng::seed_from_u64(4);
        policy.begin();
        // Black B3 puts White in atari; then four moves far away, each seen by the policy.
        for (color, name) in [
            (Color::Black, "B3"),
            (Color::White, "H8"),
            (Color::Black, "H2"),
            (Color::White, "G8"),
        ] {
            policy.choose(&board, color, &mut rng);
            board.play(color, at(&board, name)).unwrap();
        }
        assert_eq!(
            policy.choose(&board, Color::Black, &mut rng),
            Move::Play(at(&board, "A1"))
        );
    }

    /// The candidates of `rule` for Black after a White move at `last`, sorted.
    fn found(
        board: &Board,
        rule: fn(&Board, Color, Point, &mut Candidates),
        last: &str,
    ) -> Vec<Point> {
        let mut found = Candidates::new();
        rule(board, Color::Black, at(board, last), &mut found);
        let mut points = found.points[..found.len].to_vec();
        points.sort();
        points
    }

    fn sorted(board: &Board, names: &[&str]) -> Vec<Point> {
        let mut points: Vec<Point> = names.iter().map(|n| at(board, n)).collect();
        points.sort();
        points
    }

    #[test]
    fn the_two_liberty_rule_ataris_a_string_without_miai() {
        // White D4 has D5 and D3 and nothing to connect to: Black may atari at either.
        let alone = Board::from_diagram(&[
            ".......", //
            ".......", ".......", "..XOX..", "..X.X..", ".......", ".......",
        ])
        .unwrap();
        assert_eq!(
            found(&alone, two_liberty_moves, "D4"),
            sorted(&alone, &["D3", "D5"])
        );
        // With a healthy White stone at D6, White connects at D5 or gets out at D3: miai.
        let miai = Board::from_diagram(&[
            ".......", //
            "...O...", ".......", "..XOX..", "..X.X..", ".......", ".......",
        ])
        .unwrap();
        assert_eq!(found(&miai, two_liberty_moves, "D4"), vec![]);
    }

    #[test]
    fn a_string_with_two_liberties_ataris_its_neighbour_when_extending_gains_nothing() {
        // Black B2-C2 has B1 and C1; extending at either leaves two liberties. White A2 has
        // two liberties, A3 and A1: Black ataris it.
        let board = Board::from_diagram(&[
            ".....", //
            ".....", ".OO..", "OXXO.", ".....",
        ])
        .unwrap();
        assert_eq!(
            found(&board, two_liberty_moves, "B3"),
            sorted(&board, &["A1", "A3"])
        );
    }

    #[test]
    fn a_string_of_three_liberties_ataris_the_enemy_in_a_race() {
        // Black A2-C2 has three liberties; White D2-D1 next to it has two, C1 and E1.
        let board = Board::from_diagram(&[
            ".......", //
            ".......", ".......", ".......", "OOOX...", "XXXOX..", "...O...",
        ])
        .unwrap();
        assert_eq!(
            found(&board, race_moves, "D2"),
            sorted(&board, &["C1", "E1"])
        );
    }

    #[test]
    fn the_nakade_rule_plays_the_vital_point_of_a_bulky_five() {
        // White closes its eye space with D6: B6 C6 B5 C5 D5 is a bulky five, which Black
        // kills at C5.
        let mut board = Board::from_diagram(&[
            "OOOOO..", //
            "O...O..", "O...O..", "OOOOO..", ".......", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "D6")).unwrap();
        let policy = HeavyPolicy {
            nakade_rate: 1.0,
            ..HeavyPolicy::default()
        };
        let mut rng = SmallRng::seed_from_u64(4);
        let p = policy.local_move(&board, Color::Black, at(&board, "D6"), &mut rng);
        assert_eq!(p, Some(at(&board, "C5")));
        // Without the rule the local rules have nothing to say.
        let p = HeavyPolicy::default().local_move(&board, Color::Black, at(&board, "D6"), &mut rng);
        assert_eq!(p, None);
    }

    #[test]
    fn a_ko_is_retaken_after_a_threat_and_its_answer() {
        // White takes the ko at C4; Black may not retake at D4 at once.
        let mut board = Board::from_diagram(&[
            ".......", //
            ".......", "..XO...", ".X.XO..", "..XO...", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "C4")).unwrap();
        assert_eq!(board.ko(), Some((at(&board, "D4"), Color::Black)));
        let mut policy = HeavyPolicy {
            ko_rate: 1.0,
            ..HeavyPolicy::default()
        };
        let mut rng = SmallRng::seed_from_u64(5);
        // Black plays a threat elsewhere, White answers, and Black retakes.
        assert_eq!(policy.ko_retake(&board, Color::Black, &mut rng), None);
        board.play(Color::Black, at(&board, "G1")).unwrap();
        assert_eq!(policy.ko_retake(&board, Color::White, &mut rng), None);
        board.play(Color::White, at(&board, "G2")).unwrap();
        assert_eq!(
            policy.ko_retake(&board, Color::Black, &mut rng),
            Some(at(&board, "D4"))
        );
    }

    #[test]
    fn a_false_eye_is_mended_instead_of_filled() {
        // B1 would be Black's eye but for White C2 on its diagonal, in atari at D2.
        let board = Board::from_diagram(&[".....", ".....", "..X..", ".XO..", "X.X.."]).unwrap();
        let b1 = at(&board, "B1");
        assert!(!board.is_eye(Color::Black, b1));
        assert_eq!(
            eye_mending_move(&board, Color::Black, b1),
            Some(at(&board, "D2"))
        );
        let policy = HeavyPolicy {
            eye_mend_rate: 1.0,
            ..HeavyPolicy::default()
        };
        let mut rng = SmallRng::seed_from_u64(8);
        for _ in 0..50 {
            assert_ne!(
                policy.random_move(&board, Color::Black, &mut rng),
                Move::Play(b1)
            );
        }
        // With two liberties White C2 is put in atari at either.
        let board = Board::from_diagram(&[".....", ".....", ".....", ".XO..", "X.X.."]).unwrap();
        let mended = eye_mending_move(&board, Color::Black, b1);
        assert!(
            [at(&board, "C3"), at(&board, "D2")]
                .map(Some)
                .contains(&mended),
            "{mended:?}"
        );
        // Filling B1 is how Black A1, in atari, gets out: it is left alone.
        let board = Board::from_diagram(&[".....", ".....", "..X..", "OXO..", "X.X.."]).unwrap();
        assert_eq!(eye_mending_move(&board, Color::Black, b1), None);
    }

    #[test]
    fn a_refused_self_atari_becomes_an_approach_move() {
        // A capturing race: Black's four stones have A1 and B1, White's string B1 and D1.
        // Black B1 is a self-atari; the outside liberty D1 wins the race.
        let board = Board::from_diagram(&["XXXX.", "OOOX.", "XXOX.", "XXOX.", "..O.."]).unwrap();
        let mut rng = SmallRng::seed_from_u64(6);
        let b1 = at(&board, "B1");
        assert!(bad_self_atari(&board, Color::Black, b1));
        assert_eq!(
            approach_move(&board, Color::Black, b1, &mut rng),
            Some(at(&board, "D1"))
        );
        let policy = HeavyPolicy {
            approach_rate: 1.0,
            ..HeavyPolicy::default()
        };
        // The random step never plays B1.
        for _ in 0..50 {
            assert_ne!(
                policy.random_move(&board, Color::Black, &mut rng),
                Move::Play(b1)
            );
        }
    }

    #[test]
    fn a_remembered_reply_is_played_before_shape_and_chance() {
        let mut board = Board::new(9);
        board.play(Color::Black, at(&board, "E5")).unwrap();
        board.play(Color::White, at(&board, "D4")).unwrap();
        let replies = Replies::new(&board);
        let won = [(Color::Black, Move::Play(at(&board, "G7")))];
        replies.learn(board.last_moves(), &won, Color::Black);
        let mut policy = HeavyPolicy {
            replies: Some(&replies),
            reply_rate: 1.0,
            ..HeavyPolicy::default()
        };
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..10 {
            assert_eq!(
                policy.choose(&board, Color::Black, &mut rng),
                Move::Play(at(&board, "G7"))
            );
        }
        // The same last two moves with G7 already taken: the reply is not sensible, and the
        // other rules choose.
        let mut taken = Board::new(9);
        for (color, name) in [
            (Color::Black, "G7"),
            (Color::White, "C3"),
            (Color::Black, "E5"),
            (Color::White, "D4"),
        ] {
            taken.play(color, at(&taken, name)).unwrap();
        }
        assert_eq!(taken.last_moves(), board.last_moves());
        assert_ne!(
            policy.choose(&taken, Color::Black, &mut rng),
            Move::Play(at(&taken, "G7"))
        );
    }

    #[test]
    fn an_idle_sacrifice_is_refused_at_its_rate() {
        // Black C3 would be taken for free at C2 (`Board::is_idle_sacrifice`).
        let board = Board::from_diagram(&[".....", "..O..", ".O.O.", ".....", "....."]).unwrap();
        let c3 = Move::Play(at(&board, "C3"));
        let mut rng = SmallRng::seed_from_u64(5);
        let mut times_played = |rate| {
            let mut policy = HeavyPolicy {
                idle_sacrifice_rejection: rate,
                ..HeavyPolicy::default()
            };
            (0..400)
                .filter(|_| policy.choose(&board, Color::Black, &mut rng) == c3)
                .count()
        };
        assert!(times_played(0.0) > 5);
        assert_eq!(times_played(1.0), 0);
    }

    #[test]
    fn heavy_playouts_end_and_keep_the_board_consistent() {
        let mut rng = SmallRng::seed_from_u64(3);
        let learned = HeavyPolicy {
            learned_shapes: 4.0,
            rule_rate: 0.8,
            read_ladders: true,
            self_atari_rejection: 0.6,
            two_liberty_rate: 0.9,
            race_rate: 0.5,
            ko_rate: 0.5,
            nakade_rate: 0.8,
            approach_rate: 0.8,
            eye_mend_rate: 0.6,
            idle_sacrifice_rejection: 0.6,
            atari_marks: true,
            ..HeavyPolicy::default()
        };
        for (size, mut policy) in [5, 9, 19]
            .into_iter()
            .flat_map(|s| [(s, HeavyPolicy::default()), (s, learned)])
        {
            for _ in 0..10 {
                let mut board = Board::new(size);
                let moves = playout(&mut board, Color::Black, &mut policy, &mut rng);
                board.check_invariants();
                assert!(moves < 3 * size * size, "{size}: {moves} moves");
            }
        }
    }
}
