//! The rules every translation has: the board after the move (`aft`, `aftvar`), the end of
//! play and goals, the initial state.

use super::*;

impl Translator<'_> {
    /// `moved`, `aft`, `aftvar` and the state's parts the keeper leaves alone.
    pub(super) fn after_move_rules(&mut self, keeper: bool) -> Vec<Rule> {
        let mut out = Vec::new();
        let has_vars = !self.game.variables.is_empty();
        let slot_values = !self.sets_slot.is_empty();
        for &n in &self.arities {
            let slots: Vec<String> = (1..=n).map(|i| format!("?k{i} ?v{i}")).collect();
            let does = format!("(does ?r (move{n} {}))", slots.join(" "));
            out.push(Rule::new(
                format!("(moved ?k{n} ?v{n})"),
                vec![does.clone()],
            ));
            for i in 1..=n {
                let mut b = vec![does.clone(), format!("(puts ?k{i} ?x)")];
                b.extend((i + 1..=n).map(|j| format!("(not (over ?k{j} ?v{j} ?v{i}))")));
                out.push(Rule::new(format!("(aft ?v{i} ?x)"), b));
                out.push(Rule::new(
                    format!("(touched ?v{i})"),
                    vec![does.clone(), format!("(puts ?k{i} ?x)")],
                ));
                if has_vars {
                    let later = || (i + 1..=n).map(|j| format!("(not (resets ?k{j} ?x))"));
                    let mut b = vec![does.clone(), format!("(sets ?k{i} ?x ?n)")];
                    b.extend(later());
                    out.push(Rule::new("(aftvar ?x ?n)".into(), b));
                    out.push(Rule::new(
                        "(vtouched ?x)".into(),
                        vec![does.clone(), format!("(sets ?k{i} ?x ?n)")],
                    ));
                    if slot_values {
                        // The value assigned is the move's slot.
                        let mut b = vec![does.clone(), format!("(setsv ?k{i} ?x)")];
                        b.extend(later());
                        out.push(Rule::new(format!("(aftvar ?x ?v{i})"), b));
                        out.push(Rule::new(
                            "(vtouched ?x)".into(),
                            vec![does.clone(), format!("(setsv ?k{i} ?x)")],
                        ));
                    }
                }
            }
        }
        out.extend(self.chain_after_rules());
        out.push(Rule::new(
            "(over ?k ?v ?v)".into(),
            vec!["(puts ?k ?x)".into()],
        ));
        out.push(Rule::new(
            "(aft ?v ?x)".into(),
            vec!["(true (cell ?v ?x))".into(), "(not (touched ?v))".into()],
        ));
        if has_vars {
            out.push(Rule::new(
                "(resets ?k ?x)".into(),
                vec!["(sets ?k ?x ?n)".into()],
            ));
            if slot_values {
                out.push(Rule::new(
                    "(resets ?k ?x)".into(),
                    vec!["(setsv ?k ?x)".into()],
                ));
            }
            out.push(Rule::new(
                "(aftvar ?x ?n)".into(),
                vec!["(true (var ?x ?n))".into(), "(not (vtouched ?x))".into()],
            ));
        }
        // The implicit piece has no `cell` facts: `aft` may hold it where the move put it
        // (hiding the piece that was there), `next` leaves it out.
        let implicit = self.nav.empty.map(|p| self.names.pieces[p.index()].clone());
        let mut cell_rest = vec!["(aft ?v ?x)".to_string()];
        if let Some(e) = &implicit {
            cell_rest.push(format!("(distinct ?x {e})"));
            out.push(Rule::new(
                "(aftocc ?v)".into(),
                vec!["(aft ?v ?x)".into(), format!("(distinct ?x {e})")],
            ));
            out.push(Rule::new(
                "(occ ?v)".into(),
                vec!["(true (cell ?v ?x))".into()],
            ));
        }
        let (var_rest, idle) = if keeper {
            cell_rest.push("(not (kwrote ?v))".into());
            if self.staged {
                cell_rest.push("(not kstaged)".into());
            }
            (
                vec!["(aftvar ?x ?n)".to_string(), "(not (kset ?x))".into()],
                vec!["(not kany)".to_string()],
            )
        } else {
            (vec!["(aftvar ?x ?n)".to_string()], Vec::new())
        };
        out.push(Rule::new("(next (cell ?v ?x))".into(), cell_rest));
        if has_vars {
            out.push(Rule::new("(next (var ?x ?n))".into(), var_rest));
        }
        // Without a keeper's phase (or with a keeper stuck at once) the move's switch decides.
        let with = |mut b: Vec<String>, extra: &[String]| {
            b.extend(extra.iter().cloned());
            b
        };
        out.push(Rule::new(
            "(next (control ?p))".into(),
            with(
                vec!["(moved ?k ?v)".into(), "(switchto ?k ?p)".into()],
                &idle,
            ),
        ));
        if self.need_at {
            out.push(Rule::new(
                "(next (at ?q))".into(),
                with(vec!["(moved ?k ?v)".into(), "(place ?k ?q)".into()], &idle),
            ));
        }
        if self.need_pos {
            out.push(Rule::new(
                "(next (pos ?v))".into(),
                with(vec!["(moved ?k ?v)".into()], &idle),
            ));
        }
        out
    }

    pub(super) fn end_rules(&self) -> Result<Vec<Rule>, Unsupported> {
        let mut out = vec![
            Rule::new(
                "(legal ?r noop)".into(),
                vec!["(role ?r)".into(), "(not (true (control ?r)))".into()],
            ),
            Rule::new(
                "canmove".into(),
                vec!["(legal ?r ?m)".into(), "(distinct ?m noop)".into()],
            ),
            Rule::new("terminal".into(), vec!["(not canmove)".into()]),
        ];
        // A chain that could go on past its levels ends the play, with goal 0 for all.
        let within: Vec<String> = if self.chain_over {
            out.push(Rule::new("terminal".into(), vec!["chainover".into()]));
            out.push(Rule::new(
                "(goal ?r 0)".into(),
                vec!["(role ?r)".into(), "chainover".into()],
            ));
            vec!["(not chainover)".into()]
        } else {
            Vec::new()
        };
        for (i, role) in self.names.variables[..self.game.players.len()]
            .iter()
            .enumerate()
        {
            let bound = self.game.variables[i].bound;
            if bound == 100 {
                let mut b = vec![format!("(true (var {role} ?n))")];
                b.extend(within.iter().cloned());
                out.push(Rule::new(format!("(goal {role} ?n)"), b));
            } else if bound <= MAX_SCALED_BOUND && bound > 0 {
                let mut b = vec![
                    format!("(true (var {role} ?n))"),
                    format!("(scaled{} ?n ?g)", i + 1),
                ];
                b.extend(within.iter().cloned());
                out.push(Rule::new(format!("(goal {role} ?g)"), b));
            } else {
                return Err(Unsupported(format!("a score bound of {bound}")));
            }
        }
        Ok(out)
    }

    /// The `init` facts: the reasoner's state after the keeper's first phase.
    pub(super) fn initial_state(&mut self) -> Result<Vec<String>, Unsupported> {
        let game = self.game;
        let r = reasoner::Reasoner::new(game)
            .map_err(|e| Unsupported(format!("the reasoner cannot run the game: {e:?}")))?;
        let state = r
            .initial_state()
            .map_err(|e| Unsupported(format!("the initial keeper phase fails: {e:?}")))?;
        let snap = state.snapshot();
        let mut init = Vec::new();
        for (v, &p) in snap.pieces.iter().enumerate() {
            if Some(PieceId::from_index(p as usize)) == self.nav.empty {
                continue;
            }
            init.push(format!(
                "(init (cell {} {}))",
                self.names.vertices[v], self.names.pieces[p as usize]
            ));
        }
        for (i, n) in snap.variables.iter().enumerate() {
            init.push(format!("(init (var {} {n}))", self.names.variables[i]));
        }
        let control = match game.players.get(snap.player as usize) {
            Some(_) => self.names.variables[snap.player as usize].clone(),
            None => self.names.keeper.clone(),
        };
        init.push(format!("(init (control {control}))"));
        let (m, pos) = snap.rules.unwrap_or((0, 0));
        if self.need_at {
            init.push(format!("(init (at m{}))", self.place(m)));
        }
        if self.need_pos {
            init.push(format!(
                "(init (pos {}))",
                self.names.vertices[pos as usize]
            ));
        }
        Ok(init)
    }
}

/// The piece the state leaves implicit: the one vertices hold most often over the initial
/// board and a few seeded random plays (ties to the first declared), or none where the
/// initial keeper phase cannot run (the translation then fails on it anyway). The initial
/// board alone can mislead: English draughts starts with twelve men a side and eight empty
/// squares, and with the white men implicit its translation kept a fact for every empty
/// square, which most squares are for most of a game.
pub(super) fn implicit_piece(game: &Game) -> Option<PieceId> {
    /// Plays, plies a play, and states counted at most.
    const PLAYS: usize = 4;
    const PLIES: usize = 200;
    const STATES: usize = 2_000;
    let r = reasoner::Reasoner::new(game).ok()?;
    let mut state = r.initial_state().ok()?;
    let start = state.snapshot();
    let mut count = vec![0usize; game.pieces.len()];
    let mut tally = |pieces: &[u16]| {
        for &p in pieces {
            count[p as usize] += 1;
        }
    };
    tally(&start.pieces);
    // A linear congruential generator: the choice must not depend on anything but the game.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut states = 0;
    'plays: for _ in 0..PLAYS {
        if state.load_snapshot(&start).is_err() {
            break;
        }
        for _ in 0..PLIES {
            let Ok((moves, _)) = state.legal_moves_at_most(256) else {
                break;
            };
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = (seed >> 33) as usize % moves.len();
            if state.try_apply(&moves[pick]).is_err() {
                break;
            }
            tally(&state.pieces());
            states += 1;
            if states >= STATES {
                break 'plays;
            }
        }
    }
    let (best, _) = count
        .iter()
        .enumerate()
        .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))?;
    Some(PieceId::from_index(best))
}
