//! Hand-written corner cases of SBG semantics (DESIGN.md §3) through all three engines:
//! native SBG, RBG reasoner on the translation, GDL engine on the translation.

mod common;

fn check(name: &str, text: &str, depth: u32) -> Vec<game::perft::DepthStats> {
    let (g, _) =
        sbg::parse(text).unwrap_or_else(|d| panic!("{name}: {}", sbg::render(&d, name, text)));
    let mut native = sbg::Engine::new(&g).expect("native engine");
    let expected = game::perft::perft_stats(&mut native, depth);
    let (a, b) = common::compare(&g, depth, u64::MAX);
    assert_eq!(a, b, "{name}: native vs RBG");
    let kif = convert::sbg_to_gdl(&g).expect("translates");
    let (desc, _) = gdl::parse_and_check(&kif)
        .unwrap_or_else(|d| panic!("{name}: {}", gdl::render("out.kif", &kif, &d)));
    let mut engine = gdl::Engine::new(&desc).expect("GDL engine");
    let ours = game::perft::perft_stats(&mut engine, depth);
    assert_eq!(expected, ours, "{name}: native vs GDL");
    expected
}

fn game(board: &str, pieces: &str, goals: &str) -> String {
    let rows: Vec<&str> = board.split_whitespace().collect();
    let mut s = format!("<<Case>>\n<BOARD>\n{} {}\n", rows[0].len(), rows.len());
    for r in rows {
        s.push_str(&format!("|{r}|\n"));
    }
    s.push_str(&format!("<PIECES>\n{pieces}\n<GOALS>\n{goals}\n"));
    s
}

#[test]
fn null_move_back_to_the_start_square() {
    // (0,1,e)(0,-1,w): a move that comes back; the start square reads as own piece.
    let t = game("... .K. ...", "K (0,1,e)(0,-1,w) + (0,0,w) &", "4 &");
    let s = check("null move", &t, 4);
    assert_eq!(s[0].leaves, 1, "both words are the same (from, to) move");
}

#[test]
fn start_square_reads_as_own_not_empty() {
    // (1,0,e)(-1,0,e) must not apply: the start square is not empty while checking.
    let t = game(
        "k.. ... K..",
        "K (1,0,e)(-1,0,e) + (1,0,e)(-1,0,e)(0,1,e) + (0,1,e) &",
        "6 &",
    );
    let s = check("start reads own", &t, 3);
    assert_eq!(s[0].leaves, 1);
}

#[test]
fn self_capture_and_riders() {
    let t = game(
        "k.... ..... RR...",
        "R (1,0,e)^*(1,0,w) + (0,1,e)^* &\nK (0,-1,e) &",
        "6 &",
    );
    check("self capture", &t, 4);
}

#[test]
fn both_count_conditions_mover_wins() {
    // After white captures, both #k and #K can hold: the opponent's is checked first.
    let t = game("k. K.", "K (0,1,p) &", "10 &\n#K 1 &\n#k 0 &");
    let s = check("both counts", &t, 1);
    assert_eq!(s[0].terminals, 1);
    assert_eq!(s[0].score_histogram.keys().next().unwrap(), &vec![100, 0]);
}

#[test]
fn turn_limit_zero_is_a_terminal_draw_and_goals_wait_for_a_move() {
    let t = game("k. K.", "K (0,1,e) &", "0 &\n#K 5 &");
    let s = check("limit 0", &t, 1);
    assert_eq!(s[0].leaves, 0);
}

#[test]
fn reach_goal_beats_turn_limit_and_no_move_loses() {
    let t = game("... ... P.p", "P (0,1,e) + (1,1,p) &", "2 &\n@P 0 2 &");
    check("reach vs limit", &t, 3);
    let t = game("p.. ... P..", "P (0,1,e) &", "9 &");
    check("no move loses", &t, 4);
}
