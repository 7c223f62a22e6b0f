//! The answers to the assignments' report questions: each a question (the heading), a few
//! sentences and the kinds of experiment whose tables and figures follow it, in the
//! assignment's order. A game's report code ([`super::kinds::KindReport::answers`])
//! writes the sentences from the cells of its own tables, so every number in them is a
//! cell (or a figure computed from cells) of the table the sentence names.
//!
//! The LaTeX back end writes each answer to `tex/answer-ID.tex` (`\answer{ID}` in
//! `report/report.tex` inputs it: the heading, the sentences, then `\reportkind` of each
//! kind it shows); the page puts the same sentences, and those kinds' experiments, under
//! the question's heading.

use std::fmt::Write as _;

use super::figures::Drawn;
use super::language::Language;
use super::latex::escape;
use super::loaded::Loaded;
use crate::results::csv_table::CsvTable;

/// A piece of an answer's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Plain text (escaped by each back end).
    Text(String),
    /// The end of a paragraph: what follows starts a new one.
    Paragraph,
    /// A new paragraph that opens with a run-in heading (`How we measured.`), text
    /// escaped by each back end.
    Heading(String),
    /// A file name, command or move, set in a fixed-width font.
    Code(String),
    /// A reference to experiment `NAME`'s table; the first in an answer also names the
    /// charts drawn from that table.
    Table(String),
    /// A reference to experiment `NAME`'s table alone: where the answer's point is not
    /// what the charts show.
    TableAlone(String),
    /// A reference to the pictures drawn after experiment `NAME`'s table.
    Pictures(String),
    /// A reference to the chart named `NAME` (`plots/NAME.svg`).
    Chart(String),
    /// A reference to one picture drawn after an experiment's table: the experiment and
    /// the picture's name without its item index (`start-spel2.txt`), so that the
    /// reference names the figure that holds it where the pictures take several.
    Picture(String, String),
    /// A picture cited together with the [`Part::Picture`] before it, in the same figure
    /// ("the positions in Figure 1"): it places the picture as that reference does and
    /// adds no words of its own.
    Also(String, String),
}

/// One answered question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Its number in the course's list (`T3`, `S4`): the anchor and file name.
    pub id: &'static str,
    /// The question, shortened, as the heading.
    pub question: &'static str,
    /// The answer's sentences.
    pub parts: Vec<Part>,
    /// The kinds of the same game whose tables and figures follow the answer.
    pub shows: Vec<&'static str>,
}

/// The answers a game gives from its own experiments' tables (empty when none ran),
/// in `language`.
pub type Answers = fn(own: &[&Loaded], language: Language) -> Vec<Answer>;

/// The run-in heading over how a program's answers were asked, checked and timed, in an
/// introduction ([`Sentences::heading`]).
pub fn measured_heading(language: Language) -> &'static str {
    language.pick("How we measured", "Hoe we gemeten hebben")
}

/// Text builder for answers: `text`, `code` and references appended in order.
#[derive(Debug, Default)]
pub struct Sentences(pub Vec<Part>);

impl Sentences {
    /// Appends plain text.
    pub fn text(&mut self, text: impl Into<String>) -> &mut Self {
        self.0.push(Part::Text(text.into()));
        self
    }

    /// Ends the paragraph: what follows starts a new one.
    pub fn paragraph(&mut self) -> &mut Self {
        self.0.push(Part::Paragraph);
        self
    }

    /// Ends the paragraph and opens the next with the run-in heading `heading` (a full
    /// stop follows it).
    pub fn heading(&mut self, heading: impl Into<String>) -> &mut Self {
        self.0.push(Part::Heading(heading.into()));
        self
    }

    /// Appends fixed-width text.
    pub fn code(&mut self, text: impl Into<String>) -> &mut Self {
        self.0.push(Part::Code(text.into()));
        self
    }

    /// Appends a reference to experiment `name`'s table.
    pub fn table(&mut self, name: &str) -> &mut Self {
        self.0.push(Part::Table(name.to_string()));
        self
    }

    /// Appends a reference to experiment `name`'s table without its charts.
    pub fn table_alone(&mut self, name: &str) -> &mut Self {
        self.0.push(Part::TableAlone(name.to_string()));
        self
    }

    /// Appends a reference to the pictures of experiment `name`.
    pub fn pictures(&mut self, name: &str) -> &mut Self {
        self.0.push(Part::Pictures(name.to_string()));
        self
    }

    /// Appends a reference to picture `picture` (its name without the item index) of
    /// experiment `name`.
    pub fn picture(&mut self, name: &str, picture: &str) -> &mut Self {
        self.0.push(Part::Picture(name.to_string(), picture.to_string()));
        self
    }

    /// Cites picture `picture` of experiment `name` with the picture reference before it
    /// ([`Part::Also`]): no words of its own.
    pub fn also(&mut self, name: &str, picture: &str) -> &mut Self {
        self.0.push(Part::Also(name.to_string(), picture.to_string()));
        self
    }

    /// Appends a reference to chart `name`.
    pub fn chart(&mut self, name: &str) -> &mut Self {
        self.0.push(Part::Chart(name.to_string()));
        self
    }
}

/// The experiment of kind `kind` among `own` (the first, in the run's order).
pub fn of_kind<'a>(own: &[&'a Loaded], kind: &str) -> Option<&'a Loaded> {
    own.iter().copied().find(|l| l.kind == kind)
}

/// Cell `column` of `row` as its table shows it (thousands separators, significant
/// digits, a dash when empty).
pub fn shown(table: &CsvTable, row: &[String], column: &str) -> String {
    super::view::format_plain(table.kind(column), table.cell(row, column).unwrap_or_default())
}

/// `n` (as shown) followed by `noun`, plural unless `n` reads 1: `counted("2", "thread")`
/// is "2 threads", `counted("1", "sample")` "1 sample". The one place answers make a
/// plural, so no sentence reads "thread(s)" or "1 samples".
pub fn counted(n: &str, noun: &str) -> String {
    let one = matches!(n.trim().trim_start_matches(['-', '\u{2212}']), "1" | "1.0");
    match (one, noun.ends_with('s')) {
        (true, _) => format!("{n} {noun}"),
        (false, true) => format!("{n} {noun}es"),
        (false, false) => format!("{n} {noun}s"),
    }
}

/// [`counted`] in `language`: the English noun with its plural as [`counted`] makes it,
/// or the Dutch noun's singular or plural (`("positie", "posities")`), the number
/// written as [`number_in`] writes it (`n` as the tables show it).
pub fn counted_in(language: Language, n: &str, en: &str, (nl_one, nl_many): (&str, &str)) -> String {
    match language {
        Language::En => counted(n, en),
        Language::Nl => {
            let one = matches!(n.trim().trim_start_matches(['-', '\u{2212}']), "1" | "1.0");
            format!("{} {}", number_in(language, n), if one { nl_one } else { nl_many })
        }
    }
}

/// A number as the tables show it (`2,258,267,628`, `0.0812`), written in a sentence of
/// `language`: as it is in English; in Dutch with a point between thousands and a decimal
/// comma (`2.258.267.628`, `0,0812`). The one place a sentence's number changes its
/// separators: pass it the tables' text, once.
pub fn number_in(language: Language, shown: &str) -> String {
    // A number formatted for LaTeX (`10{,}000`) reads as plain text in a sentence.
    super::cell_text::number_in(&shown.replace("{,}", ","), super::cell_text::Medium::Text, language)
}

/// Parts that hold commas of their own, joined by semicolons, the last by "; and"
/// ("; en" in Dutch): `a; b; and c`.
pub fn joined_parts<T: AsRef<str>>(parts: &[T], language: Language) -> String {
    let parts: Vec<&str> = parts.iter().map(AsRef::as_ref).collect();
    match parts.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        // Two parts need no semicolon to keep them apart: "a, the course's, and b, our own".
        Some((last, [first])) => format!("{first}, {} {last}", language.pick("and", "en")),
        Some((last, rest)) => format!("{}; {} {last}", rest.join("; "), language.pick("and", "en")),
    }
}

/// `a`, `a and b`, `a, b and c` in `language` ("en" in Dutch); empty for no items.
pub fn listed_in<T: AsRef<str>>(items: &[T], language: Language) -> String {
    language.listed(items)
}

/// A count as the tables show it (`2,258,267,628`).
pub fn count(n: u64) -> String {
    super::latex::group_digits(&n.to_string()).replace("{,}", ",")
}

/// The LaTeX label of the pictures after experiment `name`'s table.
pub fn pictures_label(name: &str) -> String {
    super::figures::set_label(name, 0)
}

/// The charts drawn from each experiment's table: experiment name to chart names.
pub type Charts = std::collections::BTreeMap<String, Vec<String>>;

/// One thing set after an answer: an experiment's table, the pictures drawn after it, or
/// one chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cited {
    /// Experiment `NAME`'s table.
    Table(String),
    /// The pictures drawn after experiment `NAME`'s table: the set numbered (from 0) as
    /// [`Drawn::sets`] numbers them.
    Pictures(String, usize),
    /// The chart named `NAME`.
    Chart(String),
}

/// What `answer` cites, in the order of first citation, each marked whether the answer
/// is about it (`true`) or points to it in passing (`false`, a table cited alone, as a
/// check's evidence): where a table, pictures or chart of a kind the report skeleton does
/// not place is set (after the first answer about it, or else the first that points to
/// it). A table's citation with its charts cites them too, as [`latex`] names them. An
/// introduction cites nothing here: it points ahead to what the answers show.
pub fn cited(answer: &Answer, drawn: &Drawn, charts: &Charts) -> Vec<(Cited, bool)> {
    let mut cited: Vec<(Cited, bool)> = Vec::new();
    if is_introduction(answer.id) {
        return cited;
    }
    let mut push = |c: Cited, about: bool| match cited.iter_mut().find(|(d, _)| *d == c) {
        Some((_, was)) => *was |= about,
        None => cited.push((c, about)),
    };
    for part in &answer.parts {
        match part {
            Part::Text(_) | Part::Code(_) | Part::Paragraph | Part::Heading(_) => {}
            Part::Table(name) => {
                push(Cited::Table(name.clone()), true);
                for chart in charts.get(name).into_iter().flatten() {
                    push(Cited::Chart(chart.clone()), true);
                }
            }
            Part::TableAlone(name) => push(Cited::Table(name.clone()), false),
            Part::Pictures(name) => push(Cited::Pictures(drawn.home_of_pictures(name).to_string(), 0), true),
            Part::Picture(name, picture) | Part::Also(name, picture) => {
                let home = drawn.home_of_picture(name, picture);
                push(Cited::Pictures(home.to_string(), drawn.set_of(home, picture)), true)
            }
            Part::Chart(chart) => push(Cited::Chart(chart.clone()), true),
        }
    }
    cited
}

/// The pictures each answer but an introduction names one by one, in the report's
/// order: (experiment, picture name without its item index), for
/// [`Drawn::split_by_citation`].
pub fn picture_citations(answers: &[(&str, Vec<Answer>)]) -> Vec<Vec<(String, String)>> {
    (answers.iter().flat_map(|(_, answers)| answers))
        .filter(|a| !is_introduction(a.id))
        .map(|a| {
            (a.parts.iter())
                .filter_map(|part| match part {
                    Part::Picture(name, picture) | Part::Also(name, picture) => Some((name.clone(), picture.clone())),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// Where each cited thing is set: the id of the first answer about it, or else of the
/// first that points to it; `answers` in the report's order.
pub fn set_after<'a>(answers: &[(&'a Answer, Vec<(Cited, bool)>)]) -> Vec<(Cited, &'a str)> {
    let mut set: Vec<(Cited, &str)> = Vec::new();
    for about in [true, false] {
        for (answer, cited) in answers {
            for (c, _) in cited.iter().filter(|(_, a)| *a || !about) {
                if !set.iter().any(|(d, _)| d == c) {
                    set.push((c.clone(), answer.id));
                }
            }
        }
    }
    set
}

/// `tex/answer-ID.tex` of `answer` (of `game`): its question as a subsection, its
/// sentences in one group (a page may break it; no float falls inside it), then
/// `\reportkind{GAME}{KIND}` of every kind it shows.
///
/// The first reference to a table names, after it, the charts drawn from that table
/// (`charts`: experiment name to chart names), so that every chart is cited in the text.
pub fn latex(game: &str, answer: &Answer, loaded: &[Loaded], drawn: &Drawn, charts: &Charts) -> String {
    let own_first = !is_introduction(answer.id);
    let mut s = format!(
        "% Generated by `harness report`: the answer to question {} of the {game} report.\n\
         \\subsection{{{}}}\\label{{ans:{}}}\n",
        answer.id,
        escape(answer.question),
        answer.id,
    );
    if own_first {
        let _ = writeln!(s, "\\ownanswer{{{}}}", answer.id);
    }
    // A group a page may break, so that an answer starts under the text before it; no
    // figure floats into it, as the preamble's flafter sets a float no earlier than where
    // it stands, and the tables and pictures stand after the answer.
    s.push_str("{\\setlength{\\parskip}{0.5\\baselineskip}\\noindent\n");
    let mut cited: Vec<&str> = Vec::new();
    for part in &answer.parts {
        s.push_str(&latex_part(part, loaded, drawn));
        if let Part::Table(name) = part {
            if !cited.contains(&name.as_str()) {
                cited.push(name);
                for chart in charts.get(name).into_iter().flatten() {
                    let _ = write!(s, ", \\figurename~\\ref{{fig:{chart}}}");
                }
            }
        }
    }
    s.push_str("\\par}\n");
    if !own_first {
        let _ = writeln!(s, "\\ownanswer{{{}}}", answer.id);
    }
    for kind in &answer.shows {
        let _ = writeln!(s, "\\reportkind{{{game}}}{{{kind}}}");
    }
    // The kinds' tables and figures are set before the next answer: none floats into its
    // sentences, which a page may break.
    if !answer.shows.is_empty() {
        s.push_str("\\ifdefined\\FloatBarrier\\FloatBarrier\\fi\n");
    }
    s
}

fn latex_part(part: &Part, loaded: &[Loaded], drawn: &Drawn) -> String {
    let label = |name: &str| loaded.iter().find(|l| l.name == name).map(|l| l.titles.label.clone());
    match part {
        Part::Text(t) => escape(t),
        Part::Paragraph => "\\par\n".to_string(),
        Part::Heading(h) => format!("\\par\\smallskip\n\\textbf{{{}.}}\\enspace ", escape(h)),
        Part::Code(t) => format!("\\texttt{{{}}}", escape(t)),
        Part::Table(name) | Part::TableAlone(name) => match label(name) {
            Some(l) => format!("\\tablename~\\ref{{{l}}}"),
            None => format!("the table \\texttt{{{}}}", escape(name)),
        },
        Part::Pictures(name) => format!("\\figurename~\\ref{{{}}}", pictures_label(drawn.home_of_pictures(name))),
        Part::Chart(name) => format!("\\figurename~\\ref{{fig:{name}}}"),
        Part::Picture(name, picture) => {
            let label = super::figures::picture_label(drawn.home_of_picture(name, picture), picture);
            format!("\\figurename~\\ref{{{label}}}")
        }
        Part::Also(..) => String::new(),
    }
}

/// Whether question `id` is an assignment's introduction (its first question, `T1`, `S1`):
/// the authors' own text follows the generated introduction there, where elsewhere it
/// comes first and the checked answer follows it.
pub fn is_introduction(id: &str) -> bool {
    id.ends_with('1') && id.len() == 2
}

/// The page's HTML of `answer`'s sentences (every text escaped; references are links to
/// the table, pictures or chart on the same page; a reference to pictures drawn after
/// an earlier table links there).
pub fn html(answer: &Answer, loaded: &[Loaded], drawn: &Drawn) -> String {
    html_in(answer, loaded, drawn, Language::En)
}

/// [`html`], the words of its links in `language`.
pub fn html_in(answer: &Answer, loaded: &[Loaded], drawn: &Drawn, language: Language) -> String {
    let (pictures_after, table_word, chart_word) =
        language.pick(("the pictures after", "table", "the chart"), ("de afbeeldingen na", "tabel", "de grafiek"));
    let heading = |name: &str| {
        loaded
            .iter()
            .find(|l| l.name == name)
            .map_or_else(|| name.to_string(), |l| super::anchors::heading(&l.titles.caption.plain(), &l.name))
    };
    let esc = crate::base::text::xml_escape;
    let pictures_link = |home: &str| {
        format!("<a href=\"#{}-pictures\">{pictures_after} “{}”</a>", super::anchors::anchor(home), esc(&heading(home)))
    };
    answer
        .parts
        .iter()
        .map(|part| match part {
            Part::Text(t) => esc(t),
            Part::Paragraph => "</p>\n<p>".to_string(),
            Part::Heading(h) => format!("</p>\n<p><strong>{}.</strong> ", esc(h)),
            Part::Code(t) => format!("<code>{}</code>", esc(t)),
            Part::Table(name) | Part::TableAlone(name) => {
                format!("<a href=\"#{}\">{table_word} “{}”</a>", super::anchors::anchor(name), esc(&heading(name)))
            }
            Part::Pictures(name) => pictures_link(drawn.home_of_pictures(name)),
            Part::Picture(name, picture) => pictures_link(drawn.home_of_picture(name, picture)),
            Part::Also(..) => String::new(),
            Part::Chart(name) => format!("<a href=\"#{}\">{chart_word} {}</a>", chart_anchor(name), esc(name)),
        })
        .collect()
}

/// The page's anchor of chart `name`.
pub fn chart_anchor(name: &str) -> String {
    super::anchors::chart_anchor(name)
}

/// The answers' plain text (for tests and the Markdown of a question): references as
/// `table NAME`, `pictures of NAME`, `chart NAME`.
pub fn plain(answer: &Answer) -> String {
    answer
        .parts
        .iter()
        .map(|part| match part {
            Part::Text(t) | Part::Code(t) => t.clone(),
            Part::Paragraph => "\n\n".to_string(),
            Part::Heading(h) => format!("\n\n{h}. "),
            Part::Table(n) | Part::TableAlone(n) => format!("table {n}"),
            Part::Pictures(n) => format!("pictures of {n}"),
            Part::Chart(n) => format!("chart {n}"),
            Part::Picture(n, p) => format!("picture {p} of {n}"),
            Part::Also(..) => String::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parts with commas of their own are told apart by semicolons, the last by "and".
    #[test]
    fn parts_are_joined_by_semicolons_and_the_last_by_and() {
        let parts = ["a, the course's", "b and c, our own", "random ones"];
        assert_eq!(joined_parts(&parts, Language::En), "a, the course's; b and c, our own; and random ones");
        assert_eq!(joined_parts(&parts[..2], Language::Nl), "a, the course's, en b and c, our own");
        assert_eq!(joined_parts(&parts[..1], Language::En), "a, the course's");
        assert_eq!(joined_parts::<&str>(&[], Language::En), "");
    }

    /// A number grouped for LaTeX reads as plain text in a sentence, in either language.
    #[test]
    fn a_latex_grouped_number_reads_plainly_in_a_sentence() {
        let grouped = crate::report::latex::format_seconds(12_345.0);
        assert_eq!(grouped, "12{,}345");
        assert_eq!(number_in(Language::En, &grouped), "12,345");
        assert_eq!(number_in(Language::Nl, &grouped), "12.345");
        assert_eq!(number_in(Language::Nl, "0.0116"), "0,0116");
    }

    #[test]
    fn plurals_agree_with_their_number() {
        assert_eq!(counted("1", "thread"), "1 thread");
        assert_eq!(counted("2", "thread"), "2 threads");
        assert_eq!(counted("0", "game"), "0 games");
        assert_eq!(counted("1,000", "position"), "1,000 positions");
        assert_eq!(counted("-1", "point"), "-1 point");
    }

    #[test]
    fn dutch_counts_take_their_own_plural_and_separators() {
        let noun = ("positie", "posities");
        assert_eq!(counted_in(Language::En, "5,578", "position", noun), "5,578 positions");
        assert_eq!(counted_in(Language::Nl, "5,578", "position", noun), "5.578 posities");
        assert_eq!(counted_in(Language::Nl, "1", "position", noun), "1 positie");
        assert_eq!(number_in(Language::Nl, "2,258,267,628"), "2.258.267.628");
        assert_eq!(number_in(Language::Nl, "0.0812"), "0,0812");
        assert_eq!(number_in(Language::En, "0.0812"), "0.0812");
    }

    #[test]
    fn references_are_labels_in_latex_and_links_on_the_page() {
        let answer = Answer {
            id: "T9",
            question: "How & why?",
            parts: Sentences::default()
                .text("See ")
                .table("a_b")
                .text(" and ")
                .pictures("a_b")
                .text(" <ok>.")
                .0
                .clone(),
            shows: vec!["best"],
        };
        let tex = latex("tegel", &answer, &[], &Drawn::default(), &Charts::new());
        assert!(tex.contains("\\subsection{How \\& why?}\\label{ans:T9}"), "{tex}");
        assert!(
            tex.contains(
                "See the table \\texttt{a\\_b} and \\figurename~\\ref{fig:pictures-a-b} \\textless{}ok\\textgreater{}."
            ),
            "{tex}"
        );
        assert!(tex.ends_with("\\reportkind{tegel}{best}\n\\ifdefined\\FloatBarrier\\FloatBarrier\\fi\n"), "{tex}");
        let page = html(&answer, &[], &Drawn::default());
        assert!(page.contains("<a href=\"#x-a-b\">table “a_b”</a>"), "{page}");
        assert!(page.contains("<a href=\"#x-a-b-pictures\">the pictures after “a_b”</a>"), "{page}");
        assert!(page.contains("&lt;ok&gt;."), "{page}");
        assert_eq!(plain(&answer), "See table a_b and pictures of a_b <ok>.");
    }

    /// A run-in heading opens a new paragraph in every back end, its text escaped.
    #[test]
    fn a_heading_opens_a_paragraph_escaped() {
        let answer = Answer {
            id: "T1",
            question: "Intro",
            parts: Sentences::default().text("Rules.").heading("How & <why>").text("Timed.").0.clone(),
            shows: vec![],
        };
        let tex = latex("tegel", &answer, &[], &Drawn::default(), &Charts::new());
        assert!(
            tex.contains("Rules.\\par\\smallskip\n\\textbf{How \\& \\textless{}why\\textgreater{}.}\\enspace Timed."),
            "{tex}"
        );
        let page = html(&answer, &[], &Drawn::default());
        assert!(page.contains("Rules.</p>\n<p><strong>How &amp; &lt;why&gt;.</strong> Timed."), "{page}");
        assert_eq!(plain(&answer), "Rules.\n\nHow & <why>. Timed.");
        assert_eq!(measured_heading(Language::Nl), "Hoe we gemeten hebben");
    }

    /// What an answer cites is set after it in the order of first citation, a table with
    /// its charts; an introduction, which points ahead, has nothing set after it.
    #[test]
    fn an_answer_cites_tables_with_their_charts_and_pictures_in_order() {
        let parts = Sentences::default()
            .pictures("b")
            .text(" ")
            .table("a")
            .text(" ")
            .table_alone("b")
            .text(" ")
            .table("a")
            .0
            .clone();
        let charts: Charts = [("a".to_string(), vec!["a-seconds".to_string()])].into_iter().collect();
        let answer = |id| Answer { id, question: "q", parts: parts.clone(), shows: vec![] };
        let s5 = cited(&answer("S5"), &Drawn::default(), &charts);
        assert_eq!(
            s5,
            vec![
                (Cited::Pictures("b".into(), 0), true),
                (Cited::Table("a".into()), true),
                (Cited::Chart("a-seconds".into()), true),
                (Cited::Table("b".into()), false)
            ]
        );
        assert_eq!(cited(&answer("S1"), &Drawn::default(), &charts), vec![]);
        // A table cited in passing by S2 is set after S5, which is about it; one only
        // ever cited in passing after the first answer that cites it.
        let passing =
            Answer { id: "S2", question: "q", parts: Sentences::default().table_alone("a").0.clone(), shows: vec![] };
        let s2 = cited(&passing, &Drawn::default(), &charts);
        let (s2_answer, s5_answer) = (passing.clone(), answer("S5"));
        let set = set_after(&[(&s2_answer, s2), (&s5_answer, s5)]);
        assert!(set.contains(&(Cited::Table("a".into()), "S5")), "{set:?}");
        assert!(set.contains(&(Cited::Table("b".into()), "S5")), "{set:?}");
        let alone = set_after(&[(&s2_answer, cited(&passing, &Drawn::default(), &charts))]);
        assert_eq!(alone, vec![(Cited::Table("a".into()), "S2")]);
    }

    /// The first reference to a table cites the charts drawn from it; a second does not.
    #[test]
    fn a_tables_charts_are_cited_where_the_table_first_is() {
        let answer = Answer {
            id: "T2",
            question: "How fast?",
            parts: Sentences::default().text("(").table("s").text("); again (").table("s").text(").").0.clone(),
            shows: vec![],
        };
        let charts = Charts::from([("s".to_string(), vec!["s-sweep-seconds".to_string()])]);
        let tex = latex("tegel", &answer, &[], &Drawn::default(), &charts);
        assert!(
            tex.contains(
                "(the table \\texttt{s}, \\figurename~\\ref{fig:s-sweep-seconds}); again (the table \\texttt{s})."
            ),
            "{tex}"
        );
    }

    /// A picture an earlier table drew is referred to where it is drawn, in both back ends.
    #[test]
    fn a_reference_to_a_picture_drawn_earlier_names_the_earlier_figure() {
        let answer = Answer {
            id: "T1",
            question: "Where?",
            parts: Sentences::default().pictures("later").text(", ").picture("later", "start-x").0.clone(),
            shows: vec![],
        };
        let mut drawn = Drawn::default();
        drawn.by_experiment.insert("first".into(), Vec::new());
        drawn.by_experiment.insert("later".into(), Vec::new());
        drawn.drawn_after.insert(("later".into(), "start-x".into()), "first".into());
        let tex = latex("tegel", &answer, &[], &drawn, &Charts::new());
        assert!(
            tex.contains("\\figurename~\\ref{fig:pictures-first}, \\figurename~\\ref{fig:picture-first-start-x}"),
            "{tex}"
        );
        let page = html(&answer, &[], &drawn);
        assert_eq!(page.matches("href=\"#x-first-pictures\"").count(), 2, "{page}");
        assert!(!page.contains("x-later"), "{page}");
    }
}
