//! The thresholds and the flags: what is wrong with a game, in a designer's words.

use crate::options::Pairing;
use crate::play::End;
use crate::report::{Checks, Flag, Report};

fn pct(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

/// Sets `report.checks` and `report.flags` from the measurements.
pub fn judge(report: &mut Report) {
    let t = report.options.thresholds.clone();
    let mut flags = Vec::new();
    let mut flag = |code: &str, message: String| {
        flags.push(Flag {
            code: code.to_string(),
            message,
        })
    };
    let d = report.decisiveness;
    let decisive = d.n > 0 && d.value >= t.decisive;
    if !decisive {
        flag(
            "rarely-decisive",
            format!(
                "only {} of the games between equal players are decisive ({} of {}; wanted {})",
                pct(d.value),
                d.count,
                d.n,
                pct(t.decisive)
            ),
        );
    }
    let b = report.balance;
    let balanced = b.n > 0 && b.value >= t.balance.0 && b.value <= t.balance.1;
    if b.n > 0 && !balanced {
        let who = if b.value > 0.5 { "first" } else { "second" };
        flag(
            "unbalanced",
            format!(
                "the {who} player wins most decisive games: first player {} (95% CI {}–{}, n = {})",
                pct(b.value),
                pct(b.low),
                pct(b.high),
                b.n
            ),
        );
    }
    let s = report.skill;
    let skill = s.n > 0 && s.value >= t.skill;
    if !skill {
        flag(
            "no-skill-gradient",
            format!(
                "the stronger player wins only {} of its games against the weaker one (wanted {})",
                pct(s.value),
                pct(t.skill)
            ),
        );
    }
    let st = report.strategy;
    if st.n > 0 && st.value < 0.5 {
        flag(
            "search-barely-helps",
            format!(
                "search beats random play in only {} of the games",
                pct(st.value)
            ),
        );
    }
    let eq = report.pairing(Pairing::Equal);
    let at_limit: u32 = eq
        .ends
        .iter()
        .filter(|(e, _)| matches!(e, End::TurnLimit | End::Unfinished))
        .map(|(_, n)| n)
        .sum();
    if eq.games > 0 && f64::from(at_limit) > 0.5 * f64::from(eq.games) {
        flag(
            "turn-limit",
            format!(
                "{at_limit} of {} equal games end at the turn limit: nobody manages to win",
                eq.games
            ),
        );
    }
    if report.games > 0 && f64::from(report.distinct_games) < 0.9 * f64::from(report.games) {
        flag(
            "repeated-games",
            format!(
                "only {} distinct games among {} played",
                report.distinct_games, report.games
            ),
        );
    }
    let mut pieces_ok = true;
    for p in &report.pieces {
        let k = p.fixed.kind;
        if !p.fixed.can_move {
            pieces_ok = false;
            flag("piece-cannot-move", format!("piece {k} can never move"));
        } else if !p.fixed.can_capture && p.fixed.needs_capture {
            pieces_ok = false;
            flag(
                "piece-cannot-capture",
                format!("piece {k} can never capture and has no goal square to reach"),
            );
        }
        if p.usefulness < t.piece_use {
            pieces_ok = false;
            flag(
                "piece-unused",
                format!(
                    "piece {k} makes {} of the moves ({} moves)",
                    pct(p.usefulness),
                    p.moves
                ),
            );
        }
    }
    report.checks = Checks {
        decisive,
        balanced,
        skill,
        pieces: pieces_ok,
    };
    report.flags = flags;
}
