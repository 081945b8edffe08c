//! `loadsgf`.

use super::*;

#[test]
fn loadsgf_loads_a_position_or_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("tengen-loadsgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let good = file(
        "good.sgf",
        "(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]AB[cc][gg];W[ee];B[dd];W[ff])",
    );
    let bad = [
        file("truncated.sgf", "(;SZ[9];B[aa"),
        file("huge.sgf", "(;SZ[37];B[aa])"),
        file("illegal.sgf", "(;SZ[9];B[aa];W[aa])"),
        file("empty.sgf", ""),
        dir.join("missing.sgf").display().to_string(),
    ];
    let mut e = engine();
    ok(&mut e, "boardsize 13");
    ok(&mut e, "play b a1");
    let before = state(&mut e);
    for path in &bad {
        assert!(
            err(&mut e, &format!("loadsgf {path}")).starts_with("cannot load file"),
            "{path}"
        );
        assert_eq!(state(&mut e), before, "{path} changed the position");
    }
    assert_eq!(err(&mut e, &format!("loadsgf {good} x")), "syntax error");

    assert_eq!(ok(&mut e, &format!("loadsgf {good}")), "black");
    assert_eq!(ok(&mut e, "list_stones black"), "G3 D6 C7");
    assert_eq!(ok(&mut e, "list_stones white"), "F4 E5");
    assert_eq!(
        (e.game().size(), e.game().komi(), e.game().handicap()),
        (9, 6.5, 2)
    );
    assert_eq!(ok(&mut e, &format!("loadsgf {good} 2")), "black");
    assert_eq!(ok(&mut e, "list_stones black"), "G3 C7");
    assert_eq!(ok(&mut e, &format!("loadsgf {good} D6")), "black");
    assert_eq!(ok(&mut e, "list_stones white"), "E5");
    assert_eq!(ok(&mut e, &format!("loadsgf {good} 1")), "white");
    // The record's result is written back until the game goes on.
    let finished = file("finished.sgf", "(;SZ[9]RE[W+Resign];B[ee];W[cc])");
    ok(&mut e, &format!("loadsgf {finished}"));
    assert!(ok(&mut e, "printsgf").contains("RE[W+Resign]"));
    ok(&mut e, "play b d4");
    assert!(!ok(&mut e, "printsgf").contains("RE["));
    // The loaded moves can be undone back to the setup, not further.
    ok(&mut e, &format!("loadsgf {good}"));
    ok_all(&mut e, &["undo", "undo", "undo"]);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A FIFO, a device, standard input and a folder are refused at once, to read and to write:
/// reading them would block or never end, writing a FIFO blocks, and writing `/dev/stdin`
/// (found by a hostile-input run) sent the record back to the engine as commands.
#[test]
fn loadsgf_and_printsgf_use_regular_files_only() {
    let dir = std::env::temp_dir().join(format!("tengen-loadsgf-odd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo.sgf");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut odd = vec!["/dev/stdin".to_string(), "/dev/zero".to_string()];
    odd.push(dir.display().to_string());
    if made.is_ok_and(|s| s.success()) {
        odd.push(fifo.display().to_string());
    }
    let mut e = engine();
    let before = state(&mut e);
    for path in &odd {
        let start = std::time::Instant::now();
        let refused = err(&mut e, &format!("loadsgf {path}"));
        assert!(refused.starts_with("cannot load file"), "{path}: {refused}");
        assert!(start.elapsed().as_secs() < 2, "{path} took too long");
        assert_eq!(state(&mut e), before, "{path} changed the position");
        let refused = err(&mut e, &format!("printsgf {path}"));
        assert!(refused.starts_with("cannot save file"), "{path}: {refused}");
        assert!(start.elapsed().as_secs() < 2, "{path} took too long");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
