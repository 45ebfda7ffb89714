//! The report as a text table for the terminal.

use crate::report::Report;
use crate::stats::Share;
use std::fmt;

fn share(s: &Share) -> String {
    format!(
        "{:>5.1}%  [{:>5.1}%, {:>5.1}%]  {}/{}",
        100.0 * s.value,
        100.0 * s.low,
        100.0 * s.high,
        s.count,
        s.n
    )
}

fn mark(ok: bool) -> &'static str {
    if ok {
        "ok"
    } else {
        "FAIL"
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        let t = &o.thresholds;
        writeln!(f, "{}", self.game)?;
        writeln!(
            f,
            "players: strong {}, weak {}, {}; seed {}; {} ({} distinct)",
            o.strong,
            o.weak,
            game::text::counted(o.opening_plies as usize, "random opening ply")
                .replace("plys", "plies"),
            o.seed,
            game::text::counted(self.games as usize, "game"),
            self.distinct_games
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<14} {:<38} {:<8} wanted",
            "measure", "value  [95% CI]  count", "check"
        )?;
        writeln!(
            f,
            "{:<14} {:<38} {:<8} >= {:.0}%",
            "decisive",
            share(&self.decisiveness),
            mark(self.checks.decisive),
            100.0 * t.decisive
        )?;
        writeln!(
            f,
            "{:<14} {:<38} {:<8} {:.0}%..{:.0}% (first player's share of decisive games)",
            "balance",
            share(&self.balance),
            mark(self.checks.balanced),
            100.0 * t.balance.0,
            100.0 * t.balance.1
        )?;
        writeln!(
            f,
            "{:<14} {:<38} {:<8} >= {:.0}% (stronger player's wins)",
            "skill",
            share(&self.skill),
            mark(self.checks.skill),
            100.0 * t.skill
        )?;
        writeln!(
            f,
            "{:<14} {:<38} {:<8} (search's wins against random)",
            "strategy",
            share(&self.strategy),
            ""
        )?;
        writeln!(
            f,
            "{:<14} {:.1} legal moves per state",
            "branching", self.branching
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<9} {:<26} {:>5} {:>6} {:>6} {:>5} {:>6} {:>6} {:>18} {:>8}",
            "pairing",
            "players (A vs B)",
            "games",
            "1st",
            "2nd",
            "draw",
            "A wins",
            "B wins",
            "length min/med/max",
            "distinct"
        )?;
        for p in &self.pairings {
            writeln!(
                f,
                "{:<9} {:<26} {:>5} {:>6} {:>6} {:>5} {:>6} {:>6} {:>18} {:>8}",
                format!("{:?}", p.pairing).to_lowercase(),
                format!("{} vs {}", p.players[0], p.players[1]),
                p.games,
                p.first_wins,
                p.second_wins,
                p.draws,
                p.a_wins,
                p.b_wins,
                format!("{}/{}/{}", p.length.min, p.length.median, p.length.max),
                p.distinct
            )?;
        }
        writeln!(f)?;
        writeln!(f, "how games ended:")?;
        for p in &self.pairings {
            let ends: Vec<String> = p
                .ends
                .iter()
                .map(|(e, n)| format!("{} {n}", e.describe()))
                .collect();
            writeln!(
                f,
                "  {:<9} {}",
                format!("{:?}", p.pairing).to_lowercase(),
                ends.join(", ")
            )?;
        }
        if !self.pieces.is_empty() {
            writeln!(f)?;
            writeln!(
                f,
                "{:<6} {:>9} {:>12} {:>8} {:>11}",
                "piece", "can move", "can capture", "moves", "usefulness"
            )?;
            for p in &self.pieces {
                let cap = match (p.fixed.can_capture, p.fixed.needs_capture) {
                    (true, _) => "yes",
                    (false, false) => "no (goal)",
                    (false, true) => "NO",
                };
                writeln!(
                    f,
                    "{:<6} {:>9} {:>12} {:>8} {:>10.1}%",
                    p.fixed.kind,
                    if p.fixed.can_move { "yes" } else { "NO" },
                    cap,
                    p.moves,
                    100.0 * p.usefulness
                )?;
            }
        }
        writeln!(f)?;
        if self.flags.is_empty() {
            writeln!(f, "verdict: passes every check")?;
        } else {
            writeln!(f, "flags:")?;
            for fl in &self.flags {
                writeln!(f, "  [{}] {}", fl.code, fl.message)?;
            }
            writeln!(
                f,
                "verdict: {}",
                if self.checks.all() {
                    "passes the checks (see flags)"
                } else {
                    "fails"
                }
            )?;
        }
        Ok(())
    }
}
