//! The playground in a real headless Chromium (driven over the DevTools protocol by
//! headless_chrome): load the page, pick breakthrough, play moves by clicking and see the agent
//! answer, introduce a typo and see the diagnostic, convert to GDL, open the shared URL.
//! Screenshots of each view go to target/tmp/playground-*.png for people to look at
//! (docs/playground.md describes them).
//! Skips the whole test, saying so, when no Chromium is installed (`.ci/run` installs it).

use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROME") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| dirs.iter().map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// The playground on a free port of 127.0.0.1, served from a background thread.
fn start_server() -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(serve::serve(
            "127.0.0.1:0".parse().unwrap(),
            serve::Limits::default(),
            move |addr| tx.send(addr).unwrap(),
        ))
        .unwrap();
    });
    rx.recv_timeout(Duration::from_secs(10)).unwrap()
}

/// Evaluates `js` until it is true (20 s at most).
fn wait_for(tab: &Tab, what: &str, js: &str) {
    let start = Instant::now();
    loop {
        let v = tab.evaluate(js, false).unwrap().value;
        if v == Some(serde_json::Value::Bool(true)) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "waited 20 s for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Runs statements in their own scope (`const`s of one call must not clash with the next's).
fn run(tab: &Tab, statements: &str) {
    tab.evaluate(&format!("(() => {{ {statements} }})()"), false)
        .unwrap();
}

fn text_of(tab: &Tab, js: &str) -> String {
    let v = tab.evaluate(js, false).unwrap().value;
    v.and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn screenshot(tab: &Tab, name: &str) {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("playground-{name}.png"));
    std::fs::write(&path, png).unwrap();
    println!("screenshot: {}", path.display());
}

/// Chromium on the playground, or `None` after counting the skip.
fn launch() -> Option<(Browser, SocketAddr)> {
    let Some(path) = chromium() else {
        testskip::skip("no chromium on PATH (apt-get install chromium, or set CHROME)");
        return None;
    };
    let addr = start_server();
    let options = LaunchOptions::default_builder()
        .path(Some(path))
        .headless(true)
        .sandbox(false)
        .window_size(Some((1400, 1000)))
        .idle_browser_timeout(Duration::from_secs(120))
        .build()
        .unwrap();
    Some((Browser::new(options).unwrap(), addr))
}

/// A tab with the page loaded and started.
fn open_page(browser: &Browser, addr: SocketAddr) -> Arc<Tab> {
    let tab = browser.new_tab().unwrap();
    tab.navigate_to(&format!("http://{addr}/")).unwrap();
    tab.wait_until_navigated().unwrap();
    wait_for(
        &tab,
        "the page to start",
        "document.body.dataset.ready === '1'",
    );
    tab
}

#[test]
fn play_edit_and_convert_in_chromium() {
    let Some((browser, addr)) = launch() else {
        return;
    };
    let tab = open_page(&browser, addr);

    // Pick breakthrough (SBG) from the corpus.
    run(
        &tab,
        "const p = document.getElementById('picker'); p.value = 'breakthrough.sbg'; \
         p.dispatchEvent(new Event('change'));",
    );
    wait_for(
        &tab,
        "the SBG game",
        "document.getElementById('lang').textContent === 'SBG' && \
         document.getElementById('status').textContent.startsWith('white to move, 22')",
    );
    screenshot(&tab, "1-picked");

    // Against the random agent: click a legal move, the agent answers.
    run(
        &tab,
        "document.getElementById('opponent').value = 'random';",
    );
    for round in 1..=2 {
        tab.wait_for_element("#legal button.move")
            .unwrap()
            .click()
            .unwrap();
        wait_for(
            &tab,
            "the agent's answer",
            &format!(
                "document.querySelectorAll('#history li').length === {}",
                2 * round
            ),
        );
    }
    let status = text_of(&tab, "document.getElementById('status').textContent");
    assert!(status.starts_with("white to move"), "{status}");
    assert!(tab.find_element("#board svg").is_ok());
    screenshot(&tab, "2-played");

    // A typo typed into the editor: a diagnostic, and its line marked in the gutter.
    run(
        &tab,
        "const s = document.getElementById('source'); s.focus(); \
         s.setSelectionRange(s.value.indexOf('<PIECES>'), s.value.indexOf('<PIECES>'));",
    );
    tab.type_str("@@").unwrap();
    wait_for(
        &tab,
        "the diagnostic",
        "document.querySelectorAll('#diagnostics .diag.error').length > 0 && \
         document.querySelectorAll('#gutter .bad').length > 0",
    );
    let diag = text_of(
        &tab,
        "document.querySelector('#diagnostics .diag.error').textContent",
    );
    assert!(diag.starts_with("line "), "{diag}");
    screenshot(&tab, "3-typo");

    // Fixed again, then converted to GDL.
    run(
        &tab,
        "const s = document.getElementById('source'); s.value = s.value.replace('@@', ''); \
         s.dispatchEvent(new Event('input'));",
    );
    wait_for(
        &tab,
        "the fix",
        "document.querySelectorAll('#diagnostics .diag.error').length === 0 && \
         document.querySelectorAll('#diagnostics .diag.ok').length === 1",
    );
    // The fixed text is the game being played: its moves stay.
    wait_for(
        &tab,
        "the game back",
        "document.getElementById('status').textContent.startsWith('white to move') && \
         document.querySelectorAll('#history li').length === 4",
    );
    run(&tab, "document.getElementById('convert-to').value = 'gdl';");
    tab.find_element("#convert").unwrap().click().unwrap();
    wait_for(
        &tab,
        "the GDL translation",
        "document.getElementById('converted').value.includes('(role')",
    );
    screenshot(&tab, "4-converted");

    // Shared by URL: a new tab at that address has the game and its four moves.
    tab.find_element("#share").unwrap().click().unwrap();
    wait_for(&tab, "the address", "location.hash.startsWith('#play=')");
    let url = text_of(&tab, "location.href");
    let shared = browser.new_tab().unwrap();
    shared.navigate_to(&url).unwrap();
    shared.wait_until_navigated().unwrap();
    wait_for(
        &shared,
        "the shared page",
        "document.body.dataset.ready === '1'",
    );
    wait_for(
        &shared,
        "the shared game and moves",
        "document.getElementById('lang').textContent === 'SBG' && \
         document.querySelectorAll('#history li').length === 4",
    );
    screenshot(&shared, "5-shared");

    // A simultaneous GDL game (matching pennies): each role chooses its own move; against an
    // agent the first role is ours and the agent chooses the other's. (The first tab again:
    // a background tab takes no clicks or screenshots.)
    tab.activate().unwrap();
    run(
        &tab,
        "const p = document.getElementById('picker'); p.value = 'pennies.kif'; \
         p.dispatchEvent(new Event('change'));",
    );
    wait_for(
        &tab,
        "the GDL game's own-move lists",
        "document.getElementById('lang').textContent === 'GDL' && \
         document.querySelectorAll('#legal select.own-move').length === 2",
    );
    run(
        &tab,
        "const s = document.querySelectorAll('#legal select.own-move'); s[0].value = 'tails';",
    );
    let other = text_of(
        &tab,
        "document.querySelectorAll('#legal select.own-move')[1].value",
    );
    assert_eq!(other, "", "the agent chooses the second role's move");
    tab.find_element("#play-turn").unwrap().click().unwrap();
    wait_for(
        &tab,
        "the turn played",
        "document.querySelectorAll('#history li').length === 1 && \
         document.getElementById('status').textContent.startsWith('game over')",
    );
    let played = text_of(&tab, "document.querySelector('#history li').textContent");
    assert!(played.starts_with("tails | "), "{played}");
    screenshot(&tab, "6-simultaneous");

    // Pasting another text leaves the picker on "(your own)".
    run(
        &tab,
        "const s = document.getElementById('source'); s.value = s.value + ' '; \
         s.dispatchEvent(new Event('input'));",
    );
    let picker = text_of(&tab, "document.getElementById('picker').value");
    assert_eq!(picker, "", "the picker follows the text");
}

/// Clicks the board's square `sq` (its target in the picture), as a person does.
fn click_square(tab: &Tab, sq: &str) {
    tab.find_element(&format!("#board .sq[data-sq='{sq}']"))
        .unwrap_or_else(|e| panic!("no square {sq}: {e}"))
        .click()
        .unwrap();
}

/// The squares of the picture marked with class `cls`, sorted.
fn marked(tab: &Tab, cls: &str) -> Vec<String> {
    let js = format!(
        "JSON.stringify([...document.querySelectorAll('#board .sq.{cls}')].map((t) => t.dataset.sq).sort())"
    );
    serde_json::from_str(&text_of(tab, &js)).unwrap()
}

fn history(tab: &Tab) -> Vec<String> {
    let js =
        "JSON.stringify([...document.querySelectorAll('#history li')].map((l) => l.textContent))";
    serde_json::from_str(&text_of(tab, js)).unwrap()
}

/// Picks a bundled game, played by clicking for both sides, and waits for its first view.
fn pick_game(tab: &Tab, name: &str, status: &str) {
    run(
        tab,
        &format!(
            "document.getElementById('opponent').value = 'friend'; \
             const p = document.getElementById('picker'); p.value = '{name}'; \
             p.dispatchEvent(new Event('change'));"
        ),
    );
    wait_for(
        tab,
        name,
        &format!(
            "document.getElementById('picker').value === '{name}' && \
             document.getElementById('status').textContent.startsWith('{status}') && \
             document.querySelectorAll('#history li').length === 0"
        ),
    );
}

/// Clicks squares in turn; the move they make is the `n`th in the list of moves played.
fn click_move(tab: &Tab, squares: &[&str], n: usize) {
    for sq in squares {
        click_square(tab, sq);
    }
    wait_for(
        tab,
        &format!("move {n} ({squares:?})"),
        &format!("document.querySelectorAll('#history li').length === {n}"),
    );
}

/// Click-to-move (issue 42): chess e2-e4 with its destinations lit and the last move marked,
/// a promotion chosen from the chooser, an English draughts double capture from its first and
/// last squares, an amazons move (queen, destination, arrow), a GDL mark; undo and redo of a
/// turn against an agent, the filter box, zoom, the picker following pasted text, and the
/// formatter in the convert pane.
#[test]
fn click_to_move_in_chromium() {
    let Some((browser, addr)) = launch() else {
        return;
    };
    let tab = open_page(&browser, addr);

    pick_game(&tab, "chess.rbg", "white to move, 20");
    click_square(&tab, "e2");
    assert_eq!(marked(&tab, "sel"), ["e2"]);
    assert_eq!(marked(&tab, "dest"), ["e3", "e4"]);
    click_move(&tab, &["e4"], 1);
    assert_eq!(history(&tab), ["e2 e4"]);
    assert_eq!(marked(&tab, "last"), ["e2", "e4"]);
    screenshot(&tab, "7-chess-e4");

    // Black's move against the agent, which answers; Undo takes back both, Redo replays them.
    run(
        &tab,
        "document.getElementById('opponent').value = 'random';",
    );
    click_move(&tab, &["g8", "f6"], 3);
    let three = history(&tab);
    assert_eq!(three[1], "g8 f6");
    assert!(three[2].ends_with("(agent)"), "{three:?}");
    tab.find_element("#undo").unwrap().click().unwrap();
    wait_for(
        &tab,
        "undo",
        "document.querySelectorAll('#history li').length === 1",
    );
    assert_eq!(marked(&tab, "last"), ["e2", "e4"]);
    tab.find_element("#redo").unwrap().click().unwrap();
    wait_for(
        &tab,
        "redo",
        "document.querySelectorAll('#history li').length === 3",
    );
    assert_eq!(history(&tab), three);

    // The filter box keeps the moves holding every word typed (case ignored).
    run(
        &tab,
        "const f = document.getElementById('filter'); f.value = 'D7'; \
         f.dispatchEvent(new Event('input'));",
    );
    let shown = text_of(
        &tab,
        "[...document.querySelectorAll('#legal button.move')].filter((b) => !b.hidden)\
         .map((b) => b.textContent).join(',')",
    );
    assert_eq!(shown, "d7 d5,d7 d6", "black to move: its d-pawn's moves");
    run(&tab, "document.getElementById('filter').value = '';");

    // Zoom: the picture at 125% of its own size, then fitted again.
    tab.find_element("#zoom-in").unwrap().click().unwrap();
    let level = text_of(&tab, "document.getElementById('zoom-level').textContent");
    assert!(level.ends_with('%'), "{level}");
    tab.find_element("#zoom-fit").unwrap().click().unwrap();

    // The formatter: RBG to RBG in the convert pane.
    run(&tab, "document.getElementById('convert-to').value = 'rbg';");
    tab.find_element("#convert").unwrap().click().unwrap();
    wait_for(
        &tab,
        "the formatted text",
        "document.getElementById('converted').value.includes('#board')",
    );

    // A promotion with a capture: four moves share d7 and c8, the chooser lists them.
    pick_game(&tab, "chessPosition5.rbg", "white to move");
    click_square(&tab, "d7");
    click_square(&tab, "c8");
    wait_for(
        &tab,
        "the chooser",
        "document.querySelectorAll('#chooser button.choice').length === 4",
    );
    screenshot(&tab, "8-chooser");
    run(
        &tab,
        "[...document.querySelectorAll('#chooser button.choice')]\
         .find((b) => b.textContent.includes('[wQ]')).click();",
    );
    wait_for(
        &tab,
        "the promotion",
        "document.querySelectorAll('#history li').length === 1",
    );
    assert_eq!(history(&tab), ["d7 [e] c8 [wQ]"]);

    // English draughts: five moves by clicks, then a double capture from its first and last
    // squares (the captured men are the squares between).
    pick_game(&tab, "englishDraughts.rbg", "black to move");
    let setup = [
        ["b6", "a5"],
        ["c3", "d4"],
        ["a7", "b6"],
        ["g3", "h4"],
        ["a5", "b4"],
    ];
    for (i, mv) in setup.iter().enumerate() {
        click_move(&tab, mv, i + 1);
    }
    click_square(&tab, "a3");
    assert_eq!(marked(&tab, "dest"), ["b4"], "the first man to capture");
    click_move(&tab, &["a7"], 6);
    assert_eq!(history(&tab)[5], "a3 b4 b6 a7");
    assert_eq!(marked(&tab, "last"), ["a3", "a7", "b4", "b6"]);
    screenshot(&tab, "9-draughts");

    // Amazons: the queen, where it goes, where it shoots.
    pick_game(&tab, "amazons.rbg", "white to move, 2176");
    click_square(&tab, "a4");
    click_square(&tab, "b3");
    assert!(marked(&tab, "dest").contains(&"c2".to_string()));
    click_move(&tab, &["c2"], 1);
    assert_eq!(history(&tab), ["a4 b3 c2"]);
    assert_eq!(marked(&tab, "last"), ["a4", "b3", "c2"]);

    // A GDL game from the picker: a mark by one click on the drawn grid.
    pick_game(&tab, "ticTacToe.kif", "x to move");
    click_move(&tab, &["b2"], 1);
    assert_eq!(history(&tab), ["(mark 2 2)"]);
    assert_eq!(marked(&tab, "last"), ["b2"]);
    screenshot(&tab, "10-gdl");

    // The picker follows the text: a bundled game's text pasted is that game.
    run(
        &tab,
        "fetch('/api/games/breakthrough.sbg').then((r) => r.json()).then((g) => { \
           const s = document.getElementById('source'); s.value = g.text; \
           s.dispatchEvent(new Event('input')); });",
    );
    wait_for(
        &tab,
        "the picker on the pasted game",
        "document.getElementById('picker').value === 'breakthrough.sbg'",
    );
}
