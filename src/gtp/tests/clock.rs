//! The clock commands.

use super::*;

#[test]
fn time_commands_set_the_clock_and_refuse_nonsense() {
    let mut e = quick_engine();
    ok(&mut e, "time_settings 600 30 5");
    assert_eq!(
        e.player.clock.system,
        TimeSystem::Canadian {
            main: 600.0,
            period: 30.0,
            stones: 5
        }
    );
    ok(&mut e, "time_settings 0 1 0");
    assert_eq!(e.player.clock.system, TimeSystem::None);
    ok(&mut e, "kgs-time_settings byoyomi 60 5 3");
    assert_eq!(
        e.player.clock.system,
        TimeSystem::ByoYomi {
            main: 60.0,
            period: 5.0,
            periods: 3
        }
    );
    ok(&mut e, "kgs-time_settings absolute 300");
    ok(&mut e, "kgs-time_settings canadian 0 20 10");
    ok(&mut e, "kgs-time_settings NONE");
    assert_eq!(e.player.clock.system, TimeSystem::None);
    ok(&mut e, "time_left black 4.5 1");
    assert_eq!(
        e.player.clock.left[0],
        Some(TimeLeft {
            seconds: 4.5,
            count: 1
        })
    );
    ok(&mut e, "time_left w -3 0");
    assert_eq!(
        e.player.clock.left[1],
        Some(TimeLeft {
            seconds: 0.0,
            count: 0
        })
    );
    for bad in [
        "time_settings 1 2",
        "time_settings a b c",
        "time_settings 1 2 -3",
        "kgs-time_settings",
        "kgs-time_settings byoyomi 1 2",
        "kgs-time_settings fischer 1 2 3",
        "time_left x 1 1",
        "time_left b 1",
    ] {
        assert_eq!(err(&mut e, bad), "syntax error", "{bad}");
    }
    for too_long in ["time_settings 1e300 0 0", "time_left b 99999999999 0"] {
        assert!(
            err(&mut e, too_long).starts_with("syntax error: "),
            "{too_long}"
        );
    }
    let cpu: f64 = ok(&mut e, "cputime").parse().unwrap();
    assert!(cpu >= 0.0);
}
