//! Stones and their eight orientations, numbered as the seed fixes them.
//!
//! Rotating 90 degrees clockwise maps cell `(r, c)` of an `m x n` box to `(c, m-1-r)` of an
//! `n x m` box; mirroring in the horizontal axis maps `(r, c)` to `(m-1-r, c)`. Orientation 0
//! is the stone as read, 1..3 are it rotated 90, 180, 270 degrees clockwise, 4 is it mirrored
//! and 5..7 are orientation 4 rotated 90, 180, 270 degrees clockwise.

/// Largest side of a stone's box in a stones file.
pub const MAX_SIDE: usize = 5;
/// Number of orientations of every stone.
pub const ORIENTATIONS: usize = 8;

/// A set of covered cells in a tight `rows x cols` box, cells sorted row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
    /// Covered cells `(row, col)` within the box, in row-major order.
    pub cells: Vec<(usize, usize)>,
}

impl Shape {
    /// A shape of a `rows x cols` box covering `cells` (any order; stored sorted).
    pub fn new(rows: usize, cols: usize, mut cells: Vec<(usize, usize)>) -> Shape {
        cells.sort_unstable();
        Shape { rows, cols, cells }
    }

    /// This shape rotated 90 degrees clockwise.
    pub fn rotated(&self) -> Shape {
        let cells = self.cells.iter().map(|&(r, c)| (c, self.rows - 1 - r)).collect();
        Shape::new(self.cols, self.rows, cells)
    }

    /// This shape mirrored in the horizontal axis (top row becomes bottom row).
    pub fn mirrored(&self) -> Shape {
        let cells = self.cells.iter().map(|&(r, c)| (self.rows - 1 - r, c)).collect();
        Shape::new(self.rows, self.cols, cells)
    }

    /// The box drawn as lines of `X` (covered) and `.` (not covered).
    pub fn draw(&self) -> Vec<String> {
        let mut lines = vec![vec!['.'; self.cols]; self.rows];
        for &(r, c) in &self.cells {
            lines[r][c] = 'X';
        }
        lines.into_iter().map(|l| l.into_iter().collect()).collect()
    }

    /// The first covered cell in row-major order (always in row 0 of a tight box).
    pub fn anchor(&self) -> (usize, usize) {
        self.cells[0]
    }
}

/// A numbered stone with its eight orientations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stone {
    /// The stone's number, 1-based, in input order.
    pub number: usize,
    /// Orientation `o` is `orientations[o]`.
    pub orientations: Vec<Shape>,
    /// The orientations tried by searches: for each distinct cell set only the lowest
    /// orientation number, ascending.
    pub distinct: Vec<usize>,
}

impl Stone {
    /// The stone numbered `number` whose orientation 0 is `shape`.
    pub fn new(number: usize, shape: Shape) -> Stone {
        let o0 = shape;
        let o1 = o0.rotated();
        let o2 = o1.rotated();
        let o3 = o2.rotated();
        let o4 = o0.mirrored();
        let o5 = o4.rotated();
        let o6 = o5.rotated();
        let o7 = o6.rotated();
        let orientations = vec![o0, o1, o2, o3, o4, o5, o6, o7];
        let distinct = (0..ORIENTATIONS).filter(|&o| !orientations[..o].contains(&orientations[o])).collect();
        Stone { number, orientations, distinct }
    }

    /// Number of cells the stone covers.
    pub fn size(&self) -> usize {
        self.orientations[0].cells.len()
    }

    /// Whether `other` is an orientation of this stone (same shape up to turning and mirroring).
    pub fn same_shape(&self, other: &Stone) -> bool {
        self.orientations.contains(&other.orientations[0])
    }
}

/// Class index of every stone: stones that are orientations of each other share a class;
/// classes are numbered by their lowest stone, in stone order.
pub fn classes(stones: &[Stone]) -> Vec<usize> {
    let mut class_of: Vec<usize> = Vec::with_capacity(stones.len());
    let mut next = 0;
    for (i, s) in stones.iter().enumerate() {
        match (0..i).find(|&j| stones[j].same_shape(s)) {
            Some(j) => class_of.push(class_of[j]),
            None => {
                class_of.push(next);
                next += 1;
            }
        }
    }
    class_of
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(lines: &[&str]) -> Shape {
        let cells = lines
            .iter()
            .enumerate()
            .flat_map(|(r, l)| l.chars().enumerate().filter(|&(_, ch)| ch == 'X').map(move |(c, _)| (r, c)))
            .collect();
        Shape::new(lines.len(), lines[0].len(), cells)
    }

    #[test]
    fn spec_orientation_check_l_orientation_3() {
        let stone = Stone::new(1, shape(&["X..", "XXX"]));
        assert_eq!(stone.orientations[3].draw(), vec![".X", ".X", "XX"]);
    }

    #[test]
    fn all_eight_orientations_of_the_l() {
        let stone = Stone::new(1, shape(&["X..", "XXX"]));
        let drawn: Vec<Vec<String>> = stone.orientations.iter().map(Shape::draw).collect();
        assert_eq!(drawn[0], vec!["X..", "XXX"]);
        assert_eq!(drawn[1], vec!["XX", "X.", "X."]);
        assert_eq!(drawn[2], vec!["XXX", "..X"]);
        assert_eq!(drawn[3], vec![".X", ".X", "XX"]);
        assert_eq!(drawn[4], vec!["XXX", "X.."]);
        assert_eq!(drawn[5], vec!["XX", ".X", ".X"]);
        assert_eq!(drawn[6], vec!["..X", "XXX"]);
        assert_eq!(drawn[7], vec!["X.", "X.", "XX"]);
        assert_eq!(stone.distinct, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn equal_orientations_are_tried_once() {
        // The seed: orientations 0 and 2 of the S are the same; its mirror image is the Z.
        assert_eq!(Stone::new(1, shape(&[".X", "XX", "X."])).distinct, vec![0, 1, 4, 5]);
        assert_eq!(Stone::new(1, shape(&["XX", "XX"])).distinct, vec![0]);
        assert_eq!(Stone::new(1, shape(&["X", "X", "X", "X"])).distinct, vec![0, 1]);
        assert_eq!(Stone::new(1, shape(&[".X.", "XXX", ".X."])).distinct, vec![0]);
    }

    #[test]
    fn identical_stones_share_a_class() {
        let stones = vec![
            Stone::new(1, shape(&["X..", "XXX"])),
            Stone::new(2, shape(&["XXX", "X.."])),
            Stone::new(3, shape(&[".X", "XX", "X."])),
            Stone::new(4, shape(&["XX", "XX"])),
            Stone::new(5, shape(&["XX", ".X", ".X"])),
        ];
        assert_eq!(classes(&stones), vec![0, 0, 1, 2, 0]);
    }
}
