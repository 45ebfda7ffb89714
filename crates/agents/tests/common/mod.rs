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

/// A small game with a capture-the-king goal, a turn limit and pieces of several kinds.
pub const MINI: &str = "<<Mini>>
<BOARD>
4 4
|rk.n|
|pppp|
|PPPP|
|NK.R|
<PIECES>
P (0,1,e) + (-1,1,p) + (1,1,p) &
K (0,1,e) + (0,1,p) + (1,0,e) + (1,0,p) + (-1,0,e) + (-1,0,p) + (0,-1,e) + (0,-1,p) &
N (1,2,e) + (1,2,p) + (2,1,e) + (2,1,p) + (-1,2,e) + (-1,2,p) + (-2,1,e) + (-2,1,p) + (1,-2,e) + (1,-2,p) + (2,-1,e) + (2,-1,p) + (-1,-2,e) + (-1,-2,p) + (-2,-1,e) + (-2,-1,p) &
R (0,1,e)^* (0,1,p) + (0,1,e)(0,1,e)^* + (1,0,e)^* (1,0,p) + (1,0,e)(1,0,e)^* + (-1,0,e)^* (-1,0,p) + (-1,0,e)(-1,0,e)^* + (0,-1,e)^* (0,-1,p) + (0,-1,e)(0,-1,e)^* &
<GOALS>
40 &
#K 0 &
#k 0 &
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
