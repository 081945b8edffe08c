//! Every tunable constant of the search and its playouts, in one table: each constant's
//! doc, its default on small (up to 9×9), middle-sized (10×10 to 18×18) and large boards, and
//! the values it takes. `Tuning` is what `--tune name=value,...` sets over the defaults;
//! `Tuning::for_size` gives the `Constants` of a board, the one value that `genmove`, `bench`
//! and the referee's figures all play with.
//!
//! A constant that loses its match leaves this table, and its code leaves the engine, in the
//! commit that records the loss; its patch stays with the records
//! (`gtp-scripts/bench/records/`).

/// The values a constant takes: from `least` to `most`, whole numbers only if `whole`.
#[derive(Clone, Copy, Debug)]
pub struct Range {
    pub least: f64,
    pub most: f64,
    pub whole: bool,
}

/// A rate or share, 0 to 1.
const RATE: Range = Range {
    least: 0.0,
    most: 1.0,
    whole: false,
};
/// A weight 0 or more.
const WEIGHT: Range = Range {
    least: 0.0,
    most: 1e6,
    whole: false,
};
/// 0 (off) or 1 (on).
const SWITCH: Range = Range {
    least: 0.0,
    most: 1.0,
    whole: true,
};

/// A count from 0 to `most`.
const fn count(most: f64) -> Range {
    Range {
        least: 0.0,
        most,
        whole: true,
    }
}

impl Range {
    fn admits(&self, v: f64) -> bool {
        v.is_finite() && v >= self.least && v <= self.most && (!self.whole || v.fract() == 0.0)
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let kind = if self.whole {
            "a whole number"
        } else {
            "a number"
        };
        write!(f, "{kind} from {} to {}", self.least, self.most)
    }
}

/// Which of the three board classes a size falls in: 0 up to 9×9, 1 below 19×19, 2 from 19×19.
fn class(size: usize) -> usize {
    match size {
        ..=9 => 0,
        10..=18 => 1,
        _ => 2,
    }
}

/// One row of the table, for parsing and `--help`.
struct Entry {
    name: &'static str,
    /// The first line of the field's doc.
    help: &'static str,
    range: Range,
    /// Defaults on small, middle-sized and large boards.
    defaults: [f64; 3],
    field: fn(&mut Constants) -> &mut f64,
}

/// Declares `Constants`, one `f64` field a constant, and the table that describes them; each
/// row is `/// doc`, then `name: range, [small, middle, large];`.
macro_rules! constants {
    ($( #[doc = $help:literal] $(#[doc = $more:literal])* $name:ident: $range:expr, $defaults:expr; )+) => {
        /// The constants of the searches and playouts on one board.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Constants {
            $( #[doc = $help] $(#[doc = $more])* pub $name: f64, )+
        }

        /// Every constant 0, before `Tuning::for_size` fills them in.
        const UNSET: Constants = Constants { $( $name: 0.0, )+ };

        const TABLE: &[Entry] = &[$(
            Entry {
                name: stringify!($name),
                help: $help,
                range: $range,
                defaults: $defaults,
                field: |c| &mut c.$name,
            },
        )+];
    };
}

constants! {
    /// RAVE equivalence E of β = ñ / (ñ + n + n·ñ/E)
    /// About how many games a move needs before its own win rate counts as much as its AMAF
    /// win rate. On 9×9 against Pachi at 5,000 playouts, 800 with the distance weights won
    /// 224 of 400 (two runs) where 3000 without them had won 190 of 396; on 13×13 the pair
    /// won 15 of 41 (stopped) and the weights alone 28 of 60, so larger boards keep 3000.
    rave: Range { least: 1.0, most: 1e6, whole: false }, [800.0, 3000.0, 3000.0];
    /// AMAF weight of the moves played soonest after a node, against 1 for the last
    /// A point first played late in a playout, often filling a settled area, says little about
    /// playing it now (Pachi's `distance_rave`); 0 weighs every move alike.
    distance: count(16.0), [3.0, 0.0, 0.0];
    /// Scale of every prior's virtual games
    /// How long knowledge outweighs the games played.
    prior: WEIGHT, [1.0, 1.0, 1.0];
    /// Even prior of every move, in prior units of virtual games at 0.5
    /// How long the search keeps an open mind before the knowledge and the games decide.
    even: WEIGHT, [1.0, 1.0, 1.0];
    /// Virtual wins for the move model's favourites, in prior units per root of their share
    /// 16 units is about Pachi's weight (its pattern prior is 15 times its even prior).
    learned: WEIGHT, [16.0, 16.0, 16.0];
    /// Prior units for the third line against the first two in open areas, from 13×13 up
    lines: WEIGHT, [1.0, 1.0, 1.0];
    /// Stones the opening lasts above 13×13, leaving out idle first- and second-line moves
    /// Until then the tree leaves out moves on the first two lines that neither capture nor
    /// save stones (`knowledge::candidates::is_wasted_in_opening`); 0 leaves none out.
    opening: count(361.0), [20.0, 20.0, 20.0];
    /// Games through a leaf before it is expanded
    /// Soon on small boards, later on large ones where every expansion costs hundreds of nodes.
    expand: count(1e6), [2.0, 8.0, 8.0];
    /// Losses a virtual loss counts for while another thread is below a node
    virtual_loss: WEIGHT, [1.0, 1.0, 1.0];
    /// The playouts' shapes: 0 for MoGo's, G for learned 3×3 shapes of strength G or more
    /// Learned shapes are chosen in proportion to their strength, as Pachi weighs its shapes:
    /// with the learned prior at 16, 107/199 against Pachi on 9×9 where MoGo's won 89/199.
    shapes: WEIGHT, [2.0, 2.0, 2.0];
    /// How often each local and shape rule of the playouts is tried
    /// Fully determined playouts judge some positions always the same wrong way.
    rate: RATE, [1.0, 1.0, 1.0];
    /// 1: the playouts leave out escapes into working ladders
    /// Reading costs 12–13% of the speed; against Pachi it won 48 of 120 on 13×13 where the
    /// defaults won 15 of 60, but gained nothing on 9×9 (110/200 against 107/199) or 19×19,
    /// where it costs a fifth of the playouts' speed.
    ladders: SWITCH, [0.0, 1.0, 0.0];
    /// 1: a convolutional network refines the move model's shares at the root and its children
    /// It was trained on 19×19 games (`knowledge::network`); one evaluation costs about as
    /// much as a few playouts.
    network: SWITCH, [0.0, 0.0, 1.0];
    /// How often the playouts' random moves refuse a bad self-atari
    /// Pachi's 0.6 on middle-sized boards, with the three rules below: together they won 154
    /// of 298 against Pachi on 13×13 (five runs) where the defaults before won 157 of 358.
    selfatari: RATE, [1.0, 0.6, 1.0];
    /// How often a refused self-atari becomes an approach move
    /// The other liberty of a two-liberty string beside it, the enemy's first: how a capturing
    /// race is won from the outside.
    approach: RATE, [0.0, 1.0, 0.0];
    /// How often the playouts play the vital point of an eye space the last move touched
    nakade: RATE, [0.0, 0.8, 0.0];
    /// How often the playouts refuse a lone stone the enemy takes for free
    idle: RATE, [0.0, 1.0, 0.0];
    /// How often the playouts try their two-liberty rule
    /// With the capturing-race rule it won 86 of 180 against Pachi on 13×13 where the
    /// defaults that read ladders won 67 of 180; on 9×9 it gained nothing.
    twolib: RATE, [0.0, 0.9, 0.0];
    /// How often strings of three or four liberties atari an enemy string of two beside them
    race: RATE, [0.0, 0.25, 0.0];
    /// The win rate from which the side to move pays lead komi in its next search
    /// (`search::lead_komi`); 1 pays it only where every game of the search was won. From
    /// 0.85 it won 4 of 7 giving 3 stones to GNU Go on 13×13 (17 of 20 without lead komi),
    /// from 0.95 19 of 20, by 5.8 points on average instead of 3.8.
    lead_from: RATE, [0.95, 0.95, 0.95];
    /// The most of its lead that a side far ahead pays as komi; 0 pays nothing
    lead_share: RATE, [0.5, 0.5, 0.5];
    /// The value network's weight in each game's result, beside the playout's (λ)
    /// A game's result is (1 - λ) × the playout's result + λ × the network's chance of
    /// winning at the leaf the playout started from (AlphaGo's mixing); the network was
    /// trained on 19×19 games (`knowledge::value`). 0 leaves it out.
    value: RATE, [0.0, 0.0, 0.0];
}

impl Constants {
    /// The defaults on a board of `size`.
    pub fn defaults(size: usize) -> Constants {
        Tuning::default().for_size(size)
    }
}

/// The `name=value` pairs of a comma-separated list (`--tune`, `--sprt`), trimmed; a pair
/// without `=` is an error.
pub fn pairs(text: &str) -> impl Iterator<Item = Result<(&str, &str), String>> {
    (text.split(',').filter(|p| !p.trim().is_empty())).map(|pair| {
        pair.split_once('=')
            .map(|(name, value)| (name.trim(), value.trim()))
            .ok_or_else(|| format!("{pair}: expected name=value"))
    })
}

/// What `--tune` sets: a value for some of the constants, on every board size; the others
/// keep their defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tuning {
    set: [Option<f64>; TABLE.len()],
}

impl Tuning {
    /// The constants on a board of `size`: the defaults, with what was set.
    pub fn for_size(&self, size: usize) -> Constants {
        let mut constants = UNSET;
        for (entry, set) in TABLE.iter().zip(self.set) {
            *(entry.field)(&mut constants) = set.unwrap_or(entry.defaults[class(size)]);
        }
        constants
    }

    /// Reads `name=value` pairs, separated by commas, over the defaults.
    pub fn parse(text: &str) -> Result<Tuning, String> {
        let mut tuning = Tuning::default();
        for pair in pairs(text) {
            let (name, value) = pair?;
            let Some(i) = TABLE.iter().position(|e| e.name == name) else {
                let names: Vec<&str> = TABLE.iter().map(|e| e.name).collect();
                return Err(format!("unknown constant {name} ({})", names.join(", ")));
            };
            let range = TABLE[i].range;
            tuning.set[i] = Some(
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| range.admits(*v))
                    .ok_or_else(|| format!("{name}: {value} is not {range}"))?,
            );
        }
        Ok(tuning)
    }

    /// What `parse` knows, a constant a line with its defaults and range (`--tune help`).
    pub fn help() -> String {
        let mut text = String::from(
            "--tune NAME=VALUE,... sets the search's constants, for tuning matches.\n\
             Defaults are for boards up to 9x9 / below 19x19 / from 19x19.\n\n",
        );
        for e in TABLE {
            let [small, middle, large] = e.defaults;
            let default = if small == middle && middle == large {
                format!("{small}")
            } else {
                format!("{small} / {middle} / {large}")
            };
            text.push_str(&format!(
                "{:<13} {} (default {default}; {})\n",
                e.name,
                e.help.trim(),
                e.range
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_follow_the_board_size() {
        let [small, middle, large] = [9, 13, 19].map(Constants::defaults);
        assert_eq!(
            (small.rave, middle.rave, large.rave),
            (800.0, 3000.0, 3000.0)
        );
        assert_eq!((small.distance, middle.distance), (3.0, 0.0));
        assert_eq!((small.expand, middle.expand, large.expand), (2.0, 8.0, 8.0));
        let middle_rules = |c: Constants| (c.ladders, c.selfatari, c.twolib, c.race, c.nakade);
        assert_eq!(middle_rules(middle), (1.0, 0.6, 0.9, 0.25, 0.8));
        assert_eq!(middle_rules(small), (0.0, 1.0, 0.0, 0.0, 0.0));
        assert_eq!(middle_rules(large), middle_rules(small));
        assert_eq!(Constants::defaults(7), small);
        assert_eq!(Constants::defaults(11), middle);
        assert_eq!(Constants::defaults(25), large);
    }

    #[test]
    fn a_pair_sets_its_constant_on_every_board_and_nothing_else() {
        let tuning = Tuning::parse("rave=2000, prior=1.5,selfatari=0.6 ,expand=4").unwrap();
        for size in [9, 13, 19] {
            let set = tuning.for_size(size);
            assert_eq!(
                (set.rave, set.prior, set.selfatari, set.expand),
                (2000.0, 1.5, 0.6, 4.0)
            );
            let untouched = Constants {
                rave: set.rave,
                prior: set.prior,
                selfatari: set.selfatari,
                expand: set.expand,
                ..Constants::defaults(size)
            };
            assert_eq!(set, untouched);
        }
        assert_eq!(Tuning::parse("").unwrap(), Tuning::default());
    }

    /// Every row of the table sets its own field, and takes its least and most values.
    #[test]
    fn every_constant_sets_the_field_it_names() {
        for entry in TABLE {
            for value in [entry.range.least, entry.range.most] {
                let set = Tuning::parse(&format!("{}={value}", entry.name)).unwrap();
                let mut expected = Constants::defaults(9);
                *(entry.field)(&mut expected) = value;
                assert_eq!(set.for_size(9), expected, "{}", entry.name);
            }
            assert!(Tuning::help().contains(entry.name));
        }
    }

    #[test]
    fn bad_pairs_are_refused_with_their_name_and_range() {
        for (text, words) in [
            ("rave", "name=value"),
            ("rave=0", "rave: 0 is not a number from 1"),
            ("prior=-1", "prior"),
            ("prior=NaN", "prior"),
            ("prior=inf", "prior"),
            ("expand=2.5", "expand: 2.5 is not a whole number"),
            ("rate=1.5", "from 0 to 1"),
            ("ladders=0.5", "ladders"),
            ("distance=17", "distance"),
            ("opening=400", "opening"),
            ("lcb=2", "unknown constant lcb"),
        ] {
            let error = Tuning::parse(text).unwrap_err();
            assert!(error.contains(words), "{text}: {error}");
        }
    }
}
