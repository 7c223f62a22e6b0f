//! `harness judge MANIFEST SUBMISSIONS... --out DIR`: a whole class's hand-ins judged in
//! one folder (docs/judge.md). The submissions as given ([`submission`]), unpacked safely
//! ([`unpack`]), their makers ([`makers`]), the assignment's style rules read with
//! tree-sitter ([`style`]), the questions asked of each built one ([`ask`]), the loop
//! over the class that resumes ([`class`]) with each submission's record ([`record`]),
//! the CSV's rows ([`row`]), the class table's lines ([`summary`]), how to ask a question
//! again ([`again`]), whose folder `--out` may be ([`folder`]), the picture of a shrunk position ([`figure`]), and the files written ([`output`], [`html`], [`markdown`], [`latex`], [`xlsx`]).

pub mod again;
pub mod ask;
pub mod class;
pub mod figure;
pub mod folder;
pub mod html;
pub mod latex;
pub mod makers;
pub mod markdown;
pub mod output;
pub mod record;
pub mod row;
pub mod style;
pub mod submission;
pub mod summary;
pub mod unpack;
pub mod xlsx;
