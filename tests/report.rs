//! The event report as people see it: every link and picture of `report.html` is a file of
//! the event, `games.csv` has a row a game, and headless Chromium renders the report with
//! every picture decoded and no console error.

mod common;

use std::path::Path;
use std::process::Command;

use tengen::referee::{self, Format};

/// A three-engine round robin on 7x7, played once for the tests of this file.
fn played_event() -> &'static Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let entrants = vec![
            common::tengen("quick", 100),
            common::tengen("steady", 400),
            common::scripted("passer", "", ""),
        ];
        let mut ev = common::event(
            "report",
            entrants,
            Format::RoundRobin { cycles: 1 },
            common::rules(7),
        );
        ev.jobs = 2;
        let records = referee::run(&ev).unwrap();
        assert_eq!(records.len(), 3);
        ev.dir
    })
}

/// The values of `attribute="..."` in `html`.
fn attributes<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let key = format!("{attribute}=\"");
    html.match_indices(&key)
        .map(|(i, _)| {
            let rest = &html[i + key.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

#[test]
fn the_report_links_files_of_the_event_and_the_csv_has_a_row_a_game() {
    let dir = played_event();
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    for section in [
        "Settings",
        "Standings",
        "Ratings",
        "Crosstable",
        "Pairings",
        "Games",
    ] {
        assert!(html.contains(&format!("<h2>{section}</h2>")), "{section}");
    }
    // The settings are the results file's header, in words.
    assert!(html.contains("rules: 7x7"), "{html}");
    let links = attributes(&html, "href");
    let pictures = attributes(&html, "src");
    assert_eq!(links.len(), 3);
    // Each game was played, so each has its final position and its lead graph.
    assert_eq!(pictures.len(), 6);
    for file in links.iter().chain(&pictures) {
        assert!(dir.join(file).is_file(), "{file} is missing");
    }
    let csv = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4);
    assert!(rows[0].starts_with("game,round,black,white,result,winner"));
    // The engine that always passes loses both its games.
    let passer_losses = rows[1..]
        .iter()
        .filter(|r| r.contains("passer") && !r.contains(",passer,B,") && !r.contains(",passer,W,"))
        .count();
    assert_eq!(passer_losses, 2, "{csv}");
}

/// A page beside the report that opens it in a frame as it is (no click), waits for each
/// picture to decode and says on the console how many did, how many are shown on the page
/// (laid out with a size: not folded away) and which did not decode.
const CHECKER: &str = r#"<!DOCTYPE html><html><body>
<iframe id="report" src="report.html" width="1000" height="800"></iframe>
<script>
document.getElementById("report").onload = async function () {
  const page = this.contentDocument;
  let decoded = 0, shown = 0;
  for (const img of page.images) {
    img.loading = "eager";
    try { await img.decode(); if (img.naturalWidth > 0) decoded++; }
    catch (e) { console.error("BROKEN " + img.getAttribute("src")); }
    if (img.getBoundingClientRect().width > 100) shown++;
  }
  console.log("DECODED " + decoded + " SHOWN " + shown + " OF " + page.images.length);
};
</script></body></html>"#;

#[test]
#[ignore = "needs chromium (apt-get install chromium); run by .ci/run with --include-ignored"]
fn chromium_renders_the_report_with_every_picture_and_no_console_error() {
    let dir = played_event();
    std::fs::write(dir.join("check.html"), CHECKER).unwrap();
    let url = format!("file://{}", dir.join("check.html").display());
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=10000",
            "--dump-dom",
            &url,
        ])
        .output()
        .expect("chromium (apt-get install chromium)");
    let log = String::from_utf8_lossy(&out.stderr);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(
        console.iter().any(|l| l.contains("DECODED 6 SHOWN 6 OF 6")),
        "{console:#?}"
    );
    assert_eq!(
        console.len(),
        1,
        "console messages besides the count: {console:#?}"
    );
}
