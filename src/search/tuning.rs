//! The search's constants, which tuning matches change from the command line
//! (`--tune rave=2000,prior=1.5`) to play one setting against another.

/// The constants of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// RAVE equivalence E of β = ñ / (ñ + n + n·ñ/E): about how many games a move needs
    /// before its own win rate counts as much as its AMAF win rate; unset, by board size
    /// (`rave_equivalence`).
    pub rave: Option<f64>,
    /// Scales every prior's virtual games: how long knowledge outweighs the games played.
    pub prior: f64,
    /// The even prior every move gets, in prior units of virtual games at 0.5: how long the
    /// search keeps an open mind before the knowledge and the games decide.
    pub even: f64,
    /// Virtual wins for the learned model's favourites, in prior units per square root of the
    /// model's share of the move. 16 units is about Pachi's weight (its pattern prior is 15
    /// times its even prior).
    pub learned: f64,
    /// Virtual wins, in prior units, for every stone beyond the first that a capture takes
    /// or an escape from atari saves, up to `BULK_STONES` more: the move model knows no
    /// string sizes (Pachi 11 gave such moves half a unit or so a stone); 0 leaves it out.
    pub bulk: f64,
    /// How much of the learned model's virtual wins an escape from atari into a ladder that
    /// works keeps, 0 to 1: the model reads no ladders, so it likes such escapes as much as
    /// those that get away (Pachi takes them out of its tree).
    pub escape: f64,
    /// How many standard errors below its win rate a root move is judged by when the search
    /// chooses (`report::lead_by_lower_bound`); 0 chooses the most visited move.
    pub lcb: f64,
    /// Games through a leaf before it is expanded; 0 picks by board size (`expand_visits`).
    pub expand: u32,
    /// How many losses one virtual loss counts for while another thread is below a node.
    pub virtual_loss: f64,
    /// The playouts' shape rule: 0 for MoGo's shapes, else the least learned 3×3 strength of
    /// a shape they play (`HeavyPolicy::learned_shapes`).
    pub shapes: f64,
    /// Whether the learned shapes of the playouts' shape rule carry atari marks and count
    /// what the move captures or saves (`HeavyPolicy::atari_marks`).
    pub marks: bool,
    /// How often each playout rule is tried (`HeavyPolicy::rule_rate`), 0 to 1.
    pub rate: f64,
    /// Whether the playouts leave out escapes into working ladders (`HeavyPolicy::
    /// read_ladders`); unset, they do so by board size (`reads_ladders`).
    pub ladders: Option<bool>,
    /// How often the playouts' random moves refuse a bad self-atari, 0 to 1
    /// (`HeavyPolicy::self_atari_rejection`); unset, by board size (`self_atari_rejection`).
    pub selfatari: Option<f64>,
    /// How often the playouts try their two-liberty rule, 0 to 1 (`HeavyPolicy::
    /// two_liberty_rate`); 0 leaves it out; unset, by board size (`two_liberty_rate`).
    pub twolib: Option<f64>,
    /// How often the playouts' own strings of three or four liberties atari an enemy string
    /// of two next to them, 0 to 1 (`HeavyPolicy::race_rate`); 0 leaves it out; unset, by
    /// board size (`race_rate`).
    pub race: Option<f64>,
    /// How often the playouts try the last good reply (`playout::replies`), 0 to 1; 0 keeps
    /// no table.
    pub replies: f64,
    /// Virtual games, in prior units, of the line prior in open areas of boards of 13×13 and
    /// up (`priors`); 0 leaves it out.
    pub lines: f64,
    /// AMAF weight of the moves played soonest after a node, against 1 for the last moves
    /// of the playout (Pachi's `distance_rave`); 0 weighs every move alike; unset, by board
    /// size (`distance_weight`).
    pub distance: Option<f64>,
    /// How often the playouts retake a ko after a threat and its answer, 0 to 1
    /// (`HeavyPolicy::ko_rate`).
    pub ko: f64,
    /// How often the playouts play the vital point of an eye space the last move touched,
    /// 0 to 1 (`HeavyPolicy::nakade_rate`); unset, by board size (`nakade_rate`).
    pub nakade: Option<f64>,
    /// How often a refused self-atari in the playouts turns into an approach move, 0 to 1
    /// (`HeavyPolicy::approach_rate`); unset, by board size (`approach_rate`).
    pub approach: Option<f64>,
    /// How often a random playout move into an own false eye takes or ataris the enemy stone
    /// that makes it false instead, 0 to 1 (`HeavyPolicy::eye_mend_rate`; Pachi's
    /// `eyefillrate`).
    pub falseeye: f64,
    /// How often the playouts take an enemy string in atari anywhere on the board when no
    /// rule near the last moves applies, 0 to 1 (`HeavyPolicy::capture_rate`; MoGo's and
    /// Fuego's capture rule).
    pub capture: f64,
    /// The playouts' random moves are redrawn, up to three times, while their learned 3×3
    /// strength is below this bar, with the probability of the shortfall
    /// (`HeavyPolicy::random_shape_bar`); 0 never.
    pub randomshape: f64,
    /// How often the playouts' shape and random moves refuse an idle sacrifice, a lone stone
    /// the enemy takes for free, 0 to 1 (`HeavyPolicy::idle_sacrifice_rejection`); unset, by
    /// board size (`idle_sacrifice_rejection`).
    pub idle: Option<f64>,
    /// Every this many child selections of a search thread leave AMAF out and choose by the
    /// children's own win rates (Fuego: 20); 0 never.
    pub norave: u64,
    /// Captures of this many stones or more are chosen by their own games alone, AMAF left
    /// out: a capture's AMAF counts the games where the point was played later, mostly once
    /// the stones were safe or gone and the point worth little (`results/amaf-blind-capture`);
    /// 0 never.
    pub owncapture: u32,
    /// Escapes from atari that save this many stones or more are chosen by their own games
    /// alone, AMAF left out (the same confusion: the point is often played later, once the
    /// stones are taken); 0 never.
    pub ownescape: u32,
    /// Playouts from the position before each search whose ownership the move model's owner
    /// feature reads, with the search's own playouts as they come (Pachi plays 500); 0 leaves
    /// the feature out. At most `MOST_OWNER_GAMES`.
    pub owner: f64,
    /// On boards larger than 13×13, how many stones the opening lasts: until then the tree
    /// leaves out moves on the first two lines that neither capture nor save stones
    /// (`priors::is_wasted_in_opening`); 0 leaves none out.
    pub opening: u32,
}

/// Boards larger than 9×9 and smaller than 19×19, where the playouts read ladders, play the
/// two-liberty and capturing-race rules and Pachi's self-atari and nakade rates by default:
/// on 13×13 the games against Pachi are decided in its fights, and these rules are what
/// matches showed to pay there.
fn middle_sized(size: usize) -> bool {
    size > 9 && size < 19
}

/// Boards up to 9×9, where AMAF is weighted by distance with a lower RAVE equivalence: it
/// won on 9×9 against Pachi and lost on 13×13 (`rave_equivalence`).
fn small(size: usize) -> bool {
    size <= 9
}

/// A rate the user set, else `middle` on middle-sized boards and 0 on the others.
fn middle_sized_default(set: Option<f64>, size: usize, middle: f64) -> f64 {
    set.unwrap_or(if middle_sized(size) { middle } else { 0.0 })
}

/// The most ownership playouts before a search: a few seconds on 19×19.
const MOST_OWNER_GAMES: f64 = 10_000.0;

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            rave: None,
            prior: 1.0,
            even: 1.0,
            learned: 16.0,
            bulk: 0.0,
            escape: 1.0,
            lcb: 0.0,
            expand: 0,
            virtual_loss: 1.0,
            shapes: 2.0,
            marks: false,
            rate: 1.0,
            ladders: None,
            selfatari: None,
            twolib: None,
            race: None,
            replies: 0.0,
            lines: 1.0,
            distance: None,
            ko: 0.0,
            nakade: None,
            approach: None,
            falseeye: 0.0,
            capture: 0.0,
            randomshape: 0.0,
            idle: None,
            norave: 0,
            owncapture: 0,
            ownescape: 0,
            owner: 0.0,
            opening: 20,
        }
    }
}

/// One constant `--tune` knows: its name, what it is for `--help` (with its default, unless
/// the default depends on the board), and how a value is checked and set.
struct Constant {
    name: &'static str,
    help: &'static str,
    default: Option<fn(&Tuning) -> f64>,
    /// Sets the value; false when it is out of range (every value is a number 0 or more).
    set: fn(&mut Tuning, f64) -> bool,
}

/// Sets a field; true, for the setters of `CONSTANTS`.
fn put<T>(field: &mut T, value: T) -> bool {
    *field = value;
    true
}

/// Whether `v` is a whole number no larger than `most`.
fn whole(v: f64, most: f64) -> bool {
    v.fract() == 0.0 && v <= most
}

/// Every constant, in the order `--help` gives them: one table drives parsing, errors and
/// help.
const CONSTANTS: &[Constant] = &[
    Constant {
        name: "rave",
        help: "RAVE equivalence; by default 800 on boards up to 9x9, 3000 on larger ones",
        default: None,
        set: |t, v| v > 0.0 && put(&mut t.rave, Some(v)),
    },
    Constant {
        name: "prior",
        help: "scale of every prior",
        default: Some(|t| t.prior),
        set: |t, v| put(&mut t.prior, v),
    },
    Constant {
        name: "even",
        help: "even prior of every move, in prior units",
        default: Some(|t| t.even),
        set: |t, v| put(&mut t.even, v),
    },
    Constant {
        name: "learned",
        help: "learned-model prior",
        default: Some(|t| t.learned),
        set: |t, v| put(&mut t.learned, v),
    },
    Constant {
        name: "escape",
        help: "the share of it an escape into a working ladder keeps",
        default: Some(|t| t.escape),
        set: |t, v| v <= 1.0 && put(&mut t.escape, v),
    },
    Constant {
        name: "expand",
        help: "games before a leaf is expanded; 0 picks 2 on 9x9 and 8 above",
        default: Some(|t| f64::from(t.expand)),
        set: |t, v| whole(v, f64::from(u32::MAX)) && put(&mut t.expand, v as u32),
    },
    Constant {
        name: "virtual_loss",
        help: "losses a virtual loss counts for",
        default: Some(|t| t.virtual_loss),
        set: |t, v| put(&mut t.virtual_loss, v),
    },
    Constant {
        name: "shapes",
        help: "the playouts' shapes: 0 for MoGo's, G for learned ones of strength G or more",
        default: Some(|t| t.shapes),
        set: |t, v| put(&mut t.shapes, v),
    },
    Constant {
        name: "marks",
        help: "1: the playouts' learned shapes know which neighbours are in atari and count \
               what a move takes or saves; 0: plain shapes",
        default: Some(|t| f64::from(u8::from(t.marks))),
        set: |t, v| (v == 0.0 || v == 1.0) && put(&mut t.marks, v == 1.0),
    },
    Constant {
        name: "rate",
        help: "how often each playout rule is tried",
        default: Some(|t| t.rate),
        set: |t, v| v <= 1.0 && put(&mut t.rate, v),
    },
    Constant {
        name: "ladders",
        help: "1: playouts do not escape into working ladders, 0: they do; by default they \
               read ladders on boards larger than 9x9 and smaller than 19x19",
        default: None,
        set: |t, v| whole(v, 1.0) && put(&mut t.ladders, Some(v == 1.0)),
    },
    Constant {
        name: "selfatari",
        help: "how often random playout moves refuse a bad self-atari; by default 0.6 on \
               boards larger than 9x9 and smaller than 19x19, 1 on the others",
        default: None,
        set: |t, v| v <= 1.0 && put(&mut t.selfatari, Some(v)),
    },
    Constant {
        name: "twolib",
        help: "how often the playouts try their two-liberty rule; by default 0.9 on boards \
               larger than 9x9 and smaller than 19x19, 0 on the others",
        default: None,
        set: |t, v| v <= 1.0 && put(&mut t.twolib, Some(v)),
    },
    Constant {
        name: "race",
        help: "how often their strings of three or four liberties atari an enemy string of \
               two; by default 0.25 where twolib is 0.9, 0 on the others",
        default: None,
        set: |t, v| v <= 1.0 && put(&mut t.race, Some(v)),
    },
    Constant {
        name: "replies",
        help: "how often they play the last good reply",
        default: Some(|t| t.replies),
        set: |t, v| v <= 1.0 && put(&mut t.replies, v),
    },
    Constant {
        name: "bulk",
        help: "prior units for every stone beyond the first a capture takes or an escape saves",
        default: Some(|t| t.bulk),
        set: |t, v| put(&mut t.bulk, v),
    },
    Constant {
        name: "lcb",
        help: "standard errors below its win rate a root move is chosen by; 0 the most visited",
        default: Some(|t| t.lcb),
        set: |t, v| put(&mut t.lcb, v),
    },
    Constant {
        name: "lines",
        help: "prior units for the third line against the first two in open areas of boards \
               of 13x13 and up",
        default: Some(|t| t.lines),
        set: |t, v| put(&mut t.lines, v),
    },
    Constant {
        name: "distance",
        help: "AMAF weight of the moves played soonest after a node against 1 for the last; 0 \
               weighs all alike; by default 3 on boards up to 9x9, 0 on larger ones",
        default: None,
        set: |t, v| whole(v, 16.0) && put(&mut t.distance, Some(v)),
    },
    Constant {
        name: "ko",
        help: "how often the playouts retake a ko after a threat",
        default: Some(|t| t.ko),
        set: |t, v| v <= 1.0 && put(&mut t.ko, v),
    },
    Constant {
        name: "nakade",
        help: "how often they play the vital point of an eye space; by default 0.8 where \
               selfatari is 0.6, 0 on the others",
        default: None,
        set: |t, v| v <= 1.0 && put(&mut t.nakade, Some(v)),
    },
    Constant {
        name: "approach",
        help: "how often a refused self-atari turns into an approach move; by default 1 \
               where selfatari is 0.6, 0 on the others",
        default: None,
        set: |t, v| v <= 1.0 && put(&mut t.approach, Some(v)),
    },
    Constant {
        name: "falseeye",
        help: "how often a random move into an own false eye takes or ataris the stone that \
               makes it false instead",
        default: Some(|t| t.falseeye),
        set: |t, v| v <= 1.0 && put(&mut t.falseeye, v),
    },
    Constant {
        name: "capture",
        help: "how often they take a string in atari anywhere when no rule near the last \
               moves applies",
        default: Some(|t| t.capture),
        set: |t, v| v <= 1.0 && put(&mut t.capture, v),
    },
    Constant {
        name: "randomshape",
        help: "their random moves are redrawn up to three times while their learned 3x3 \
               strength is below this; 0 never",
        default: Some(|t| t.randomshape),
        set: |t, v| put(&mut t.randomshape, v),
    },
    Constant {
        name: "idle",
        help: "how often their shape and random moves refuse a lone stone the enemy takes \
               for free; by default 1 where selfatari is 0.6, 0 on the others",
        default: None,
        set: |t, v| v <= 1.0 && put(&mut t.idle, Some(v)),
    },
    Constant {
        name: "norave",
        help: "every N-th child selection leaves AMAF out; 0 never",
        default: Some(|t| t.norave as f64),
        set: |t, v| whole(v, 1e6) && put(&mut t.norave, v as u64),
    },
    Constant {
        name: "owncapture",
        help: "captures of this many stones or more are chosen by their own games, AMAF left \
               out; 0 never",
        default: Some(|t| f64::from(t.owncapture)),
        set: |t, v| whole(v, 361.0) && put(&mut t.owncapture, v as u32),
    },
    Constant {
        name: "ownescape",
        help: "the same for escapes from atari saving this many stones",
        default: Some(|t| f64::from(t.ownescape)),
        set: |t, v| whole(v, 361.0) && put(&mut t.ownescape, v as u32),
    },
    Constant {
        name: "owner",
        help: "playouts before each search for the move model's owner feature; 0 leaves it out",
        default: Some(|t| t.owner),
        set: |t, v| whole(v, MOST_OWNER_GAMES) && put(&mut t.owner, v),
    },
    Constant {
        name: "opening",
        help: "stones the opening lasts on boards above 13x13, in which the tree leaves out \
               first- and second-line moves that neither capture nor save stones",
        default: Some(|t| f64::from(t.opening)),
        set: |t, v| whole(v, 361.0) && put(&mut t.opening, v as u32),
    },
];

impl Tuning {
    /// What `parse` knows, with the defaults, for `--help`.
    pub fn help() -> String {
        let defaults = Tuning::default();
        let each: Vec<String> = CONSTANTS
            .iter()
            .map(|c| match c.default {
                Some(default) => format!("{} ({}; default {})", c.name, c.help, default(&defaults)),
                None => format!("{} ({})", c.name, c.help),
            })
            .collect();
        format!(
            "The search's constants, for tuning matches: {}",
            each.join(", ")
        )
    }

    /// Reads `name=value` pairs, separated by commas, over the defaults.
    pub fn parse(text: &str) -> Result<Tuning, String> {
        let mut tuning = Tuning::default();
        for pair in text.split(',').filter(|s| !s.trim().is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("--tune: {pair}: expected name=value"))?;
            let name = name.trim();
            let Some(constant) = CONSTANTS.iter().find(|c| c.name == name) else {
                let names: Vec<&str> = CONSTANTS.iter().map(|c| c.name).collect();
                return Err(format!(
                    "--tune: unknown constant {name} ({})",
                    names.join(", ")
                ));
            };
            let number = value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("--tune: {name}: not a number 0 or more: {value}"))?;
            if !(constant.set)(&mut tuning, number) {
                return Err(format!("--tune: {name}: bad value {value}"));
            }
        }
        Ok(tuning)
    }

    /// Whether the playouts read ladders on a board of `size`: by default only between 9×9
    /// and 19×19. Reading costs 12% of the search's speed on 9×9 and 13% on 19×19; against
    /// Pachi at 5,000 playouts it won 48 of 120 on 13×13 where the defaults won 15 of 60, but
    /// on 9×9 110 of 200 where they won 107 of 199, and on 19×19 7 of 20 as they did.
    pub fn reads_ladders(&self, size: usize) -> bool {
        self.ladders.unwrap_or(middle_sized(size))
    }

    /// How often the playouts try their two-liberty rule on a board of `size`: by default
    /// 0.9 between 9×9 and 19×19 (Pachi's rate). With the capturing-race rule it won 86 of
    /// 180 against Pachi on 13×13 where the defaults that read ladders won 67 of 180 (three
    /// runs each); on 9×9 it gained nothing (105 of 200 where the defaults won 107 of 199),
    /// and on 19×19 it is not measured.
    pub fn two_liberty_rate(&self, size: usize) -> f64 {
        middle_sized_default(self.twolib, size, 0.9)
    }

    /// How often the playouts' capturing-race rule is tried on a board of `size`: by default
    /// 0.25 between 9×9 and 19×19 (Pachi's rate), together with the two-liberty rule.
    pub fn race_rate(&self, size: usize) -> f64 {
        middle_sized_default(self.race, size, 0.25)
    }

    /// How often the playouts' random moves refuse a bad self-atari on a board of `size`: by
    /// default 0.6 between 9×9 and 19×19 (Pachi's rate), where the three rules below come
    /// with it, and 1 on the others. The four together won 154 of 298 against Pachi on 13×13
    /// (five runs) where the defaults before them won 157 of 358 (six runs), for 12% of the
    /// 13×13 speed; the first two alone won 86 of 173, and nakade or idle alone as the
    /// defaults.
    pub fn self_atari_rejection(&self, size: usize) -> f64 {
        self.selfatari
            .unwrap_or(if middle_sized(size) { 0.6 } else { 1.0 })
    }

    /// How often a refused self-atari in the playouts turns into an approach move, the other
    /// liberty of a two-liberty string next to it, on a board of `size`: by default 1 between
    /// 9×9 and 19×19 (as Pachi always does), 0 on the others.
    pub fn approach_rate(&self, size: usize) -> f64 {
        middle_sized_default(self.approach, size, 1.0)
    }

    /// How often the playouts play the vital point of an eye space on a board of `size`: by
    /// default 0.8 between 9×9 and 19×19 (Pachi's rate), 0 on the others.
    pub fn nakade_rate(&self, size: usize) -> f64 {
        middle_sized_default(self.nakade, size, 0.8)
    }

    /// How often the playouts refuse a lone stone the enemy takes for free on a board of
    /// `size`: by default always between 9×9 and 19×19, never on the others.
    pub fn idle_sacrifice_rejection(&self, size: usize) -> f64 {
        middle_sized_default(self.idle, size, 1.0)
    }

    /// The RAVE equivalence on a board of `size`: by default 800 up to 9×9, where AMAF is
    /// weighted by distance (`distance_weight`), whose weights count an AMAF game two or
    /// three times on average, so the moves' own games must take over sooner; 3000 on
    /// larger boards. On 9×9 against Pachi at 5,000 playouts the two together won 224 of 400
    /// (two runs) where the old defaults had won 190 of 396; on 13×13 they won 15 of 41
    /// (stopped), and the weights alone 28 of 60 (the defaults: 137 of 298), so larger boards
    /// keep the old constants.
    pub fn rave_equivalence(&self, size: usize) -> f64 {
        self.rave
            .unwrap_or(if small(size) { 800.0 } else { 3000.0 })
    }

    /// The AMAF weight of the moves played soonest after a node on a board of `size`: by
    /// default 3 up to 9×9 (a point first played late in a playout, often filling a settled
    /// area, says little about playing it now), 0 on larger boards (see `rave_equivalence`).
    pub fn distance_weight(&self, size: usize) -> f64 {
        self.distance.unwrap_or(if small(size) { 3.0 } else { 0.0 })
    }

    /// Games through a leaf before it is expanded: soon on small boards, later on large ones
    /// where every expansion costs hundreds of nodes.
    pub fn expand_visits(&self, size: usize) -> u32 {
        match self.expand {
            0 if size <= 9 => 2,
            0 => 8,
            n => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_change_only_what_they_name() {
        let tuning = Tuning::parse(
            "rave=2000, prior=1.5,expand=4,selfatari=0.6,distance=3,ko=0.4,owner=500,owncapture=2,ownescape=3",
        )
        .unwrap();
        assert_eq!(tuning.owner, 500.0);
        assert_eq!(Tuning::parse("randomshape=1.5").unwrap().randomshape, 1.5);
        assert_eq!((tuning.owncapture, tuning.ownescape), (2, 3));
        assert_eq!(tuning.rave_equivalence(9), 2000.0);
        assert_eq!((tuning.distance_weight(13), tuning.ko), (3.0, 0.4));
        let defaults = Tuning::default();
        assert_eq!(
            (defaults.rave_equivalence(9), defaults.distance_weight(9)),
            (800.0, 3.0)
        );
        assert_eq!(
            (defaults.rave_equivalence(13), defaults.distance_weight(19)),
            (3000.0, 0.0)
        );
        assert_eq!(tuning.nakade, Tuning::default().nakade);
        assert_eq!(tuning.self_atari_rejection(9), 0.6);
        assert_eq!(tuning.prior, 1.5);
        assert_eq!(tuning.expand_visits(19), 4);
        assert_eq!(tuning.learned, Tuning::default().learned);
        assert_eq!(Tuning::parse("").unwrap(), Tuning::default());
        assert_eq!(Tuning::default().expand_visits(9), 2);
        assert_eq!(Tuning::default().expand_visits(19), 8);
        let ladders = |text: &str, size| Tuning::parse(text).unwrap().reads_ladders(size);
        assert!(ladders("", 13) && !ladders("", 9) && !ladders("", 19));
        assert!(ladders("ladders=1", 9) && !ladders("ladders=0", 13));
        let rates = |text: &str, size| {
            let tuning = Tuning::parse(text).unwrap();
            (tuning.two_liberty_rate(size), tuning.race_rate(size))
        };
        assert_eq!(rates("", 13), (0.9, 0.25));
        assert_eq!(rates("", 9), (0.0, 0.0));
        assert_eq!(rates("", 19), (0.0, 0.0));
        assert_eq!(rates("twolib=0,race=0", 13), (0.0, 0.0));
        assert_eq!(rates("twolib=0.5", 9), (0.5, 0.0));
        let self_ataris = |text: &str, size| {
            let tuning = Tuning::parse(text).unwrap();
            (
                tuning.self_atari_rejection(size),
                tuning.approach_rate(size),
                tuning.nakade_rate(size),
                tuning.idle_sacrifice_rejection(size),
            )
        };
        assert_eq!(self_ataris("", 13), (0.6, 1.0, 0.8, 1.0));
        assert_eq!(self_ataris("", 9), (1.0, 0.0, 0.0, 0.0));
        assert_eq!(self_ataris("", 19), (1.0, 0.0, 0.0, 0.0));
        assert_eq!(
            self_ataris("selfatari=1,approach=0,nakade=0,idle=0", 13),
            (1.0, 0.0, 0.0, 0.0)
        );
        assert_eq!(self_ataris("approach=0.5,idle=1", 9), (1.0, 0.5, 0.0, 1.0));
    }

    /// Each entry of the table sets the field it shows: its default read back changes
    /// nothing, and another value it accepts is the value it then shows.
    #[test]
    fn every_constant_sets_the_value_it_shows() {
        for constant in CONSTANTS {
            let Some(shown) = constant.default else {
                continue;
            };
            let default = shown(&Tuning::default());
            let same = Tuning::parse(&format!("{}={default}", constant.name)).unwrap();
            assert_eq!(same, Tuning::default(), "{}", constant.name);
            let other = if default == 1.0 { 0.0 } else { 1.0 };
            let changed = Tuning::parse(&format!("{}={other}", constant.name)).unwrap();
            assert_eq!(shown(&changed), other, "{}", constant.name);
        }
    }

    #[test]
    fn bad_pairs_are_refused_with_their_name() {
        for (text, word) in [
            ("rave", "name=value"),
            ("rave=0", "rave"),
            ("prior=-1", "prior"),
            ("prior=NaN", "prior"),
            ("expand=2.5", "expand"),
            ("rate=1.5", "rate"),
            ("ladders=0.5", "ladders"),
            ("selfatari=2", "selfatari"),
            ("distance=1.5", "distance"),
            ("ko=2", "ko"),
            ("race=1.5", "race"),
            ("replies=2", "replies"),
            ("nakade=1.1", "nakade"),
            ("approach=3", "approach"),
            ("falseeye=1.5", "falseeye"),
            ("capture=2", "capture"),
            ("randomshape=-1", "randomshape"),
            ("idle=1.5", "idle"),
            ("marks=0.5", "marks"),
            ("norave=1.5", "norave"),
            ("owncapture=1.5", "owncapture"),
            ("owncapture=400", "owncapture"),
            ("ownescape=0.5", "ownescape"),
            ("escape=2", "escape"),
            ("owner=0.5", "owner"),
            ("owner=20000", "owner"),
            ("ucb=1", "unknown constant ucb"),
        ] {
            let error = Tuning::parse(text).unwrap_err();
            assert!(error.contains(word), "{text}: {error}");
        }
    }
}
