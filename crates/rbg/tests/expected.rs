//! Facts from `EXPECTED.md` (recorded from the reference implementation's tests) that the front
//! end alone can check, and the paper's board-generator examples.

use ir::{Action, Node, SwitchTarget};
use std::path::Path;

const SHARED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/rbg"
);

fn game(rel: &str) -> Option<ir::Game> {
    let path = Path::new(SHARED).join(rel);
    let Ok(src) = std::fs::read_to_string(&path) else {
        return None;
    };
    Some(rbg::parse_game(&src).expect("parses").game)
}

fn parse(src: &str) -> ir::Game {
    match rbg::parse_game(src) {
        Ok(p) => p.game,
        Err(d) => panic!("{:#?}", d),
    }
}

/// The modifier with 1-based index `i`, printed as LL-RBG text.
fn modifier(g: &ir::Game, i: u32) -> String {
    let id = g.rules.modifier_node(i).expect("modifier exists");
    match g.rules.node(id) {
        Node::Action(Action::Off(p)) => format!("[{}]", g.piece_name(*p)),
        Node::Action(Action::Assign { var, value }) => {
            let v = match value {
                ir::Arith::Const(c) => c.to_string(),
                other => format!("{other:?}"),
            };
            format!("[$ {}={v}]", g.variable_name(*var))
        }
        Node::Action(Action::Switch(SwitchTarget::Keeper)) => "->>".into(),
        Node::Action(Action::Switch(SwitchTarget::Player(p))) => format!("->{}", g.player_name(*p)),
        other => panic!("not a modifier: {other:?}"),
    }
}

#[test]
fn declarations_test() {
    let Some(g) = game("reference-tests/declarations_test.rbg") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    assert_eq!(g.pieces.len(), 3);
    assert_eq!(g.players, ["red", "blue"]);
    let vars: Vec<(&str, i64)> = g
        .variables
        .iter()
        .map(|v| (v.name.as_str(), v.bound))
        .collect();
    assert_eq!(vars, [("red", 100), ("blue", 50), ("turn", 10)]);
    assert_eq!(g.board.vertex_count(), 4);
    assert_eq!(g.board.direction_count(), 4);
}

#[test]
fn parser_test_has_nine_atomic_actions() {
    let Some(g) = game("reference-tests/parser_test.rbg") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let actions = g
        .rules
        .postorder()
        .into_iter()
        .filter(|&id| matches!(g.rules.node(id), Node::Action(_)))
        .count();
    assert_eq!(actions, 9);
}

#[test]
fn game_state_simple_test_numbering() {
    let Some(g) = game("reference-tests/game_state_simple_test.rbg") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let mods: Vec<String> = (1..=4).map(|i| modifier(&g, i)).collect();
    assert_eq!(mods, ["->red", "[e]", "[r]", "->>"]);
    assert_eq!(g.rules.modifier_count(), 4);
    // Vertices in declaration order: b r / e e.
    let pieces: Vec<&str> = g.board.initial.iter().map(|&p| g.piece_name(p)).collect();
    assert_eq!(pieces, ["b", "r", "e", "e"]);
}

#[test]
fn server_encoding_test_2_labels() {
    let Some(g) = game("reference-tests/server_encoding_test_2.rbg") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let want = [
        "[$ xplayer=50]",
        "[$ oplayer=50]",
        "->xplayer",
        "->>",
        "[x]",
        "[$ xplayer=100]",
        "[$ oplayer=0]",
        "->>",
        "->oplayer",
        "->>",
        "[o]",
        "[$ oplayer=100]",
        "[$ xplayer=0]",
        "->>",
    ];
    let got: Vec<String> = (1..=want.len() as u32).map(|i| modifier(&g, i)).collect();
    assert_eq!(got, want);
    assert_eq!(g.board.vertices[0], "rx0y0");
}

const DECLS: &str = "#players = p(1)\n#pieces = e, w, b\n#variables =\n";
const RULES: &str = "\n#rules = ->p\n";

#[test]
fn paper_hexagon_example_equals_its_ll_form() {
    let hl = parse(&format!(
        "{DECLS}#board = hexagon(northWest, northEast, east, southEast, southWest, west,
          [e,e]
          [e,e,e]
          [e,e]){RULES}"
    ));
    let ll = parse(&format!(
        "{DECLS}#board =
  v00[e]{{ east:v10,southEast:v11,southWest:v01 }}
  v10[e]{{ southEast:v21,southWest:v11,west:v00 }}
  v01[e]{{ east:v11,northEast:v00,southEast:v02 }}
  v11[e]{{ east:v21,northEast:v10,northWest:v00,southEast:v12,southWest:v02,west:v01 }}
  v21[e]{{ northWest:v10,southWest:v12,west:v11 }}
  v02[e]{{ east:v12,northEast:v11,northWest:v01 }}
  v12[e]{{ northEast:v21,northWest:v11,west:v02 }}{RULES}"
    ));
    // The paper lists the middle line's cells before the last line's: v00 v10 | v01 v11 v21 |
    // v02 v12 — the same row-major order the generator uses.
    ir::compare::same_game(&hl, &ll, Default::default()).expect("same board");
}

#[test]
fn rectangle_with_omitted_cell_and_cuboid_layers() {
    let g = parse(&format!(
        "{DECLS}#board = rectangle(up, down, left, right, [e,e,e] [e, ,e] [e,e,e]){RULES}"
    ));
    assert_eq!(g.board.vertex_count(), 8);
    let v = |n: &str| g.board.vertex_by_name(n).expect(n);
    let d = |n: &str| g.board.direction_by_name(n).expect(n);
    assert_eq!(g.board.neighbour(v("rx1y0"), d("down")), None);
    assert_eq!(g.board.neighbour(v("rx0y1"), d("up")), Some(v("rx0y0")));

    let g = parse(&format!(
        "{DECLS}#board = cuboid(up, down, left, right, front, back,
          [[e,e,e] [e,e,e]]
          [[w,w,w] [w,w,w]]
          [[b,b,b] [b,b,b]]){RULES}"
    ));
    assert_eq!(g.board.vertex_count(), 18);
    let v = |n: &str| g.board.vertex_by_name(n).expect(n);
    let d = |n: &str| g.board.direction_by_name(n).expect(n);
    // The first layer (`e`) is at the back; `front` leads towards the `b` layer.
    assert_eq!(
        g.board.neighbour(v("cx0y0z0"), d("front")),
        Some(v("cx0y0z1"))
    );
    assert_eq!(g.board.neighbour(v("cx0y0z0"), d("back")), None);
    assert_eq!(g.piece_name(g.board.initial[v("cx2y1z2").index()]), "b");
}

#[test]
fn sugar_lowers_to_plain_rules() {
    let sugar = parse(&format!(
        "{DECLS}#board = rectangle(up, down, left, right, [e,e])
         #rules = ->p right^2 [w, b] [$ p = 1, p = 0] {{$ e * (2 + 1) >= p - 1 / 1}}"
    ));
    let plain = parse(&format!(
        "{DECLS}#board = rectangle(up, down, left, right, [e,e])
         #rules = ->p right right ([w] + [b]) [$ p = 1] [$ p = 0] {{$ e * (2 + 1) >= p - 1 / 1}}"
    ));
    ir::compare::same_game(&sugar, &plain, Default::default()).expect("same rules");
    assert_eq!(sugar.rules.modifier_count(), 5);
}

#[test]
fn warnings_do_not_stop_parsing() {
    let parsed = rbg::parse_game(&format!(
        "{DECLS}#board = rectangle(up, down, left, right, [e]) #rules = ->p {{e, w, e}}"
    ))
    .expect("a warning is not an error");
    assert_eq!(parsed.warnings.len(), 1);
    assert!(parsed.warnings[0].message.contains("listed twice"));
}
