//! The JSON API through the router, without a network: answers on corpus games, and
//! malformed, oversized, hostile and concurrent requests.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use serve::{router, Access, Limits};
use std::time::Duration;
use tower::ServiceExt;

// Counts each job's memory as the binary's allocator does (serve::memory).
#[global_allocator]
static ALLOC: serve::memory::Counting = serve::memory::Counting;

/// The host these tests' routers answer to.
const HOST: &str = "127.0.0.1:8080";

fn app(limits: Limits) -> axum::Router {
    let access = Access::new(HOST.parse().unwrap(), limits.uri_bytes);
    router(limits, access)
}

const BREAKTHROUGH_RBG: &str = include_str!("../../../corpus/rbg/breakthrough.rbg");
const BREAKTHROUGH_SBG: &str = include_str!("../../../corpus/sbg/breakthrough.sbg");
const PENNIES: &str = include_str!("../../../corpus/gdl/pennies.kif");

async fn send(limits: Limits, method: &str, path: &str, body: Body) -> (StatusCode, Value) {
    send_to(app(limits), method, path, body).await
}

async fn send_to(app: axum::Router, method: &str, path: &str, body: Body) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("host", HOST)
        .header("content-type", "application/json")
        .body(body)
        .unwrap();
    respond(app, req).await
}

async fn respond(app: axum::Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
    (status, v)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    send(
        Limits::default(),
        "POST",
        path,
        Body::from(body.to_string()),
    )
    .await
}

#[tokio::test]
async fn check_answers_as_check_json_does() {
    let (status, v) = post("/api/check", json!({ "text": BREAKTHROUGH_SBG })).await;
    assert_eq!(status, StatusCode::OK);
    let expected =
        front::check::check_json("game.sbg", BREAKTHROUGH_SBG, front::Lang::Sbg).unwrap();
    assert_eq!(v, expected);
    // A typo: one diagnostic pointing at the misspelt name.
    let typo = BREAKTHROUGH_RBG.replacen("#rules = ->white", "#rules = ->whit", 1);
    assert_ne!(typo, BREAKTHROUGH_RBG);
    let (status, v) = post("/api/check", json!({ "text": typo, "lang": "rbg" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["valid"], false);
    let d = &v["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    let line = typo.lines().position(|l| l.contains("->whit")).unwrap() + 1;
    assert_eq!(d["labels"][0]["start"]["line"], line, "{d}");
}

#[tokio::test]
async fn states_moves_and_pictures() {
    let (status, v) = post("/api/state", json!({ "text": BREAKTHROUGH_RBG })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves_total"], 22);
    assert_eq!(v["player"], "white");
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    let first = v["moves"][0].as_str().unwrap().to_string();
    let (_, after) = post(
        "/api/state",
        json!({ "text": BREAKTHROUGH_RBG, "moves": [first] }),
    )
    .await;
    assert_eq!(after["player"], "black");
    assert_ne!(after["svg"], v["svg"], "the picture shows the moved pawn");
    let (status, e) = post(
        "/api/state",
        json!({ "text": BREAKTHROUGH_RBG, "moves": ["a2 a5"] }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(e["error"].as_str().unwrap().starts_with("move 1:"), "{e}");
}

#[tokio::test]
async fn agents_answer_with_a_legal_move() {
    for agent in ["random", "alphabeta", "mcts"] {
        let body = json!({ "text": BREAKTHROUGH_SBG, "agent": agent, "millis": 100 });
        let (status, v) = post("/api/agent", body).await;
        assert_eq!(status, StatusCode::OK, "{agent}: {v}");
        let mv = v["move"].as_str().unwrap();
        let (_, s) = post(
            "/api/state",
            json!({ "text": BREAKTHROUGH_SBG, "moves": [mv] }),
        )
        .await;
        assert_eq!(s["moves_total"], v["view"]["moves_total"], "{agent}");
    }
    let (status, _) = post(
        "/api/agent",
        json!({ "text": BREAKTHROUGH_SBG, "agent": "oracle" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// At a simultaneous turn the view lists each role's own moves, and `/api/agent` plays a
/// person's own move with the agent's choice for the other role.
#[tokio::test]
async fn simultaneous_turns_take_each_roles_own_move() {
    let (status, v) = post("/api/state", json!({ "text": PENNIES })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["player"], Value::Null, "{v}");
    assert_eq!(
        v["own_moves"],
        json!([["heads", "tails"], ["heads", "tails"]]),
        "{v}"
    );
    for seed in 1..=4 {
        let body = json!({ "text": PENNIES, "agent": "mcts", "millis": 20, "seed": seed,
                           "own": ["tails", null] });
        let (status, a) = post("/api/agent", body).await;
        assert_eq!(status, StatusCode::OK, "{a}");
        let mv = a["move"].as_str().unwrap();
        assert!(mv.starts_with("tails | "), "{mv}");
        assert_eq!(a["view"]["terminal"], true, "{a}");
        assert_eq!(a["view"]["own_moves"], Value::Null, "{a}");
    }
    // Both own moves given (two people at one screen): no agent choice is needed.
    let body = json!({ "text": PENNIES, "agent": "random", "own": ["heads", "heads"] });
    let (status, a) = post("/api/agent", body).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["move"], "heads | heads", "{a}");
    assert_eq!(a["view"]["scores"], json!([100, 0]), "{a}");
    let bad = [
        (
            json!(["edge", null]),
            "`edge` is not a legal move of even here",
        ),
        (
            json!(["heads"]),
            "`own` has 1 entries but the game has 2 roles",
        ),
    ];
    for (own, says) in bad {
        let body = json!({ "text": PENNIES, "agent": "random", "own": own });
        let (status, a) = post("/api/agent", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{a}");
        assert!(a["error"].as_str().unwrap().contains(says), "{a}");
    }
    let body = json!({ "text": BREAKTHROUGH_SBG, "agent": "random", "own": [null, null] });
    let (status, a) = post("/api/agent", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{a}");
    assert!(a["error"].as_str().unwrap().contains("not one"), "{a}");
}

#[tokio::test]
async fn perft_playout_bench_and_convert() {
    let (_, v) = post(
        "/api/perft",
        json!({ "text": BREAKTHROUGH_RBG, "depth": 3 }),
    )
    .await;
    assert_eq!(
        (v["nodes"].clone(), v["complete"].clone()),
        (json!(11132), json!(true))
    );
    let (_, v) = post(
        "/api/playout",
        json!({ "text": BREAKTHROUGH_RBG, "seed": 7 }),
    )
    .await;
    assert_eq!(v["finished"], true);
    let moves = v["moves"].clone();
    let (_, end) = post(
        "/api/state",
        json!({ "text": BREAKTHROUGH_RBG, "moves": moves }),
    )
    .await;
    assert_eq!(end["terminal"], true);
    assert_eq!(end["scores"], v["scores"]);
    let (_, b) = post(
        "/api/bench",
        json!({ "text": BREAKTHROUGH_SBG, "millis": 200 }),
    )
    .await;
    assert!(b["playouts"].as_u64().unwrap() > 0, "{b}");
    let (status, c) = post(
        "/api/convert",
        json!({ "text": BREAKTHROUGH_SBG, "to": "gdl" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let gdl_text = c["text"].as_str().unwrap();
    assert!(gdl::parse_and_check(gdl_text).is_ok());
    // The GDL translation plays, sniffed as GDL, with the same first moves and a picture.
    let (status, g) = post("/api/state", json!({ "text": gdl_text })).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["moves_total"], 22);
    assert!(
        g["svg"].as_str().is_some_and(|s| s.starts_with("<svg")),
        "{g}"
    );
    let body = json!({ "text": gdl_text, "agent": "random" });
    let (status, a) = post("/api/agent", body).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let (status, _) = post(
        "/api/convert",
        json!({ "text": BREAKTHROUGH_RBG, "to": "sbg" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn perft_stops_on_its_time_budget() {
    let limits = Limits {
        request_time: Duration::from_millis(300),
        ..Limits::default()
    };
    let body = json!({ "text": BREAKTHROUGH_RBG, "depth": 12 }).to_string();
    let started = std::time::Instant::now();
    let (status, v) = send(limits, "POST", "/api/perft", Body::from(body)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["complete"], false);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn malformed_requests_get_json_errors() {
    let cases: Vec<(&str, &str, Body, StatusCode)> = vec![
        (
            "POST",
            "/api/state",
            Body::from("{not json"),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/state",
            Body::from("{}"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            "/api/state",
            Body::from(r#"{"text": 5}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            "/api/state",
            Body::from(r#"{"text": "hello"}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            "/api/check",
            Body::from(r#"{"text": "x", "lang": "cobol"}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            "/api/perft",
            Body::from(json!({"text": BREAKTHROUGH_RBG, "depth": 99}).to_string()),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "GET",
            "/api/games/..%2F..%2FCargo.toml",
            Body::empty(),
            StatusCode::NOT_FOUND,
        ),
        ("GET", "/etc/passwd", Body::empty(), StatusCode::NOT_FOUND),
    ];
    for (method, path, body, expected) in cases {
        let (status, v) = send(Limits::default(), method, path, body).await;
        assert_eq!(status, expected, "{method} {path}: {v}");
        assert!(v["error"].is_string(), "{method} {path}: {v}");
    }
    // Larger than the body limit.
    let limits = Limits {
        body_bytes: 1000,
        ..Limits::default()
    };
    let big = json!({ "text": "x".repeat(5000) }).to_string();
    let (status, _) = send(limits, "POST", "/api/check", Body::from(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // More moves than are replayed.
    let limits = Limits {
        moves: 3,
        ..Limits::default()
    };
    let body = json!({ "text": BREAKTHROUGH_RBG, "moves": ["a", "b", "c", "d"] }).to_string();
    let (status, _) = send(limits, "POST", "/api/state", Body::from(body)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn hostile_game_texts_give_errors_not_crashes() {
    let texts = [
        "#board = rectangle(up,down,[".to_string(),
        "(role".repeat(1000),
        "<<x>>\n<BOARD>\n99999999 99999999\n<PIECES>\n".to_string(),
        "\u{0}\u{ffff}#rules".to_string(),
    ];
    for t in texts {
        for path in ["/api/check", "/api/state", "/api/convert"] {
            let (status, v) = post(path, json!({ "text": t, "to": "gdl" })).await;
            assert!(
                status == StatusCode::OK || status.is_client_error(),
                "{path} {t:.40}: {status} {v}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_requests_are_all_answered() {
    let limits = Limits {
        jobs: 2,
        queue_wait: Duration::from_millis(50),
        ..Limits::default()
    };
    let app = app(limits);
    let mut tasks = Vec::new();
    for i in 0..24 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let (body, nodes) = match i % 3 {
                0 => (json!({ "text": BREAKTHROUGH_RBG, "depth": 3 }), Some(11132)),
                1 => (json!({ "text": BREAKTHROUGH_SBG, "depth": 2 }), Some(484)),
                _ => (json!({ "text": "garbage", "depth": 1 }), None),
            };
            let req = Request::post("/api/perft")
                .header("host", HOST)
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap();
            let resp = app.oneshot(req).await.unwrap();
            let status = resp.status();
            let bytes = axum::body::to_bytes(resp.into_body(), 1 << 20)
                .await
                .unwrap();
            let v: Value = serde_json::from_slice(&bytes).expect("every answer is JSON");
            (status, v, nodes)
        }));
    }
    let mut ok = 0;
    for t in tasks {
        let (s, v, nodes) = t.await.unwrap();
        match (s, nodes) {
            // Each answer is the one its own request asked for, never a neighbour's.
            (StatusCode::OK, Some(n)) => {
                assert_eq!(
                    (v["nodes"].clone(), v["complete"].clone()),
                    (json!(n), json!(true))
                );
                ok += 1;
            }
            (StatusCode::SERVICE_UNAVAILABLE, _) => {
                assert!(v["error"].is_string(), "{v}")
            }
            (StatusCode::UNPROCESSABLE_ENTITY, None) => {
                assert!(v["error"].is_string(), "{v}")
            }
            other => panic!("unexpected answer {other:?}: {v}"),
        }
    }
    assert!(ok > 0, "some perft requests got through");
    // Still serving afterwards.
    let (status, _) = post("/api/state", json!({ "text": BREAKTHROUGH_SBG })).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn pages_and_the_game_list() {
    let (status, v) = send(Limits::default(), "GET", "/api/games", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["name"] == "breakthrough.rbg"));
    let (_, g) = send(
        Limits::default(),
        "GET",
        "/api/games/chess.rbg",
        Body::empty(),
    )
    .await;
    assert_eq!(g["lang"], "rbg");
    let (status, page) = send(Limits::default(), "GET", "/", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page["raw"].as_str().unwrap().contains("rbgtool playground"));
}

const CHESS: &str = include_str!("../../../corpus/rbg/chess.rbg");
const DRAUGHTS: &str = include_str!("../../../corpus/rbg/englishDraughts.rbg");
const TIC_TAC_TOE: &str = include_str!("../../../corpus/gdl/ticTacToe.kif");
const TIC_TAC_TOE_RBG: &str = include_str!("../../../corpus/rbg/ticTacToe.rbg");

/// The squares of a view's move `text`.
fn squares_of(view: &Value, text: &str) -> Value {
    let i = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m == text)
        .unwrap_or_else(|| panic!("no move `{text}` in {}", view["moves"]));
    view["squares"][i].clone()
}

/// Every square a move names is a click target of the picture.
fn squares_are_targets(view: &Value) {
    let svg = view["svg"].as_str().expect("a picture");
    for list in view["squares"].as_array().unwrap() {
        for sq in list.as_array().unwrap() {
            let target = format!(r#"data-sq="{}""#, sq.as_str().unwrap());
            assert!(svg.contains(&target), "{target} is not in the picture");
        }
    }
}

/// Each legal move comes with the squares it touches, named as the picture's click targets,
/// and the view marks the last move's squares (RBG, SBG, GDL).
#[tokio::test]
async fn moves_name_their_squares_and_the_last_is_marked() {
    let (_, v) = post("/api/state", json!({ "text": CHESS })).await;
    assert_eq!(squares_of(&v, "e2 e4"), json!(["e2", "e4"]));
    assert_eq!(squares_of(&v, "g1 f3"), json!(["g1", "f3"]));
    assert_eq!(v["last"], json!([]));
    squares_are_targets(&v);
    let (_, v) = post("/api/state", json!({ "text": CHESS, "moves": ["e2 e4"] })).await;
    assert_eq!(v["last"], json!(["e2", "e4"]));
    // A double capture: from, the two captured men, where the man lands.
    let setup = ["b6 a5", "c3 d4", "a7 b6", "g3 h4", "a5 b4"];
    let (_, v) = post("/api/state", json!({ "text": DRAUGHTS, "moves": setup })).await;
    assert_eq!(
        squares_of(&v, "a3 b4 b6 a7"),
        json!(["a3", "b4", "b6", "a7"])
    );
    squares_are_targets(&v);
    let (_, v) = post("/api/state", json!({ "text": BREAKTHROUGH_SBG })).await;
    assert_eq!(squares_of(&v, "a2-a3"), json!(["a2", "a3"]));
    squares_are_targets(&v);
    let (_, v) = post("/api/state", json!({ "text": TIC_TAC_TOE })).await;
    assert_eq!(squares_of(&v, "(mark 1 3)"), json!(["a3"]));
    squares_are_targets(&v);
    // The agent's answer is the move marked.
    let body = json!({ "text": TIC_TAC_TOE, "agent": "random", "moves": ["(mark 2 2)"] });
    let (_, a) = post("/api/agent", body).await;
    let (_, after) = post(
        "/api/state",
        json!({ "text": TIC_TAC_TOE, "moves": ["(mark 2 2)", a["move"]] }),
    )
    .await;
    assert_eq!(a["view"]["last"], after["last"]);
    assert_eq!(a["view"]["last"].as_array().unwrap().len(), 1, "{a}");
    // Pennies has no board: no squares.
    let (_, v) = post("/api/state", json!({ "text": PENNIES })).await;
    assert!(v["squares"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s == &json!([])));
}

/// A translated RBG game leaves empty squares out of its GDL states; its moves still name
/// the board's squares as the picture's targets when the board holds no piece yet.
#[tokio::test]
async fn a_translated_empty_board_has_click_targets() {
    let (status, c) = post(
        "/api/convert",
        json!({ "text": TIC_TAC_TOE_RBG, "to": "gdl" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{c}");
    let (status, v) = post("/api/state", json!({ "text": c["text"] })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves_total"], 9);
    let squares = v["squares"].as_array().unwrap();
    assert!(
        squares.iter().all(|s| s.as_array().unwrap().len() == 1),
        "{v}"
    );
    squares_are_targets(&v);
}

/// RBG → RBG is the formatter, as `rbgtool convert --to rbg`; the game list hashes texts as
/// the page does to recognise a pasted one.
#[tokio::test]
async fn the_formatter_converts_and_games_carry_hashes() {
    let (status, c) = post("/api/convert", json!({ "text": CHESS, "to": "rbg" })).await;
    assert_eq!(status, StatusCode::OK, "{c}");
    assert_eq!(c["text"], rbg::format::format(CHESS).unwrap());
    let (_, games) = send(Limits::default(), "GET", "/api/games", Body::empty()).await;
    let ttt = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "ticTacToe.kif")
        .expect("GDL games are listed");
    assert_eq!(ttt["lang"], "gdl");
    assert_eq!(ttt["hash"], serve::corpus::text_hash(TIC_TAC_TOE));
}
