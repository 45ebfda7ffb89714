//! The routes. Pages: `/`, `/app.js`, `/play.js`, `/board.js`, `/style.css`. JSON API (docs/playground.md):
//!
//! | route | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | `[{name, lang, hash}]` of the bundled corpus |
//! | `GET /api/games/{name}` | | `{name, lang, text}` |
//! | `POST /api/check` | `{text, lang?}` | the `check --json` object |
//! | `POST /api/state` | `{text, lang?, moves}` | [`View`] after the moves |
//! | `POST /api/agent` | `… agent, millis?, seed?, own?` | `{move, view}` |
//! | `POST /api/playout` | `… seed?, max_length?` | `{moves, finished, scores}` |
//! | `POST /api/perft` | `… depth` | `{depth, nodes, complete, seconds}` |
//! | `POST /api/bench` | `… millis?, seed?` | `{playouts, plies, seconds, playouts_per_second}` |
//! | `POST /api/convert` | `{text, lang?, to}` | `{text, notes}` (`to`: rbg, ll-rbg, gdl, sbg) |
//!
//! Errors are `{error, diagnostics}` with a 4xx/5xx status ([`ApiError`]), the router's own
//! too (404, 405, 413, 414, a bad path, a foreign host).
//!
//! Handlers only decode the body; parsing, validation, building the engine and the work run in
//! one job ([`App::job`]), inside the gate of concurrent jobs and the request's budget.

use crate::assets;
use crate::corpus;
use crate::engine::{self, file_name, with_state, Game, OnState};
use crate::error::ApiError;
use crate::guard::{guard, Access};
use crate::limits::{Budget, CancelOnDrop, Gate, Limits};
use crate::ops::{self, AgentKind, View};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{Html, IntoResponse};
use axum::routing::{get, post};
use axum::{Json, Router};
use front::Loaded;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

/// The router of the playground, with its limits, answering to the hosts of `access`.
pub fn router(limits: Limits, access: Access) -> Router {
    crate::memory::enable();
    let app = App {
        gate: Gate::new(limits.jobs),
        limits: limits.clone(),
    };
    Router::new()
        .route("/", get(|| async { Html(assets::INDEX_HTML) }))
        .route(
            "/app.js",
            get(|| async { asset("text/javascript", assets::APP_JS) }),
        )
        .route(
            "/play.js",
            get(|| async { asset("text/javascript", assets::PLAY_JS) }),
        )
        .route(
            "/board.js",
            get(|| async { asset("text/javascript", assets::BOARD_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css", assets::STYLE_CSS) }),
        )
        .route("/api/games", get(games))
        .route("/api/games/{name}", get(corpus_game))
        .route("/api/check", post(check))
        .route("/api/state", post(state))
        .route("/api/agent", post(agent))
        .route("/api/playout", post(playout))
        .route("/api/perft", post(perft))
        .route("/api/bench", post(bench))
        .route("/api/convert", post(convert))
        .fallback(|| async { ApiError::not_found("no such page") })
        .method_not_allowed_fallback(|| async {
            ApiError {
                status: axum::http::StatusCode::METHOD_NOT_ALLOWED,
                message: "this route does not take that method (pages: GET; API: POST)".into(),
                diagnostics: json!([]),
            }
        })
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        // A client that sends its body slowly holds a connection, not a job: the body must
        // arrive within `body_time` (the JSON extractor then reports the error as JSON).
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            limits.body_time,
        ))
        .layer(axum::middleware::from_fn_with_state(access, guard))
        .with_state(app)
}

fn asset(kind: &'static str, body: &'static str) -> impl IntoResponse {
    ([(CONTENT_TYPE, kind)], body)
}

#[derive(Clone)]
struct App {
    limits: Limits,
    gate: Gate,
}

impl App {
    /// Runs `work` on a blocking thread within the limits: one of the `jobs` permits (held
    /// until the work really ends), the time budget, cancellation when the client goes away.
    async fn job<T: Send + 'static>(
        &self,
        work: impl FnOnce(Budget) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = self
            .gate
            .enter(self.limits.queue_wait)
            .await
            .ok_or_else(|| ApiError::unavailable("the server is busy; try again"))?;
        let budget = Budget::with_memory(self.limits.request_time, self.limits.job_memory);
        let _cancel = CancelOnDrop(budget.clone());
        let task = tokio::task::spawn_blocking(move || {
            let out = {
                // Allocations of this thread are the job's until the work ends.
                let _charged = budget.account().enter();
                work(budget)
            };
            drop(permit);
            out
        });
        let grace = self.limits.request_time + Duration::from_secs(2);
        match tokio::time::timeout(grace, task).await {
            Err(_) => Err(ApiError::unavailable(format!(
                "the request took longer than {} s",
                grace.as_secs()
            ))),
            Ok(Err(e)) => Err(ApiError::internal(format!(
                "internal error (a bug, please report it): {e}"
            ))),
            Ok(Ok(out)) => out,
        }
    }

    /// Runs `op` on the state after the request's moves: the move count is checked at once,
    /// the game loaded, the engine built and the moves replayed inside the job.
    async fn on_state<F>(
        &self,
        req: GameRequest,
        op: impl FnOnce(&Budget) -> F + Send + 'static,
    ) -> Result<F::Out, ApiError>
    where
        F: OnState,
        F::Out: Send + 'static,
    {
        if req.moves.len() > self.limits.moves {
            return Err(ApiError::invalid(format!(
                "{} moves: at most {} are replayed",
                req.moves.len(),
                self.limits.moves
            )));
        }
        self.job(move |budget| {
            let game = engine::load(&req.text, req.lang.as_deref())?;
            let op = op(&budget);
            with_state(&game, &req.moves, &budget, op)
        })
        .await
    }
}

/// A game text, its language (else sniffed) and the moves played from the start.
#[derive(Deserialize, Clone)]
pub struct GameRequest {
    pub text: String,
    #[serde(default)]
    pub lang: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

/// The body as JSON, or an error saying what is wrong with it.
fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    b.map(|Json(t)| t).map_err(|r| ApiError {
        status: r.status(),
        message: r.body_text(),
        diagnostics: json!([]),
    })
}

async fn games() -> Json<Value> {
    let list: Vec<Value> = corpus::GAMES
        .iter()
        .map(|g| json!({ "name": g.name, "lang": g.lang, "hash": corpus::text_hash(g.text) }))
        .collect();
    Json(json!(list))
}

async fn corpus_game(path: Result<Path<String>, PathRejection>) -> Result<Json<Value>, ApiError> {
    let Path(name) = path.map_err(|r| ApiError {
        status: r.status(),
        message: r.body_text(),
        diagnostics: json!([]),
    })?;
    let g = corpus::find(&name)
        .ok_or_else(|| ApiError::not_found(format!("no bundled game `{name}`")))?;
    Ok(Json(
        json!({ "name": g.name, "lang": g.lang, "text": g.text }),
    ))
}

#[derive(Deserialize)]
struct CheckRequest {
    text: String,
    #[serde(default)]
    lang: Option<String>,
}

async fn check(
    State(app): State<App>,
    b: Result<Json<CheckRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let req = body(b)?;
    app.job(move |_| {
        let lang = engine::language(&req.text, req.lang.as_deref())?;
        front::check::check_json(&file_name(lang), &req.text, lang)
            .map_err(|e| ApiError::invalid(e.to_string()))
    })
    .await
    .map(Json)
}

async fn state(
    State(app): State<App>,
    b: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<View>, ApiError> {
    let req = body(b)?;
    app.on_state(req, |_| ops::Look).await.map(Json)
}

#[derive(Deserialize)]
struct AgentRequest {
    #[serde(flatten)]
    game: GameRequest,
    agent: String,
    #[serde(default)]
    millis: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
    /// At a simultaneous turn: the own moves already chosen, by role (`null`: the agent
    /// chooses that role's).
    #[serde(default)]
    own: Option<Vec<Option<String>>>,
}

async fn agent(
    State(app): State<App>,
    b: Result<Json<AgentRequest>, JsonRejection>,
) -> Result<Json<ops::AgentAnswer>, ApiError> {
    let req = body(b)?;
    let kind = AgentKind::parse(&req.agent)?;
    let think = Duration::from_millis(req.millis.unwrap_or(500).clamp(1, 60_000))
        .min(app.limits.agent_time);
    let op = ops::AgentMove {
        kind,
        think,
        seed: req.seed.unwrap_or(1),
        own: req.own,
    };
    app.on_state(req.game, move |_| op).await.map(Json)
}

#[derive(Deserialize)]
struct PlayoutRequest {
    #[serde(flatten)]
    game: GameRequest,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    max_length: Option<usize>,
}

async fn playout(
    State(app): State<App>,
    b: Result<Json<PlayoutRequest>, JsonRejection>,
) -> Result<Json<ops::PlayoutAnswer>, ApiError> {
    let req = body(b)?;
    // The page replays the playout's moves: keep the whole list within the replay limit.
    let room = app.limits.moves.saturating_sub(req.game.moves.len());
    let max_length = req.max_length.unwrap_or(1000).min(room);
    let seed = req.seed.unwrap_or(1);
    app.on_state(req.game, move |budget| ops::Playout {
        seed,
        max_length,
        budget: budget.clone(),
    })
    .await
    .map(Json)
}

/// Deepest perft asked for (the time budget ends it long before on most games).
pub const PERFT_DEPTH: u32 = 20;

#[derive(Deserialize)]
struct PerftRequest {
    #[serde(flatten)]
    game: GameRequest,
    depth: u32,
}

async fn perft(
    State(app): State<App>,
    b: Result<Json<PerftRequest>, JsonRejection>,
) -> Result<Json<ops::PerftAnswer>, ApiError> {
    let req = body(b)?;
    if req.depth > PERFT_DEPTH {
        return Err(ApiError::invalid(format!(
            "depth {}: at most {PERFT_DEPTH}",
            req.depth
        )));
    }
    let depth = req.depth;
    app.on_state(req.game, move |budget| ops::Perft {
        depth,
        budget: budget.clone(),
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct BenchRequest {
    #[serde(flatten)]
    game: GameRequest,
    #[serde(default)]
    millis: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
}

async fn bench(
    State(app): State<App>,
    b: Result<Json<BenchRequest>, JsonRejection>,
) -> Result<Json<ops::BenchAnswer>, ApiError> {
    let req = body(b)?;
    let time = Duration::from_millis(req.millis.unwrap_or(1000).clamp(1, 60_000))
        .min(app.limits.request_time / 2);
    let seed = req.seed.unwrap_or(1);
    app.on_state(req.game, move |budget| ops::Bench {
        time,
        seed,
        budget: budget.clone(),
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct ConvertRequest {
    text: String,
    #[serde(default)]
    lang: Option<String>,
    to: String,
}

/// Largest translation sent to the page (RBG → GDL may reach 64 MB; the CLI writes those).
pub const CONVERTED_BYTES: usize = 4 << 20;

async fn convert(
    State(app): State<App>,
    b: Result<Json<ConvertRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let req = body(b)?;
    app.job(move |budget| {
        let game = engine::load(&req.text, req.lang.as_deref())?;
        budget.check()?;
        let (text, notes) = translate(&game, &req.to)?;
        budget.check_memory()?;
        if text.len() > CONVERTED_BYTES {
            return Err(ApiError::invalid(format!(
                "the translation has {} bytes, more than the page takes ({CONVERTED_BYTES}); \
                 use `rbgtool convert`",
                text.len()
            )));
        }
        Ok(json!({ "text": text, "notes": notes }))
    })
    .await
    .map(Json)
}

/// The translations `rbgtool convert` offers, with its notes.
fn translate(game: &Game, to: &str) -> Result<(String, Vec<String>), ApiError> {
    let err = |e: String| ApiError::invalid(e);
    Ok(match (&game.loaded, to) {
        // The formatter, as `rbgtool convert --to rbg`: only whitespace changes.
        (Loaded::Rbg(_), "rbg") => (
            rbg::format::format(&game.text).map_err(|d| err(rbg::diagnostic_summary(&d)))?,
            vec![],
        ),
        (Loaded::Rbg(g), "ll-rbg") => (rbg::print_ll_checked(g).map_err(|e| err(e.to_string()))?, vec![]),
        (Loaded::Rbg(g), "gdl") => {
            let t = convert::rbg_to_gdl(g, convert::GdlOptions::default())
                .map_err(|e| err(e.to_string()))?;
            (t.text, t.notes)
        }
        (Loaded::Sbg(g), "rbg") => (
            convert::sbg_to_rbg(g).map_err(|e| err(e.to_string()))?,
            vec![],
        ),
        (Loaded::Sbg(g), "ll-rbg") => {
            let ir = convert::sbg_to_ir(g).map_err(|e| err(e.to_string()))?;
            (
                rbg::print_ll_checked(&ir).map_err(|e| err(e.to_string()))?,
                vec![],
            )
        }
        (Loaded::Sbg(g), "gdl") => (
            convert::sbg_to_gdl(g).map_err(|e| err(e.to_string()))?,
            vec![],
        ),
        (Loaded::Sbg(g), "sbg") => (sbg::print(g), vec![]),
        (Loaded::Gdl(d), "gdl") => (gdl::print(d), vec![]),
        (_, to) => {
            return Err(ApiError::invalid(format!(
                "cannot convert {} to `{to}`; the conversions are: rbg -> rbg (formatted), ll-rbg, gdl; \
                 sbg -> rbg, ll-rbg, gdl, sbg; gdl -> gdl",
                game.lang.name()
            )))
        }
    })
}
