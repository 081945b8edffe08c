//! Runs every `.tst` suite under `gtp-scripts/` against the built engine with gogui-regress
//! semantics, and the real-world rules suites in `../shared/data/regress/rules/`, with 1,000
//! playouts a move on one thread.

use std::path::{Path, PathBuf};

use tengen::regress::{find_suites, print_report, run_file};

fn engine() -> &'static str {
    env!("CARGO_BIN_EXE_tengen")
}

/// A fixed, reproducible budget: the tactical suite's expected failures hold for it.
fn engine_args() -> Vec<String> {
    ["--playouts", "1000", "--threads", "1", "--seed", "0"]
        .map(String::from)
        .to_vec()
}

/// Runs the suites and fails with the descriptions of all unexpected failures.
fn assert_all_pass(suites: &[PathBuf]) {
    let failures = failures_of(suites);
    assert!(
        failures.is_empty(),
        "unexpected failures:\n{}",
        failures.join("\n")
    );
}

/// Runs the suites and returns the descriptions of all unexpected failures.
fn failures_of(suites: &[PathBuf]) -> Vec<String> {
    let mut failures = Vec::new();
    for suite in suites {
        let report = run_file(suite, engine(), &engine_args())
            .unwrap_or_else(|e| panic!("{}: {e}", suite.display()));
        assert!(
            !report.outcomes.is_empty(),
            "{} has no tests",
            suite.display()
        );
        if !print_report(&report) {
            failures.extend(
                report
                    .unexpected_failures()
                    .map(|o| format!("{} {}: {}", suite.display(), o.id, o.command)),
            );
            failures.extend(
                report
                    .other_errors
                    .iter()
                    .map(|e| format!("{}: {e}", suite.display())),
            );
        }
    }
    failures
}

#[test]
fn the_projects_own_suites_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts");
    let suites = find_suites(&root).unwrap();
    assert!(suites.len() >= 3, "suites found: {suites:?}");
    assert_all_pass(&suites);
}

/// sgfmill, minigo and KataGo rules cases (third-party data beside the repository).
#[test]
#[ignore = "needs ../shared/data, the real-world test data (SGF files, regression suites, strong games) kept beside the repository and not part of it; run by .ci/run with --include-ignored"]
fn the_real_world_rules_suites_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/regress/rules");
    assert!(root.is_dir(), "this test needs {}", root.display());
    let suites = find_suites(&root).unwrap();
    assert_eq!(suites.len(), 3, "suites found: {suites:?}");
    assert_all_pass(&suites);
}

/// gogui-regress runs the engine in the suite's folder; a relative engine path still means
/// a path from where the command was given.
#[test]
fn a_relative_engine_path_starts_the_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let relative = Path::new(engine())
        .strip_prefix(root)
        .expect("binary inside the package");
    assert!(relative.is_relative() && relative.components().count() > 1);
    // Cargo runs tests in the package's folder: the relative path starts from there. (Changing
    // the folder here would race with the other tests of this binary.)
    let here = std::env::current_dir().unwrap().canonicalize().unwrap();
    assert_eq!(here, root.canonicalize().unwrap());
    let suite = root.join("gtp-scripts/tactics/ladders.tst");
    let report = run_file(&suite, relative.to_str().unwrap(), &engine_args()).unwrap();
    assert!(!report.outcomes.is_empty());
    assert_eq!(report.unexpected_failures().count(), 0);
}
