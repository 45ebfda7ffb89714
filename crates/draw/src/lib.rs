//! SVG pictures for people who would rather look than read. Pure functions from a game to SVG
//! text; the CLI writes the files.
//!
//! * [`svg`]: a tiny SVG writer (escaping, shapes, paths, click targets).
//! * [`pieces`]: chess pieces drawn as shapes, not font glyphs.
//! * `picture`: any board's cells, pieces (chess shapes, draughts discs, stones in their
//!   players' colours, labelled discs), rim coordinates and legend; `hexagon`: a hexagon
//!   board's rim names and Hex's coloured sides.
//! * [`sbg_board`]: an SBG initial position as a chequered grid, files a.. and ranks 1...
//! * [`sbg_piece`]: a piece's moves from a central square of an empty board (the SBG spec's
//!   Figure 3): quiet moves and captures marked differently.
//! * [`rbg_board`]: an RBG initial position: grids for `rectangle`/`cuboid` boards, hexes for
//!   `hexagon` boards (laid out from the generator's vertex names), a node-link drawing for
//!   any other graph; cell names only with [`Options::labels`].
//! * [`gdl_board`]: a GDL state with a `(cell X Y PIECE)`-like relation as a grid ([`gdl_grid`]
//!   gives the grid itself, for text views).
//! * [`png`]: any of these pictures rasterised to PNG (resvg).

pub mod gdl_board;
mod hexagon;
mod picture;
pub mod pieces;
pub mod png;
pub mod rbg_board;
pub mod sbg_board;
pub mod sbg_piece;
pub mod svg;

pub use gdl_board::{
    gdl_board, gdl_board_clickable, gdl_board_with, gdl_grid, rbg_squares, GdlGrid, NoBoard,
};
pub use png::{svg_to_png, PngError};
pub use rbg_board::{rbg_board, rbg_board_clickable, rbg_board_with, Options};
pub use sbg_board::{sbg_board, sbg_board_clickable, sbg_board_with};
pub use sbg_piece::sbg_piece_moves;
