//! The genome of the paper's §III: a board, piece rules built from building blocks, and goal
//! conditions; random generation (quarter board mirrored to both sides) and the translation to
//! an [`sbg::Game`].

use genevo::genetic::Genotype;
use genevo::random::Rng;
use sbg::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule, Side};
use serde::{Deserialize, Serialize};

/// Mobility class of a piece type (chess's pawns, minor pieces and major pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    Weak,
    Light,
    Strong,
}

/// The piece letters of a run, two per class; an individual uses a subset of them, so genes of
/// two parents for the same letter can be crossed over.
pub const LETTERS: [(char, Class); 6] = [
    ('P', Class::Weak),
    ('W', Class::Weak),
    ('N', Class::Light),
    ('B', Class::Light),
    ('R', Class::Strong),
    ('Q', Class::Strong),
];

/// The class of one of [`LETTERS`].
pub fn class_of(kind: char) -> Class {
    LETTERS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(Class::Weak, |(_, c)| *c)
}

/// What the last square of a word may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Capture {
    /// Move only: `e`.
    MoveOnly,
    /// Capture only: `p`.
    CaptureOnly,
    /// Either: `e` or `p`.
    Both,
}

/// A building block: one short word of steps with modifiers that extend it to a set of words.
/// Every square before the last must be empty; the last obeys `capture`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Block {
    /// The steps `(dx, dy)`, none of them `(0, 0)`, for white (forward is `dy > 0`).
    pub steps: Vec<(i32, i32)>,
    /// Step with the Kleene star: `(dx,dy,e)^*` before the step itself (a rider).
    pub star: Option<usize>,
    pub capture: Capture,
    /// Also the word with every `dx` negated.
    pub mirror_h: bool,
    /// Also the word with every `dy` negated.
    pub mirror_v: bool,
    /// Also the word rotated by 90°, 180° and 270°.
    pub rotate: bool,
    /// An intermediate step whose square must hold one of the mover's own pieces (`w`): the
    /// piece jumps over a friend there.
    #[serde(default)]
    pub own_at: Option<usize>,
}

impl Block {
    /// The distinct step sequences the modifiers produce.
    pub fn variants(&self) -> Vec<Vec<(i32, i32)>> {
        let mut out: Vec<Vec<(i32, i32)>> = vec![self.steps.clone()];
        let extend = |out: &mut Vec<Vec<(i32, i32)>>, f: &dyn Fn((i32, i32)) -> (i32, i32)| {
            let more: Vec<_> = out
                .iter()
                .map(|w| w.iter().map(|&s| f(s)).collect::<Vec<_>>())
                .collect();
            for w in more {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        };
        if self.mirror_h {
            extend(&mut out, &|(x, y)| (-x, y));
        }
        if self.mirror_v {
            extend(&mut out, &|(x, y)| (x, -y));
        }
        if self.rotate {
            extend(&mut out, &|(x, y)| (-y, x));
            extend(&mut out, &|(x, y)| (-x, -y));
        }
        out
    }

    /// The block as an expression: the alternative of its variants.
    pub fn expr(&self) -> Expr {
        let words = self
            .variants()
            .into_iter()
            .map(|w| self.word_expr(&w))
            .collect();
        Expr::alt(words)
    }

    fn word_expr(&self, steps: &[(i32, i32)]) -> Expr {
        let letter = |(dx, dy): (i32, i32), on| Expr::Letter(Letter { dx, dy, on });
        let mut parts = Vec::new();
        for (i, &s) in steps.iter().enumerate() {
            if self.star == Some(i) {
                parts.push(Expr::Star(Box::new(letter(s, On::Empty))));
            }
            if i + 1 < steps.len() {
                let on = if self.own_at == Some(i) {
                    On::Own
                } else {
                    On::Empty
                };
                parts.push(letter(s, on));
            } else {
                parts.push(match self.capture {
                    Capture::MoveOnly => letter(s, On::Empty),
                    Capture::CaptureOnly => letter(s, On::Opponent),
                    Capture::Both => Expr::alt(vec![letter(s, On::Empty), letter(s, On::Opponent)]),
                });
            }
        }
        Expr::concat(parts)
    }

    /// Whether every letter lies within the range a `width x height` board allows
    /// (`|dx| < width`, `|dy| < height`).
    pub fn fits(&self, width: usize, height: usize) -> bool {
        let ok = |a: i32, b: i32| {
            (a.unsigned_abs() as usize) < width && (b.unsigned_abs() as usize) < height
        };
        self.steps
            .iter()
            .all(|&(x, y)| ok(x, y) && (!self.rotate || ok(y, x)))
    }

    /// The block in words, e.g. "moves or captures any number of steps (1,0), rotated".
    pub fn describe(&self) -> String {
        let verb = match self.capture {
            Capture::MoveOnly => "moves",
            Capture::CaptureOnly => "captures",
            Capture::Both => "moves or captures",
        };
        let step = |(x, y): (i32, i32)| format!("({x},{y})");
        let path = match (self.steps.as_slice(), self.star) {
            ([s], Some(_)) => format!("any number of steps {} (a rider)", step(*s)),
            ([s], None) => format!("by the leap {}", step(*s)),
            (steps, star) => {
                let parts: Vec<String> = steps
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| {
                        let s = if star == Some(i) {
                            format!("any number of {} then {}", step(s), step(s))
                        } else {
                            step(s)
                        };
                        if self.own_at == Some(i) {
                            format!("{s} (onto a friendly piece)")
                        } else {
                            s
                        }
                    })
                    .collect();
                let over = if self.own_at.is_some() {
                    "jumping a friendly piece, other squares empty"
                } else {
                    "over empty squares"
                };
                format!("by the steps {} {over}", parts.join(", "))
            }
        };
        let mut mods = Vec::new();
        if self.mirror_h {
            mods.push("mirrored left-right");
        }
        if self.mirror_v {
            mods.push("mirrored forward-backward");
        }
        if self.rotate {
            mods.push("in all four quarter turns");
        }
        if mods.is_empty() {
            format!("{verb} {path}")
        } else {
            format!("{verb} {path}, {}", mods.join(", "))
        }
    }

    /// Letters in the block's expression: its share of the rules' size.
    pub fn size(&self) -> usize {
        let mut n = 0;
        self.expr().for_each_letter(&mut |_| n += 1);
        n
    }
}

/// The building blocks of each class, drawn once per run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockPool {
    pub weak: Vec<Block>,
    pub light: Vec<Block>,
    pub strong: Vec<Block>,
}

impl BlockPool {
    pub fn of(&self, class: Class) -> &[Block] {
        match class {
            Class::Weak => &self.weak,
            Class::Light => &self.light,
            Class::Strong => &self.strong,
        }
    }

    /// Draws `per_class` blocks for every class, each fitting a `width x height` board, all
    /// left-right symmetric.
    pub fn generate<R: Rng>(
        rng: &mut R,
        per_class: usize,
        width: usize,
        height: usize,
    ) -> BlockPool {
        Self::generate_with(rng, per_class, width, height, true)
    }

    /// [`BlockPool::generate`]; `symmetric` mirrors every block with a sideways step
    /// left-right (otherwise a block is mirrored only sometimes).
    pub fn generate_with<R: Rng>(
        rng: &mut R,
        per_class: usize,
        width: usize,
        height: usize,
        symmetric: bool,
    ) -> BlockPool {
        let mut gen = |class| {
            let mut v: Vec<Block> = Vec::new();
            let mut tries = 0;
            while v.len() < per_class && tries < per_class * 50 {
                tries += 1;
                let mut b = random_block(rng, class);
                if symmetric && b.steps.iter().any(|&(dx, _)| dx != 0) {
                    b.mirror_h = true;
                }
                if b.fits(width, height) && !v.contains(&b) {
                    v.push(b);
                }
            }
            v
        };
        BlockPool {
            weak: gen(Class::Weak),
            light: gen(Class::Light),
            strong: gen(Class::Strong),
        }
    }
}

/// One random building block of a class. Weak: one forward-ish step of length 1 (sometimes a
/// two-step forward jump), mirrored left-right. Light: one or two short steps (up to 2), with
/// mirror or rotation. Strong: a rider (starred step) with rotation or mirrors, or a long leap.
pub fn random_block<R: Rng>(rng: &mut R, class: Class) -> Block {
    let capture = match rng.gen_range(0..4) {
        0 => Capture::MoveOnly,
        1 => Capture::CaptureOnly,
        _ => Capture::Both,
    };
    let nonzero = |rng: &mut R, r: i32| loop {
        let s = (rng.gen_range(-r..=r), rng.gen_range(-r..=r));
        if s != (0, 0) {
            return s;
        }
    };
    match class {
        Class::Weak => {
            let dx = rng.gen_range(-1..=1);
            let steps = if rng.gen_bool(0.2) {
                vec![(0, 1), (0, 1)]
            } else {
                vec![(dx, 1)]
            };
            Block {
                steps,
                star: None,
                capture,
                mirror_h: dx != 0 && rng.gen_bool(0.7),
                mirror_v: false,
                rotate: false,
                own_at: None,
            }
        }
        Class::Light => {
            let len = if rng.gen_bool(0.7) { 1 } else { 2 };
            let steps: Vec<(i32, i32)> = (0..len)
                .map(|_| nonzero(rng, if len == 1 { 2 } else { 1 }))
                .collect();
            // The Kleene star on any letter of a two-step word, or a jump over a friend.
            let star = (len == 2 && rng.gen_bool(0.2)).then(|| rng.gen_range(0..len));
            let own_at = (len == 2 && rng.gen_bool(0.25)).then_some(0);
            Block {
                steps,
                star,
                own_at,
                capture: if rng.gen_bool(0.6) {
                    Capture::Both
                } else {
                    capture
                },
                mirror_h: rng.gen_bool(0.6),
                mirror_v: rng.gen_bool(0.4),
                rotate: rng.gen_bool(0.4),
            }
        }
        Class::Strong => {
            let rider = rng.gen_bool(0.7);
            let steps = vec![nonzero(rng, if rider { 1 } else { 3 })];
            Block {
                steps,
                star: rider.then_some(0),
                own_at: None,
                capture: if rng.gen_bool(0.7) {
                    Capture::Both
                } else {
                    capture
                },
                mirror_h: rng.gen_bool(0.6),
                mirror_v: rng.gen_bool(0.5),
                rotate: rng.gen_bool(0.5),
            }
        }
    }
}

/// The rule of one piece type: some building blocks of its class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceGene {
    pub kind: char,
    pub class: Class,
    pub blocks: Vec<Block>,
}

impl PieceGene {
    /// The rule on a `width x height` board: the blocks that fit it, or a one-step forward
    /// move if none does.
    pub fn expr(&self, width: usize, height: usize) -> Expr {
        let fitting: Vec<Expr> = self
            .blocks
            .iter()
            .filter(|b| b.fits(width, height))
            .map(Block::expr)
            .collect();
        if fitting.is_empty() {
            Expr::Letter(Letter {
                dx: 0,
                dy: 1,
                on: On::Empty,
            })
        } else {
            match Expr::alt(fitting) {
                Expr::Alt(words) => {
                    let mut unique: Vec<Expr> = Vec::with_capacity(words.len());
                    for w in words {
                        if !unique.contains(&w) {
                            unique.push(w);
                        }
                    }
                    Expr::alt(unique)
                }
                e => e,
            }
        }
    }

    /// Letters in the rule (duplicate words counted once).
    pub fn size(&self) -> usize {
        let mut n = 0;
        self.expr(usize::MAX, usize::MAX)
            .for_each_letter(&mut |_| n += 1);
        n
    }

    /// One to three blocks of the class from the pool.
    pub fn random<R: Rng>(rng: &mut R, kind: char, pool: &BlockPool) -> PieceGene {
        let class = class_of(kind);
        let blocks = pool.of(class);
        let n = rng.gen_range(1..=3usize.min(blocks.len()).max(1));
        let mut chosen: Vec<Block> = Vec::new();
        for _ in 0..n {
            let b = blocks[rng.gen_range(0..blocks.len())].clone();
            if !chosen.contains(&b) {
                chosen.push(b);
            }
        }
        PieceGene {
            kind,
            class,
            blocks: chosen,
        }
    }
}

/// How a goal condition is met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GoalKind {
    /// The side wins by moving such a piece onto the opponent's back rank (`@`).
    Reach,
    /// The side loses when it has no such piece left (`# X 0`).
    Capture,
}

/// A goal condition: piece type, side, kind — the paper's triple.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GoalGene {
    pub kind: char,
    pub white: bool,
    pub goal: GoalKind,
}

/// What the last evaluation learnt about a genome; guides the adaptive mutation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Feedback {
    /// `(piece, usefulness)`: share of the alpha-beta players' moves made with that type.
    pub usefulness: Vec<(char, f64)>,
    /// White's score rate minus black's in alpha-beta games, in `-1..=1`.
    pub white_advantage: f64,
}

/// An individual: board, piece rules, goals and turn limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Genome {
    pub width: usize,
    pub height: usize,
    /// Rows from the bottom (`y = 0`), `.` for empty, uppercase white, lowercase black.
    pub rows: Vec<String>,
    pub pieces: Vec<PieceGene>,
    pub goals: Vec<GoalGene>,
    pub turn_limit: u32,
    #[serde(default)]
    pub feedback: Option<Feedback>,
}

impl Genotype for Genome {
    type Dna = PieceGene;
}

/// Parameters of random genomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenomeParams {
    pub width: usize,
    pub height: usize,
    pub turn_limit: u32,
    /// Probability that the right half of white's quarter differs from the mirror image.
    pub mirror_change: f64,
    /// Probability that a black square differs from white's mirror image (same class).
    pub side_change: f64,
}

impl Genome {
    pub fn cell(&self, x: usize, y: usize) -> char {
        self.rows[y].as_bytes()[x] as char
    }

    pub fn set_cell(&mut self, x: usize, y: usize, c: char) {
        let mut row: Vec<u8> = self.rows[y].bytes().collect();
        row[x] = c as u8;
        self.rows[y] = String::from_utf8(row).expect("ascii board");
    }

    /// Rows of each side's army at the start: a third of the board, at least one.
    pub fn army_rows(height: usize) -> usize {
        (height / 3).max(1)
    }

    /// A random genome: white's army generated on a quarter (left half of its rows, strong
    /// pieces likelier on the back rows, weak ones on the front row), mirrored to the right
    /// half, then mirrored to black, each mirror with some probability of redrawing a square
    /// (same class). Three to six piece types; one or two goal conditions per side.
    pub fn random<R: Rng>(rng: &mut R, params: &GenomeParams, pool: &BlockPool) -> Genome {
        let (w, h) = (params.width, params.height);
        let n_types = rng.gen_range(3..=6usize);
        let mut kinds: Vec<char> = vec!['P'];
        let mut others: Vec<char> = LETTERS[1..].iter().map(|(k, _)| *k).collect();
        while kinds.len() < n_types {
            let i = rng.gen_range(0..others.len());
            kinds.push(others.remove(i));
        }
        kinds.sort_by_key(|k| LETTERS.iter().position(|(l, _)| l == k));
        let of_class = |c: Class| -> Vec<char> {
            kinds
                .iter()
                .copied()
                .filter(|&k| class_of(k) == c)
                .collect()
        };
        let (weak, light, strong) = (
            of_class(Class::Weak),
            of_class(Class::Light),
            of_class(Class::Strong),
        );
        let rows = Self::army_rows(h);
        let pick = |rng: &mut R, y: usize| -> char {
            // y = 0 is the back rank, y = rows - 1 the front.
            let front = y + 1 == rows;
            let back_share = if rows == 1 {
                0.5
            } else {
                1.0 - y as f64 / (rows - 1) as f64
            };
            let r: f64 = rng.gen();
            let class_pick = if front && rows > 1 {
                if r < 0.85 {
                    &weak
                } else {
                    &light
                }
            } else if r < 0.15 {
                return '.';
            } else if r < 0.15 + 0.35 * back_share {
                &strong
            } else if r < 0.8 {
                &light
            } else {
                &weak
            };
            let set = if class_pick.is_empty() {
                &kinds
            } else {
                class_pick
            };
            set[rng.gen_range(0..set.len())]
        };
        let mut board = vec![vec!['.'; w]; h];
        let half = w.div_ceil(2);
        for (y, row) in board.iter_mut().enumerate().take(rows) {
            for cell in row.iter_mut().take(half) {
                *cell = pick(rng, y);
            }
            for x in half..w {
                let mirror = row[w - 1 - x];
                row[x] = if rng.gen_bool(params.mirror_change) {
                    same_class(rng, mirror, &kinds)
                } else {
                    mirror
                };
            }
        }
        for y in 0..rows {
            let white_row = board[y].clone();
            for (x, c) in white_row.into_iter().enumerate() {
                let c = if rng.gen_bool(params.side_change) {
                    same_class(rng, c, &kinds)
                } else {
                    c
                };
                board[h - 1 - y][x] = c.to_ascii_lowercase();
            }
        }
        let pieces = kinds
            .iter()
            .map(|&k| PieceGene::random(rng, k, pool))
            .collect();
        let mut goals = Vec::new();
        let goal = |rng: &mut R| {
            let k = kinds[rng.gen_range(0..kinds.len())];
            let g = if rng.gen_bool(0.5) {
                GoalKind::Reach
            } else {
                GoalKind::Capture
            };
            (k, g)
        };
        for _ in 0..rng.gen_range(0..=2) {
            let (kind, g) = goal(rng);
            // Asymmetric goals: a quarter of the goals are one side's only.
            let sides: &[bool] = match (rng.gen_bool(0.25), rng.gen_bool(0.5)) {
                (true, true) => &[true],
                (true, false) => &[false],
                _ => &[true, false],
            };
            for &white in sides {
                let gene = GoalGene {
                    kind,
                    white,
                    goal: g,
                };
                if !goals.contains(&gene) {
                    goals.push(gene);
                }
            }
        }
        let mut g = Genome {
            width: w,
            height: h,
            rows: board.into_iter().map(|r| r.into_iter().collect()).collect(),
            pieces,
            goals,
            turn_limit: params.turn_limit,
            feedback: None,
        };
        g.repair();
        g
    }

    /// Piece letters (uppercase) standing on the board.
    pub fn kinds_on_board(&self) -> Vec<char> {
        let mut v: Vec<char> = self
            .rows
            .iter()
            .flat_map(|r| r.chars())
            .filter(|c| *c != '.')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Restores the invariants after crossover or mutation: one rule per letter on the board
    /// (rules of absent types dropped, missing rules left to the caller), goals only about
    /// pieces that side has at the start, pieces in [`LETTERS`] order.
    pub fn repair(&mut self) {
        let on_board = self.kinds_on_board();
        self.pieces.retain(|p| on_board.contains(&p.kind));
        self.pieces
            .sort_by_key(|p| LETTERS.iter().position(|(l, _)| *l == p.kind));
        self.pieces.dedup_by_key(|p| p.kind);
        let has = |kind: char, white: bool, rows: &[String]| {
            let c = if white {
                kind
            } else {
                kind.to_ascii_lowercase()
            };
            rows.iter().any(|r| r.contains(c))
        };
        let rows = self.rows.clone();
        self.goals.retain(|g| has(g.kind, g.white, &rows));
        let mut seen = Vec::new();
        self.goals.retain(|g| {
            let new = !seen.contains(g);
            seen.push(*g);
            new
        });
    }

    /// Adds a random rule for every piece on the board without one.
    pub fn fill_rules<R: Rng>(&mut self, rng: &mut R, pool: &BlockPool) {
        for k in self.kinds_on_board() {
            if !self.pieces.iter().any(|p| p.kind == k) {
                self.pieces.push(PieceGene::random(rng, k, pool));
            }
        }
        self.repair();
    }

    /// Total size of the rules (letters in the expressions).
    pub fn rules_size(&self) -> usize {
        self.pieces.iter().map(PieceGene::size).sum()
    }

    /// The SBG game this genome describes.
    pub fn to_game(&self, name: &str) -> Game {
        let (w, h) = (self.width, self.height);
        let mut board = Board::empty(w, h);
        for y in 0..h {
            for x in 0..w {
                board.set(x, y, Piece::from_letter(self.cell(x, y)));
            }
        }
        let rules = self
            .pieces
            .iter()
            .map(|p| PieceRule {
                kind: p.kind,
                expr: p.expr(w, h).normalized(),
            })
            .collect();
        let goals = self
            .goals
            .iter()
            .map(|g| {
                let side = if g.white { Side::White } else { Side::Black };
                let piece = Piece { side, kind: g.kind };
                match g.goal {
                    GoalKind::Reach => {
                        let y = if g.white { h - 1 } else { 0 };
                        Goal::Reach {
                            piece,
                            squares: (0..w).map(|x| (x, y)).collect(),
                        }
                    }
                    GoalKind::Capture => Goal::Count { piece, at_most: 0 },
                }
            })
            .collect();
        Game {
            name: name.to_string(),
            board,
            rules,
            turn_limit: self.turn_limit,
            goals,
        }
    }
}

/// Another piece of the same class and side as `c` (or `c` itself / empty stays empty).
fn same_class<R: Rng>(rng: &mut R, c: char, kinds: &[char]) -> char {
    if c == '.' {
        return c;
    }
    let class = class_of(c.to_ascii_uppercase());
    let same: Vec<char> = kinds
        .iter()
        .copied()
        .filter(|&k| class_of(k) == class)
        .collect();
    let k = same[rng.gen_range(0..same.len())];
    if c.is_ascii_lowercase() {
        k.to_ascii_lowercase()
    } else {
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(steps: Vec<(i32, i32)>) -> Block {
        Block {
            steps,
            star: None,
            capture: Capture::Both,
            mirror_h: false,
            mirror_v: false,
            rotate: false,
            own_at: None,
        }
    }

    #[test]
    fn pools_are_left_right_symmetric_and_use_stars_and_friends() {
        use genevo::random::{Prng, SeedableRng};
        let mut rng = Prng::seed_from_u64(4);
        let pool = BlockPool::generate(&mut rng, 40, 6, 6);
        let all: Vec<&Block> = pool
            .weak
            .iter()
            .chain(&pool.light)
            .chain(&pool.strong)
            .collect();
        for b in &all {
            if b.steps.iter().any(|&(dx, _)| dx != 0) {
                assert!(b.mirror_h, "{b:?}");
            }
        }
        // Stars on a letter of a two-step word, and jumps over a friendly piece.
        assert!(pool
            .light
            .iter()
            .any(|b| b.steps.len() == 2 && b.star.is_some()));
        let jump = pool
            .light
            .iter()
            .find(|b| b.own_at.is_some())
            .expect("a jump");
        let mut own = 0;
        jump.expr()
            .for_each_letter(&mut |l| own += usize::from(l.on == On::Own));
        assert!(own > 0);
    }

    #[test]
    fn modifiers_give_symmetric_words() {
        let mut b = block(vec![(1, 2)]);
        assert_eq!(b.variants().len(), 1);
        b.mirror_h = true;
        assert_eq!(b.variants(), vec![vec![(1, 2)], vec![(-1, 2)]]);
        b.mirror_v = true;
        assert_eq!(b.variants().len(), 4);
        b.rotate = true;
        assert_eq!(b.variants().len(), 8, "all knight leaps");
        let mut rook = block(vec![(1, 0)]);
        rook.rotate = true;
        rook.star = Some(0);
        assert_eq!(rook.variants().len(), 4);
        assert_eq!(
            sbg::print::print_expr(&rook.expr()),
            "(1,0,e)^*((1,0,e) + (1,0,p)) + (0,1,e)^*((0,1,e) + (0,1,p)) + \
             (-1,0,e)^*((-1,0,e) + (-1,0,p)) + (0,-1,e)^*((0,-1,e) + (0,-1,p))"
        );
    }

    #[test]
    fn rules_keep_within_the_board() {
        let mut b = block(vec![(3, 0)]);
        assert!(b.fits(4, 2));
        b.rotate = true;
        assert!(!b.fits(4, 2));
        let gene = PieceGene {
            kind: 'Q',
            class: Class::Strong,
            blocks: vec![b.clone(), b],
        };
        assert_eq!(sbg::print::print_expr(&gene.expr(4, 2)), "(0,1,e)");
        assert_eq!(gene.size(), 8, "duplicate words count once");
    }
}
