//! LSP positions count lines from 0 and columns in UTF-16 code units; the front ends give
//! byte offsets. A [`LineIndex`] converts both ways.

use lsp_types::{Position, Range};

/// Where each line of a text starts.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, starts }
    }

    /// The position of a byte offset (clamped into the text, moved back to a character
    /// boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let column = self.text[self.starts[line]..offset].encode_utf16().count();
        Position::new(line as u32, column as u32)
    }

    pub fn range(&self, r: std::ops::Range<usize>) -> Range {
        Range::new(self.position(r.start), self.position(r.end))
    }

    /// The byte offset of a position; a column past the line's end gives the line's end, a
    /// line past the text's end gives the text's end.
    pub fn offset(&self, p: Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(p.line as usize + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let mut units = 0;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units.
        let text = "ab\né𝄞x\n";
        let ix = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(ix.position(x), Position::new(1, 3));
        assert_eq!(ix.offset(Position::new(1, 3)), x);
        assert_eq!(ix.position(1), Position::new(0, 1));
        assert_eq!(ix.position(text.len()), Position::new(2, 0));
        // Inside a multi-byte character: back to its start.
        assert_eq!(ix.position(x - 1), Position::new(1, 1));
        assert_eq!(ix.offset(Position::new(0, 99)), 2);
        assert_eq!(ix.offset(Position::new(9, 0)), text.len());
    }
}
