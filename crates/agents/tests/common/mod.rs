//! Games written in SBG text for the agent tests.
#![allow(dead_code)]

use sbg::{Engine, Game};

/// Breakthrough on 8x8: pawns step straight or diagonally forward onto empty squares and capture
/// diagonally forward; a pawn on the far row wins; draw after 200 plies.
pub const BREAKTHROUGH: &str = "<<Breakthrough>>
<BOARD>
8 8
|pppppppp|
|pppppppp|
|........|
|........|
|........|
|........|
|PPPPPPPP|
|PPPPPPPP|
<PIECES>
P (0,1,e) + (-1,1,e) + (1,1,e) + (-1,1,p) + (1,1,p) &
<GOALS>
200 &
@P 0 7, 1 7, 2 7, 3 7, 4 7, 5 7, 6 7, 7 7 &
@p 0 0, 1 0, 2 0, 3 0, 4 0, 5 0, 6 0, 7 0 &
";

pub fn game(src: &str) -> Game {
    let (game, _warnings) = sbg::parse(src).expect("the test game parses");
    game
}

pub fn engine(src: &str) -> (Game, Engine) {
    let g = game(src);
    let e = Engine::new(&g).expect("the test game compiles");
    (g, e)
}
