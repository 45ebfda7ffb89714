//! The designer's part of `report.html`: per-generation trends (fitness, noise, diversity,
//! per-feature values of the best), and each best game with its goals in words, how its games
//! ended, piece usefulness, `rate`'s flags and a sample game; near-duplicates are collapsed.

use crate::model::{game_name, GenerationSummary, Individual, Options};
use crate::similarity::{distance, rule_set, NEAR_DUPLICATE};
use sbg::{Game, Goal, Side};
use std::fmt::Write;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One row per generation.
pub fn trends_table(history: &[GenerationSummary]) -> String {
    let mut s = String::from(
        "<table><tr><th>gen</th><th>best</th><th>mean</th><th>sd</th><th>noise sd</th>\
         <th>individuals</th><th>diversity</th><th>evaluated</th><th>unplayable</th>\
         <th>re-evaluated</th><th>games</th><th>seconds</th>",
    );
    let names = crate::fitness::Features::default().named();
    for (n, _) in names {
        let _ = write!(s, "<th>{n}</th>");
    }
    s.push_str("</tr>\n");
    for g in history {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{:.4}</td><td>{:.4}</td><td>{:.3}</td><td>{}</td><td>{}</td>\
             <td>{:.2}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td>",
            g.generation,
            g.best_fitness,
            g.mean_fitness,
            g.fitness_sd,
            g.noise_sd.map_or("–".into(), |x| format!("{x:.3}")),
            g.individuals,
            g.diversity,
            g.evaluated,
            g.unplayable,
            g.reevaluated,
            g.simulations,
            g.seconds
        );
        if let Some(f) = &g.best_features {
            for (_, v) in f.named() {
                let _ = write!(s, "<td>{v:.2}</td>");
            }
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    s
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The goals of a game in words.
pub fn goals_in_words(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for g in &game.goals {
        out.push(match g {
            Goal::Reach { piece, squares } => {
                let rows: Vec<usize> = squares.iter().map(|&(_, y)| y).collect();
                let full_row =
                    rows.windows(2).all(|w| w[0] == w[1]) && squares.len() == game.board.width;
                let place = if full_row {
                    format!("row {}", rows[0] + 1)
                } else {
                    format!("one of {} squares", squares.len())
                };
                format!(
                    "{} wins by moving a {} onto {place}",
                    side_name(piece.side),
                    piece.kind
                )
            }
            Goal::Count { piece, at_most } => {
                let what = if *at_most == 0 {
                    format!("has no {} left", piece.kind)
                } else {
                    format!("has at most {at_most} {}", piece.kind)
                };
                format!("{} loses when it {what}", side_name(piece.side))
            }
        });
    }
    out.push("a side with no legal move (for example with every piece captured) loses".into());
    out.push(format!("draw after {} plies", game.turn_limit));
    out
}

/// The best games, near-duplicates collapsed into their better twin.
pub fn best_games(options: &Options, history: &[GenerationSummary], best: &[Individual]) -> String {
    let mut s = String::from("<h2>Best games</h2>\n");
    let last = history.last().map_or(0, |g| g.generation);
    let shown: Vec<&Individual> = best.iter().take(options.best_games.max(1)).collect();
    let rules: Vec<_> = shown.iter().map(|i| rule_set(&i.genome)).collect();
    for (k, ind) in shown.iter().enumerate() {
        let twin = (0..k).find(|&j| {
            distance((&shown[j].genome, &rules[j]), (&ind.genome, &rules[k])) < NEAR_DUPLICATE
        });
        let game = ind.genome.to_game(&game_name(last, k + 1));
        if let Some(j) = twin {
            let _ = writeln!(
                s,
                "<p>{}: fitness {:.4}, a near-duplicate of best {} (collapsed)</p>",
                esc(&game.name),
                ind.fitness(),
                j + 1
            );
            continue;
        }
        game_section(&mut s, &game, ind);
    }
    s
}

fn game_section(s: &mut String, game: &Game, ind: &Individual) {
    let _ = writeln!(
        s,
        "<h3>{} — fitness {:.4} (mean of {} evaluations: {})</h3>",
        esc(&game.name),
        ind.fitness(),
        ind.samples.len(),
        ind.samples
            .iter()
            .map(|x| format!("{x:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    s.push_str(&board_svg(game));
    s.push_str("\n<p><b>Pieces</b></p><ul>");
    for p in &ind.genome.pieces {
        let words: Vec<String> = p.blocks.iter().map(|b| b.describe()).collect();
        let _ = write!(
            s,
            "<li><b>{}</b> ({:?}): {}</li>",
            p.kind,
            p.class,
            esc(&words.join("; "))
        );
    }
    s.push_str("</ul><p><b>Goals</b></p><ul>");
    for g in goals_in_words(game) {
        let _ = write!(s, "<li>{}</li>", esc(&g));
    }
    s.push_str("</ul>");
    let _ = writeln!(s, "\n<pre>{}</pre>", esc(&sbg::print(game)));
    s.push_str("<table><tr><th>feature</th><th>value</th></tr>");
    for (name, v) in ind.evaluation.features.named() {
        let _ = write!(s, "<tr><td>{name}</td><td>{v:.3}</td></tr>");
    }
    s.push_str("</table>");
    let Some(r) = &ind.evaluation.report else {
        return;
    };
    let _ = write!(
        s,
        "<p>Latest evaluation: decisive {:.0}% of equal games, first player {:.0}% of decisive \
         games (95% CI {:.0}–{:.0}%), stronger player wins {:.0}%, search beats random {:.0}%, \
         branching {:.1}; {} games, {} distinct.</p><p>How games ended:</p><ul>",
        100.0 * r.decisiveness.value,
        100.0 * r.balance.value,
        100.0 * r.balance.low,
        100.0 * r.balance.high,
        100.0 * r.skill.value,
        100.0 * r.strategy.value,
        r.branching,
        r.games,
        r.distinct_games
    );
    for p in &r.pairings {
        let ends: Vec<String> = p
            .ends
            .iter()
            .map(|(e, n)| format!("{} {n}", e.describe()))
            .collect();
        let _ = write!(
            s,
            "<li>{} vs {}: {} (length median {})</li>",
            p.players[0],
            p.players[1],
            ends.join(", "),
            p.length.median
        );
    }
    s.push_str("</ul><p>Usefulness (share of moves in equal and gradient games): ");
    let use_: Vec<String> = r
        .pieces
        .iter()
        .map(|p| format!("{} {:.0}%", p.fixed.kind, 100.0 * p.usefulness))
        .collect();
    s.push_str(&use_.join(", "));
    s.push_str("</p>");
    if !r.flags.is_empty() {
        s.push_str("<p>Flags:</p><ul>");
        for f in &r.flags {
            let _ = write!(s, "<li><b>{}</b>: {}</li>", f.code, esc(&f.message));
        }
        s.push_str("</ul>");
    }
    if let Some(g) = &r.sample {
        let _ = write!(
            s,
            "<p>Sample game (equal players, {}; {}): {}</p><pre>{}</pre>",
            g.end.describe(),
            match g.winner_side {
                Some(0) => "White won",
                Some(_) => "Black won",
                None => "drawn",
            },
            esc(&g.moves.join(" ")),
            esc(g.final_position.as_deref().unwrap_or(""))
        );
    }
}

/// The start position of a game as an SVG board (white pieces uppercase on light discs, black
/// lowercase on dark discs).
pub fn board_svg(game: &sbg::Game) -> String {
    let c = 36.0;
    let (bw, bh) = (game.board.width, game.board.height);
    let (w, h) = (c * bw as f64, c * bh as f64);
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    );
    for y in 0..bh {
        for x in 0..bw {
            let (px, py) = (c * x as f64, c * (bh - 1 - y) as f64);
            let fill = if (x + y) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = write!(
                s,
                r##"<rect x="{px}" y="{py}" width="{c}" height="{c}" fill="{fill}"/>"##
            );
            if let Some(p) = game.board.get(x, y) {
                let (disc, ink) = match p.side {
                    sbg::Side::White => ("#ffffff", "#000000"),
                    sbg::Side::Black => ("#222222", "#ffffff"),
                };
                let _ = write!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="{disc}" stroke="#000"/><text x="{}" y="{}" font-size="18" text-anchor="middle" fill="{ink}" font-family="sans-serif">{}</text>"##,
                    px + c / 2.0,
                    py + c / 2.0,
                    c * 0.4,
                    px + c / 2.0,
                    py + c / 2.0 + 6.0,
                    p.letter()
                );
            }
        }
    }
    s.push_str("</svg>");
    s
}
