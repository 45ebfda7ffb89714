//! The page, embedded in the binary: a plain textarea with a line-number gutter and the
//! diagnostics listed by line (no editor bundle: the binary builds with cargo alone;
//! docs/playground.md says why).

pub const INDEX_HTML: &str = include_str!("../web/index.html");
pub const APP_JS: &str = include_str!("../web/app.js");
pub const PLAY_JS: &str = include_str!("../web/play.js");
pub const BOARD_JS: &str = include_str!("../web/board.js");
pub const STYLE_CSS: &str = include_str!("../web/style.css");
