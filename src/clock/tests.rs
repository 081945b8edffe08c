use super::*;

fn left(seconds: f64, count: u32) -> Option<TimeLeft> {
    Some(TimeLeft { seconds, count })
}

fn clock(system: TimeSystem, left: Option<TimeLeft>) -> Clock {
    let mut c = Clock::new(1.0);
    c.set(system);
    c.left[0] = left;
    c
}

#[test]
fn gtp_time_settings() {
    assert_eq!(TimeSystem::from_gtp(0.0, 1.0, 0), TimeSystem::None);
    assert_eq!(
        TimeSystem::from_gtp(300.0, 0.0, 0),
        TimeSystem::Absolute { main: 300.0 }
    );
    assert_eq!(
        TimeSystem::from_gtp(600.0, 30.0, 5),
        TimeSystem::Canadian {
            main: 600.0,
            period: 30.0,
            stones: 5
        }
    );
    assert_eq!(
        TimeSystem::from_gtp(-5.0, f64::NAN, 0),
        TimeSystem::Absolute { main: 0.0 }
    );
}

#[test]
fn no_limit_gives_no_budget() {
    assert_eq!(clock(TimeSystem::None, None).budget(0, 30.0), None);
}

#[test]
fn absolute_time_is_spread_over_the_moves_left_with_a_reserve() {
    let c = clock(TimeSystem::Absolute { main: 60.0 }, None);
    let b = c.budget(0, 30.0).unwrap();
    assert!((b - (54.0 - 1.0) / 30.0).abs() < 1e-9, "{b}");
    // Nearly out of time: a tiny budget, never negative.
    let c = clock(TimeSystem::Absolute { main: 60.0 }, left(0.5, 0));
    assert_eq!(c.budget(0, 30.0), Some(0.01));
}

#[test]
fn byo_yomi_uses_the_period_once_main_time_is_gone() {
    let system = TimeSystem::ByoYomi {
        main: 0.0,
        period: 5.0,
        periods: 1,
    };
    // KGS: time_left b 5 1 (one period left).
    let c = clock(system, left(5.0, 1));
    let b = c.budget(0, 40.0).unwrap();
    assert!((b - 0.7 * 4.0).abs() < 1e-9 && b + 1.0 < 5.0, "{b}");
    // Several periods left: a bolder share of one.
    let system = TimeSystem::ByoYomi {
        main: 0.0,
        period: 30.0,
        periods: 5,
    };
    let c = clock(system, left(30.0, 5));
    assert!((c.budget(0, 40.0).unwrap() - 0.8 * 29.0).abs() < 1e-9);
    // In main time: a share of it plus the period.
    let system = TimeSystem::ByoYomi {
        main: 600.0,
        period: 30.0,
        periods: 5,
    };
    let c = clock(system, left(301.0, 0));
    assert!((c.budget(0, 50.0).unwrap() - (300.0 / 50.0 + 0.8 * 29.0)).abs() < 1e-9);
}

#[test]
fn canadian_spreads_the_period_over_the_stones_left() {
    let system = TimeSystem::Canadian {
        main: 0.0,
        period: 20.0,
        stones: 10,
    };
    let c = clock(system, left(11.0, 1));
    assert!(
        (c.budget(0, 40.0).unwrap() - 0.9 * 10.0).abs() < 1e-9,
        "one stone left"
    );
    let c = clock(system, left(20.0, 10));
    assert!((c.budget(0, 40.0).unwrap() - 0.9 * 19.0 / 10.0).abs() < 1e-9);
    let c = clock(system, None);
    assert!((c.budget(0, 40.0).unwrap() - 0.9 * 19.0 / 10.0).abs() < 1e-9);
}

#[test]
fn a_longer_think_for_an_unclear_move_stays_safe() {
    // Absolute: twice the normal share at most, and never more than 5% of what is left.
    let c = clock(TimeSystem::Absolute { main: 300.0 }, left(100.0, 0));
    let b = c.budgets(0, 30.0).unwrap();
    assert!((b.most - 2.0 * b.normal).abs() < 1e-9, "{b:?}");
    let c = clock(TimeSystem::Absolute { main: 300.0 }, left(100.0, 0));
    let b = c.budgets(0, 1.0).unwrap();
    assert!((b.most - b.normal - 0.05 * 99.0).abs() < 1e-9, "{b:?}");
    // Byo-yomi periods: 90% of one (80% of the last) less the lag, never the whole.
    let system = |periods| TimeSystem::ByoYomi {
        main: 0.0,
        period: 5.0,
        periods,
    };
    let b = clock(system(3), left(5.0, 3)).budgets(0, 40.0).unwrap();
    assert!(
        (b.most - 0.9 * 4.0).abs() < 1e-9 && b.most + 1.0 < 5.0,
        "{b:?}"
    );
    let b = clock(system(1), left(5.0, 1)).budgets(0, 40.0).unwrap();
    assert!((b.most - 0.85 * 4.0).abs() < 1e-9, "{b:?}");
    assert!(b.use_it_or_lose_it, "a period's unused time is lost");
    // Canadian: borrowing from later stones, but not with the last stone of the period.
    let system = TimeSystem::Canadian {
        main: 0.0,
        period: 20.0,
        stones: 10,
    };
    let b = clock(system, left(20.0, 10)).budgets(0, 40.0).unwrap();
    assert!((b.most - 1.5 * b.normal).abs() < 1e-9, "{b:?}");
    let b = clock(system, left(6.0, 1)).budgets(0, 40.0).unwrap();
    assert_eq!(b.most, b.normal);
    assert!(b.most + 1.0 < 6.0);
    // Out of time: both tiny, never negative.
    let b = clock(system, left(0.2, 3)).budgets(0, 40.0).unwrap();
    assert_eq!((b.normal, b.most), (0.01, 0.01));
}

#[test]
fn own_bookkeeping_without_time_left() {
    let mut c = clock(TimeSystem::Absolute { main: 60.0 }, None);
    c.spent(0, 10.0);
    assert_eq!(c.left[0], left(50.0, 0));
    c.spent(0, 100.0);
    assert_eq!(c.left[0].unwrap().seconds, 0.0);
    let mut c = clock(TimeSystem::None, None);
    c.spent(0, 3.0);
    assert_eq!(c.left[0], None);
}

#[test]
fn moves_left_shrinks_as_the_board_fills() {
    assert_eq!(moves_left(19, 361), (361.0 - 72.2) / 2.0);
    assert_eq!(moves_left(19, 50), 36.1);
    assert_eq!(moves_left(9, 81), (81.0 - 16.2) / 2.0);
}

#[test]
fn the_clock_is_written_as_sgf_numbers_and_overtime_words() {
    assert_eq!(TimeSystem::None.sgf_properties(), "");
    assert_eq!(
        TimeSystem::Absolute { main: 600.0 }.sgf_properties(),
        "TM[600]"
    );
    let byo = TimeSystem::ByoYomi {
        main: 0.0,
        period: 30.0,
        periods: 3,
    };
    assert_eq!(byo.sgf_properties(), "TM[0]OT[3x30 byo-yomi]");
    let canadian = TimeSystem::Canadian {
        main: 300.5,
        period: 600.0,
        stones: 25,
    };
    assert_eq!(canadian.sgf_properties(), "TM[300.5]OT[25/600 Canadian]");
}
