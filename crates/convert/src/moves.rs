//! SBG moves in the notation of their translations, so a game played in SBG can be replayed
//! move by move on the RBG and GDL translations (`rbgtool replay --game`).
//!
//! * RBG ([`crate::sbg_to_rbg`]): a move lifts the piece on its from-square and drops it on
//!   its to-square, so its notation is those two squares, `b2 b3` (the rectangle board keeps
//!   SBG's files and ranks); a null move `b2-b2` touches one square, `b2`.
//! * GDL ([`crate::sbg_to_gdl`]): `(move x1 y1 x2 y2)` with 0-based files and ranks.

/// An SBG square name (`b3`, or `(1,2)` on boards wider than 26) as 0-based `(x, y)`.
pub fn sbg_square(s: &str) -> Option<(usize, usize)> {
    if let Some(inner) = s.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        let (x, y) = inner.split_once(',')?;
        return Some((x.trim().parse().ok()?, y.trim().parse().ok()?));
    }
    let mut chars = s.chars();
    let file = chars.next()?;
    let x = (file as usize)
        .checked_sub('a' as usize)
        .filter(|&x| x < 26)?;
    let y = chars.as_str().parse::<usize>().ok()?.checked_sub(1)?;
    Some((x, y))
}

/// The two squares of an SBG move `b2-b3` (wide boards: `(1,1)-(1,2)`).
fn squares(text: &str) -> Option<(&str, &str)> {
    let t = text.trim();
    let cut = if t.starts_with('(') {
        t.find(")-")? + 1
    } else {
        t.find('-')?
    };
    Some((&t[..cut], &t[cut + 1..]))
}

/// The RBG translation's notation of an SBG move.
pub fn sbg_move_to_rbg(text: &str) -> Option<String> {
    let (from, to) = squares(text)?;
    sbg_square(from)?;
    sbg_square(to)?;
    Some(if from == to {
        from.to_string()
    } else {
        format!("{from} {to}")
    })
}

/// The GDL translation's move term of an SBG move.
pub fn sbg_move_to_gdl(text: &str) -> Option<String> {
    let (from, to) = squares(text)?;
    let ((x1, y1), (x2, y2)) = (sbg_square(from)?, sbg_square(to)?);
    Some(format!("(move {x1} {y1} {x2} {y2})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_map_to_both_translations() {
        assert_eq!(sbg_move_to_rbg("b2-b3").as_deref(), Some("b2 b3"));
        assert_eq!(sbg_move_to_rbg("c4-c4").as_deref(), Some("c4"));
        assert_eq!(sbg_move_to_gdl("b2-b3").as_deref(), Some("(move 1 1 1 2)"));
        assert_eq!(
            sbg_move_to_gdl("(27,0)-(27,1)").as_deref(),
            Some("(move 27 0 27 1)")
        );
        assert_eq!(sbg_move_to_gdl("b2"), None);
    }
}
