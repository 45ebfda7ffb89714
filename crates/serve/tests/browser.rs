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

#[test]
fn play_edit_and_convert_in_chromium() {
    let Some(path) = chromium() else {
        return testskip::skip("no chromium on PATH (apt-get install chromium, or set CHROME)");
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
    let browser = Browser::new(options).unwrap();
    let tab = browser.new_tab().unwrap();
    tab.navigate_to(&format!("http://{addr}/")).unwrap();
    tab.wait_until_navigated().unwrap();
    wait_for(
        &tab,
        "the page to start",
        "document.body.dataset.ready === '1'",
    );

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
