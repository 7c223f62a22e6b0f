//! The pictures an experiment's items handed to the results (`figures/EXPERIMENT/*.svg`,
//! see [`crate::results::figures`]), drawn after the experiment's table: inline SVG in the
//! page, a TikZ picture in the LaTeX report.
//!
//! A picture file is read as a small vocabulary of shapes, never copied: `<svg viewBox>`,
//! `<title>` (the caption), `<rect x y width height fill>`, `<path d stroke stroke-width>`
//! (steps `M x y`, `L x y`, `h d`, `v d`), `<circle cx cy r fill stroke stroke-width>` and
//! `<text x y font-size fill>` with plain text. Colours are `#rgb` or `#rrggbb` (or
//! `none`), numbers finite. Anything else (another element, a script, a link) makes the
//! file refused with a message naming it; the page and the report are then written from
//! the shapes, so nothing of the file reaches them unescaped.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::language::Language;

use crate::base::error::InputError;
use crate::base::text::xml_escape;
use crate::results::run_record::RunRecord;

/// A line segment, `(from, to)`.
pub type Segment = ((f64, f64), (f64, f64));

/// One shape of a picture, in the picture's pixel coordinates (y down).
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A filled rectangle.
    Rect { x: f64, y: f64, w: f64, h: f64, fill: String },
    /// Lines: `(from, to)` segments, stroked.
    Lines { segments: Vec<Segment>, stroke: String, width: f64 },
    /// A disc with an optional outline.
    Circle { cx: f64, cy: f64, r: f64, fill: String, stroke: String, width: f64 },
    /// Bold text centred at `(x, y)`.
    Text { x: f64, y: f64, size: f64, fill: String, text: String },
}

/// A picture read back: its size, caption and shapes.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    /// The file's name without `.svg`.
    pub name: String,
    /// `(min_x, min_y, width, height)` of the viewBox.
    pub view: (f64, f64, f64, f64),
    /// The `<title>`.
    pub caption: String,
    /// The shapes in drawing order.
    pub shapes: Vec<Shape>,
}

/// The attributes of one tag, `name="value"` pairs.
fn attributes(tag: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = tag.trim().trim_end_matches('/').trim();
    while !rest.is_empty() {
        let eq = rest.find('=').ok_or_else(|| format!("expected name=\"value\" at `{rest}`"))?;
        let name = rest[..eq].trim().to_string();
        let after = rest[eq + 1..].trim_start();
        let value = after.strip_prefix('"').ok_or_else(|| format!("expected a quoted value for `{name}`"))?;
        let end = value.find('"').ok_or_else(|| format!("unclosed value of `{name}`"))?;
        out.push((name, unescape(&value[..end])));
        rest = value[end + 1..].trim_start();
    }
    Ok(out)
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

/// The opening of a picture of `width` x `height` pixels titled `title` (escaped), with a
/// 2-pixel margin around it: the `<svg>` tag and its `<title>`, which [`parse`] reads
/// back as the picture's view and caption. Every game's picture starts with it.
pub fn svg_start(width: u32, height: u32, title: &str) -> String {
    let (w, h) = (width + 4, height + 4);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-2 -2 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\"><title>{}</title>",
        xml_escape(title)
    )
}

/// Attribute lookup with typed reading.
struct Attrs(Vec<(String, String)>);

impl Attrs {
    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn number(&self, name: &str, default: Option<f64>) -> Result<f64, String> {
        match self.get(name) {
            None => default.ok_or_else(|| format!("lacks `{name}`")),
            Some(v) => number(v).ok_or_else(|| format!("`{name}=\"{v}\"` is not a number")),
        }
    }

    fn color(&self, name: &str, default: &str) -> Result<String, String> {
        let v = self.get(name).unwrap_or(default);
        color(v).ok_or_else(|| format!("`{name}=\"{v}\"`: expected #rgb, #rrggbb or none"))
    }
}

fn number(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && v.abs() < 1e6)
}

/// `#rrggbb` (lower case) or `none`.
fn color(text: &str) -> Option<String> {
    if text == "none" {
        return Some("none".to_string());
    }
    let hex = text.strip_prefix('#')?;
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    match hex.len() {
        6 => Some(format!("#{}", hex.to_ascii_lowercase())),
        3 => Some(format!("#{}", hex.chars().flat_map(|c| [c, c]).collect::<String>().to_ascii_lowercase())),
        _ => None,
    }
}

/// The segments of a path's `d`: `M x y`, `L x y`, `h d`, `v d` (absolute M and L).
fn segments(d: &str) -> Result<Vec<Segment>, String> {
    let spaced: String =
        d.chars().flat_map(|c| if c.is_ascii_alphabetic() { vec![' ', c, ' '] } else { vec![c] }).collect();
    let mut words = spaced.split([' ', ',']).filter(|w| !w.is_empty());
    let mut at = (0.0, 0.0);
    let mut out = Vec::new();
    let arg = |words: &mut dyn Iterator<Item = &str>| -> Result<f64, String> {
        words.next().and_then(number).ok_or_else(|| format!("path `{d}`: expected a number"))
    };
    while let Some(step) = words.next() {
        let to = match step {
            "M" => {
                at = (arg(&mut words)?, arg(&mut words)?);
                continue;
            }
            "L" => (arg(&mut words)?, arg(&mut words)?),
            "h" => (at.0 + arg(&mut words)?, at.1),
            "v" => (at.0, at.1 + arg(&mut words)?),
            other => return Err(format!("path step `{other}`: expected M, L, h or v")),
        };
        out.push((at, to));
        at = to;
    }
    Ok(out)
}

/// Reads picture `name` from `text` (see the module's vocabulary).
pub fn parse(name: &str, text: &str) -> Result<Picture, String> {
    let mut picture =
        Picture { name: name.to_string(), view: (0.0, 0.0, 0.0, 0.0), caption: String::new(), shapes: Vec::new() };
    let mut rest = text.trim();
    let mut seen_svg = false;
    while let Some(open) = rest.find('<') {
        if !rest[..open].trim().is_empty() {
            return Err(format!("text outside an element: `{}`", crate::base::text::excerpt(rest[..open].trim())));
        }
        let close = rest[open..].find('>').ok_or("an unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        let (element, attrs) = tag.split_once(char::is_whitespace).unwrap_or((tag.trim_end_matches('/'), ""));
        let attrs = Attrs(attributes(attrs)?);
        let content = |rest: &mut &str, end: &str| -> Result<String, String> {
            let at = rest.find(end).ok_or_else(|| format!("no {end}"))?;
            let raw = &rest[..at];
            *rest = &rest[at + end.len()..];
            if raw.contains('<') {
                return Err(format!("markup inside {end}"));
            }
            Ok(unescape(raw))
        };
        match element {
            "svg" if !seen_svg => {
                seen_svg = true;
                let view: Vec<f64> = attrs.get("viewBox").unwrap_or("").split_whitespace().filter_map(number).collect();
                let [x, y, w, h] = view[..] else { return Err("expected viewBox=\"x y width height\"".into()) };
                picture.view = (x, y, w, h);
            }
            "/svg" => {
                if !rest.trim().is_empty() {
                    return Err("text after </svg>".into());
                }
                return if seen_svg { Ok(picture) } else { Err("</svg> without <svg>".into()) };
            }
            _ if !seen_svg => return Err(format!("expected <svg> first, found <{element}>")),
            "title" => picture.caption = content(&mut rest, "</title>")?,
            "rect" => picture.shapes.push(Shape::Rect {
                x: attrs.number("x", Some(0.0))?,
                y: attrs.number("y", Some(0.0))?,
                w: attrs.number("width", None)?,
                h: attrs.number("height", None)?,
                fill: attrs.color("fill", "#000")?,
            }),
            "path" => picture.shapes.push(Shape::Lines {
                segments: segments(attrs.get("d").unwrap_or(""))?,
                stroke: attrs.color("stroke", "#000")?,
                width: attrs.number("stroke-width", Some(1.0))?,
            }),
            "circle" => picture.shapes.push(Shape::Circle {
                cx: attrs.number("cx", None)?,
                cy: attrs.number("cy", None)?,
                r: attrs.number("r", None)?,
                fill: attrs.color("fill", "#000")?,
                stroke: attrs.color("stroke", "none")?,
                width: attrs.number("stroke-width", Some(1.0))?,
            }),
            "text" => picture.shapes.push(Shape::Text {
                x: attrs.number("x", None)?,
                y: attrs.number("y", None)?,
                size: attrs.number("font-size", Some(12.0))?,
                fill: attrs.color("fill", "#000")?,
                text: content(&mut rest, "</text>")?,
            }),
            other => {
                return Err(format!("element <{}> is not one the report draws", crate::base::text::excerpt(other)))
            }
        }
    }
    Err("expected </svg> at the end".into())
}

/// The page's SVG of `p`, written from its shapes.
pub fn svg(p: &Picture) -> String {
    let (x, y, w, h) = p.view;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{x} {y} {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\"><title>{}</title>",
        xml_escape(&p.caption)
    );
    for shape in &p.shapes {
        let _ = match shape {
            Shape::Rect { x, y, w, h, fill } => {
                write!(s, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{fill}\"/>")
            }
            Shape::Lines { segments, stroke, width } => {
                let d: String = segments.iter().map(|((a, b), (c, d))| format!("M{a} {b}L{c} {d}")).collect();
                write!(s, "<path d=\"{d}\" stroke=\"{stroke}\" stroke-width=\"{width}\" fill=\"none\" stroke-linecap=\"square\"/>")
            }
            Shape::Circle { cx, cy, r, fill, stroke, width } => write!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>"
            ),
            Shape::Text { x, y, size, fill, text } => write!(
                s,
                "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"{size}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{fill}\">{}</text>",
                xml_escape(text)
            ),
        };
    }
    s.push_str("</svg>");
    s
}

/// An xcolor colour of `#rrggbb` for TikZ options.
fn tikz_color(hex: &str) -> String {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    format!("{{rgb,255:red,{};green,{};blue,{}}}", v >> 16, (v >> 8) & 255, v & 255)
}

/// Millimetres per picture pixel in the report.
const MM_PER_PX: f64 = 0.3;

/// The widest picture in the report, in millimetres: narrower than the text (164 mm on
/// A4 with report.tex's 2.3 cm margins), so that a picture is never wider than a line.
const MAX_PICTURE_MM: f64 = 150.0;

/// The TikZ picture of `p` (needs the `tikz` package, which `pgfplots` loads).
pub fn tikz(p: &Picture) -> String {
    tikz_scaled(p, 1.0)
}

/// The tallest picture in the report, in millimetres: with its caption it stays within
/// one figure of [`MAX_FIGURE_MM`].
const MAX_PICTURE_HEIGHT_MM: f64 = 180.0;

/// How much `p` is scaled down in the report so that it is at most [`MAX_PICTURE_MM`]
/// wide and [`MAX_PICTURE_HEIGHT_MM`] tall (1: not at all).
fn fit_scale(p: &Picture) -> f64 {
    let (w, h) = (p.view.2 * MM_PER_PX, p.view.3 * MM_PER_PX);
    1f64.min(MAX_PICTURE_MM / w.max(1e-9)).min(MAX_PICTURE_HEIGHT_MM / h.max(1e-9))
}

/// [`tikz`] with every length and label `scale` times as large.
fn tikz_scaled(p: &Picture, scale: f64) -> String {
    let mm = MM_PER_PX * scale;
    let mut s = format!("\\begin{{tikzpicture}}[x={mm:.4}mm,y=-{mm:.4}mm]\n");
    for shape in &p.shapes {
        let _ = match shape {
            Shape::Rect { fill, .. } if fill == "none" => Ok(()),
            Shape::Rect { x, y, w, h, fill } => {
                writeln!(s, "\\fill[fill={}] ({x},{y}) rectangle ({},{});", tikz_color(fill), x + w, y + h)
            }
            Shape::Lines { stroke, .. } if stroke == "none" => Ok(()),
            Shape::Lines { segments, stroke, width } => {
                let path: String = segments.iter().map(|((a, b), (c, d))| format!(" ({a},{b}) -- ({c},{d})")).collect();
                writeln!(s, "\\draw[draw={},line width={:.2}mm,line cap=rect]{path};", tikz_color(stroke), width * mm)
            }
            Shape::Circle { cx, cy, r, fill, stroke, width } => {
                let fill = if fill == "none" { "none".to_string() } else { tikz_color(fill) };
                let draw = if stroke == "none" { "none".to_string() } else { tikz_color(stroke) };
                writeln!(s, "\\filldraw[fill={fill},draw={draw},line width={:.2}mm] ({cx},{cy}) circle[radius={r}];", width * mm)
            }
            Shape::Text { x, y, size, fill, text } => writeln!(
                s,
                "\\node[text={},font=\\sffamily\\bfseries\\fontsize{{{:.1}}}{{{:.1}}}\\selectfont,inner sep=0pt] at ({x},{y}) {{{}}};",
                tikz_color(fill),
                size * mm * 2.845,
                size * mm * 2.845 * 1.2,
                super::latex::escape(text)
            ),
        };
    }
    s.push_str("\\end{tikzpicture}");
    s
}

/// The pictures of experiment `name` whose table is `csv` (`OUT/NAME.csv`), in item
/// order; a picture file outside the vocabulary is refused with a message naming it.
pub fn load(csv: &Path, name: &str) -> Result<Vec<Picture>, InputError> {
    let out = csv.parent().unwrap_or(Path::new("."));
    let out = if out.as_os_str().is_empty() { Path::new(".") } else { out };
    let files = crate::results::figures::list(out, name).map_err(|e| InputError::in_file(out, format!("{e:#}")))?;
    files
        .into_iter()
        .map(|(name, path)| {
            let text = crate::results::figures::PICTURE_FILE.read(&path)?;
            parse(&name, &text)
                .map_err(|why| InputError::in_file(&path, format!("not a picture the report draws: {why}")))
        })
        .collect()
}

/// Whether experiment `l` (or one joined into its table) drew the picture `picture` (its
/// name without the item index, `start-spel2.txt`): an answer refers to a picture only
/// where it is there.
pub fn has_picture(l: &super::loaded::Loaded, picture: &str) -> bool {
    let out = l.table.path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::iter::once(&l.name).chain(&l.merged).any(|name| {
        crate::results::figures::list(out, name)
            .is_ok_and(|found| found.iter().any(|(n, _)| without_index(n) == picture))
    })
}

/// The pictures of a report, each drawn once, and where each left-out picture is drawn.
#[derive(Debug, Default)]
pub struct Drawn {
    /// The pictures drawn after each experiment's table, by experiment name.
    pub by_experiment: BTreeMap<String, Vec<Picture>>,
    /// A picture left out of an experiment (the experiment and the picture's name without
    /// its item index) and the experiment after whose table it is drawn instead.
    pub drawn_after: BTreeMap<(String, String), String>,
    /// The set of its experiment's pictures a picture is drawn in (the experiment and the
    /// picture's name without its item index), where not the first ([`Drawn::split_by_citation`]).
    pub set_of: BTreeMap<(String, String), usize>,
}

impl Drawn {
    /// These pictures with their labels and titles in `language`: each experiment's by
    /// the words `words_of` gives for it (its game's picture words).
    pub fn in_language(mut self, words_of: impl Fn(&str) -> fn(&str, Language) -> String, language: Language) -> Drawn {
        for (name, pictures) in &mut self.by_experiment {
            let words = words_of(name);
            for picture in pictures {
                picture.caption = words(&picture.caption, language);
                for shape in &mut picture.shapes {
                    if let Shape::Text { text, .. } = shape {
                        *text = words(text, language);
                    }
                }
            }
        }
        self
    }

    /// The pictures drawn after experiment `name`'s table (none when all were left out).
    pub fn of(&self, name: &str) -> &[Picture] {
        self.by_experiment.get(name).map_or(&[][..], Vec::as_slice)
    }

    /// The set experiment `name`'s picture `picture` (its name without the item index) is
    /// drawn in: 0, the first, unless [`Drawn::split_by_citation`] said otherwise.
    pub fn set_of(&self, name: &str, picture: &str) -> usize {
        self.set_of.get(&(name.to_string(), picture.to_string())).copied().unwrap_or(0)
    }

    /// Experiment `name`'s pictures in their sets, the first set first, each in drawing
    /// order; no set is empty.
    pub fn sets(&self, name: &str) -> Vec<Vec<Picture>> {
        let mut sets: Vec<Vec<Picture>> = Vec::new();
        for p in self.of(name) {
            let set = self.set_of(name, without_index(&p.name));
            if sets.len() <= set {
                sets.resize(set + 1, Vec::new());
            }
            sets[set].push(p.clone());
        }
        sets.retain(|s| !s.is_empty());
        sets
    }

    /// Splits each experiment's pictures into sets by the answer that cites them, so that
    /// a picture is drawn after the answer about it rather than all after the first:
    /// `citations` holds, for each answer in the report's order, the pictures it names one
    /// by one (experiment and picture name without the item index). The pictures the
    /// first such answer names form the first set, the next answer's new ones the second,
    /// and so on; a picture no answer names joins the set of the picture drawn before it
    /// (the first ones, the set of the first named picture). An experiment whose pictures
    /// no answer names keeps one set.
    pub fn split_by_citation(&mut self, citations: &[Vec<(String, String)>]) {
        let mut set_of = BTreeMap::new();
        for (name, pictures) in &self.by_experiment {
            let mut named: BTreeMap<String, usize> = BTreeMap::new();
            let mut sets = 0;
            for answer in citations {
                let new: Vec<&str> = (answer.iter())
                    .filter(|(n, picture)| self.home_of_picture(n, picture) == name.as_str())
                    .map(|(_, picture)| picture.as_str())
                    .filter(|picture| pictures.iter().any(|p| without_index(&p.name) == *picture))
                    .filter(|picture| !named.contains_key(*picture))
                    .collect();
                for picture in &new {
                    named.insert(picture.to_string(), sets);
                }
                sets += usize::from(!new.is_empty());
            }
            let keys: Vec<&str> = pictures.iter().map(|p| without_index(&p.name)).collect();
            let first_named = keys.iter().find_map(|k| named.get(*k)).copied().unwrap_or(0);
            let mut current = first_named;
            for key in keys {
                current = named.get(key).copied().unwrap_or(current);
                if current != 0 {
                    set_of.insert((name.clone(), key.to_string()), current);
                }
            }
        }
        self.set_of = set_of;
    }

    /// The experiment after whose table experiment `name`'s picture `picture` (its name
    /// without the item index) is drawn: `name` itself unless an earlier table drew it.
    pub fn home_of_picture<'a>(&'a self, name: &'a str, picture: &str) -> &'a str {
        self.drawn_after.get(&(name.to_string(), picture.to_string())).map_or(name, String::as_str)
    }

    /// The experiment whose pictures figure a reference to experiment `name`'s pictures
    /// names: `name` itself where any of its pictures are drawn after its own table,
    /// otherwise the experiment that drew the first of them.
    pub fn home_of_pictures<'a>(&'a self, name: &'a str) -> &'a str {
        if !self.of(name).is_empty() {
            return name;
        }
        self.drawn_after.iter().find(|((n, _), _)| n == name).map_or(name, |(_, home)| home.as_str())
    }
}

/// The pictures of every experiment of `loaded` (by experiment name), each drawn once: a
/// picture equal to one that an experiment of the same game shown before it already has
/// (the same name after the item index, such as `start-spel1.txt`, and the same drawing)
/// is left out, so a start position that several tables use appears once, after the
/// first of them; [`Drawn::drawn_after`] says where, so a reference finds it. Experiments
/// are taken in the run's order (`experiments` of `run.toml`), then by name.
pub fn load_each_once(loaded: &[super::loaded::Loaded], run: Option<&RunRecord>) -> Result<Drawn, InputError> {
    let order = super::loaded::run_experiments(run);
    let mut items: Vec<&super::loaded::Loaded> = loaded.iter().collect();
    items.sort_by_key(|l| (order.iter().position(|n| *n == l.name).unwrap_or(usize::MAX), l.name.clone()));
    // (game, picture name without index, the picture, the experiment that draws it)
    let mut shown: Vec<(String, String, Picture, String)> = Vec::new();
    let mut drawn = Drawn::default();
    for item in items {
        let mut kept = Vec::new();
        // A table joined from several experiments draws the pictures of each.
        let mut pictures = load(&item.table.path, &item.name)?;
        for merged in &item.merged {
            pictures.extend(load(&item.table.path, merged)?);
        }
        for picture in pictures {
            let key = without_index(&picture.name).to_string();
            let earlier = shown.iter().find(|(game, name, p, _)| {
                *game == item.game && *name == key && p.shapes == picture.shapes && p.view == picture.view
            });
            match earlier {
                Some((_, _, _, home)) => {
                    drawn.drawn_after.insert((item.name.clone(), key), home.clone());
                }
                None => {
                    shown.push((item.game.clone(), key, picture.clone(), item.name.clone()));
                    kept.push(picture);
                }
            }
        }
        drawn.by_experiment.insert(item.name.clone(), kept);
    }
    Ok(drawn)
}

/// A picture's name without the item index the runner puts before it (`0003-start-x`
/// is `start-x`).
fn without_index(name: &str) -> &str {
    match name.split_once('-') {
        Some((index, rest)) if !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => name,
    }
}

/// The text width of the report in millimetres (A4 with report.tex's 2.3 cm margins).
const TEXT_WIDTH_MM: f64 = 164.0;

/// The tallest group of pictures one figure holds, in millimetres: the text height (251
/// mm) less room for the caption and the float's separation, so that a figure never
/// passes the page.
pub const MAX_FIGURE_MM: f64 = 200.0;

/// Millimetres a picture's caption (up to three footnote-size lines) and the gap below it
/// take.
const CAPTION_MM: f64 = 14.0;

/// Millimetres a picture takes on its line beside its drawing: the column separation on
/// both sides of its tabular (6 pt each) and the `\quad` after it.
const PICTURE_GAP_MM: f64 = 8.0;

/// A picture's width and height in the report at `scale`, in millimetres, caption and
/// gap included.
fn picture_mm(p: &Picture, scale: f64) -> (f64, f64) {
    let width = (p.view.2 * MM_PER_PX * scale).clamp(30.0, MAX_PICTURE_MM);
    (width + PICTURE_GAP_MM, p.view.3 * MM_PER_PX * scale + CAPTION_MM)
}

/// The least a line shrinks its two pictures to, of their size at [`fit_scale`], to set
/// them side by side rather than each on a line (and often a page) of its own.
const PAIR_SHRINK: f64 = 0.8;

/// A picture in a figure with the scale it is drawn at.
type Sized<'a> = (&'a Picture, f64);

/// The pictures split into figures that each fit a page: lines of pictures as wide as
/// the text, and as many lines per figure as [`MAX_FIGURE_MM`] allows (at least one). A
/// picture that does not fit beside the one picture of its line joins it where both,
/// shrunk to no less than 80 % of their size, fit the line together.
pub fn figure_groups(pictures: &[Picture]) -> Vec<Vec<Sized<'_>>> {
    let mut lines: Vec<(Vec<Sized<'_>>, f64)> = Vec::new();
    let mut width = 0.0;
    for p in pictures {
        let scale = fit_scale(p);
        let (w, h) = picture_mm(p, scale);
        let paired = match lines.last() {
            Some((line, _)) if line.len() == 1 => pair_shrink(line[0], (p, scale)),
            _ => None,
        };
        match (lines.last_mut(), paired) {
            (Some((line, tallest)), _) if width + w <= TEXT_WIDTH_MM => {
                line.push((p, scale));
                *tallest = tallest.max(h);
                width += w;
            }
            (Some((line, tallest)), Some(shrink)) => {
                line[0].1 *= shrink;
                line.push((p, scale * shrink));
                *tallest = line.iter().map(|&(q, s)| picture_mm(q, s).1).fold(0.0, f64::max);
                width = line.iter().map(|&(q, s)| picture_mm(q, s).0).sum();
            }
            (_, _) => {
                lines.push((vec![(p, scale)], h));
                width = w;
            }
        }
    }
    let mut groups: Vec<(Vec<Sized<'_>>, f64)> = Vec::new();
    for (line, h) in lines {
        match groups.last_mut() {
            Some((group, height)) if *height + h <= MAX_FIGURE_MM => {
                group.extend(line);
                *height += h;
            }
            _ => groups.push((line, h)),
        }
    }
    groups.into_iter().map(|(g, _)| g).collect()
}

/// How much two pictures at their scales shrink to fit one line together; none where
/// that is less than [`PAIR_SHRINK`] (or they fit already).
fn pair_shrink(a: Sized<'_>, b: Sized<'_>) -> Option<f64> {
    let drawn = |(p, s): Sized<'_>| picture_mm(p, s).0 - PICTURE_GAP_MM;
    let room = TEXT_WIDTH_MM - 2.0 * PICTURE_GAP_MM;
    let shrink = room / (drawn(a) + drawn(b));
    (PAIR_SHRINK..1.0).contains(&shrink).then_some(shrink)
}

/// The LaTeX label of picture `picture` (its name without the item index) after
/// experiment `name`'s table: it names the figure that holds the picture.
pub fn picture_label(name: &str, picture: &str) -> String {
    format!("fig:picture-{}-{}", label_safe(name), label_safe(picture))
}

/// The LaTeX label of the first figure of experiment `name`'s pictures in set `set`
/// ([`Drawn::sets`]).
pub fn set_label(name: &str, set: usize) -> String {
    match set {
        0 => format!("fig:pictures-{}", label_safe(name)),
        n => format!("fig:pictures-{}-set{}", label_safe(name), n + 1),
    }
}

/// A LaTeX label made of letters, digits and `-` from `name`.
pub fn label_safe(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect()
}

/// What a figure's pictures show, for its caption, a capital first letter where it
/// starts with a word (not with a name such as `spel1.txt`).
fn what_is_drawn(group: &[Sized<'_>], language: Language) -> String {
    let captions: Vec<&str> = group.iter().map(|(p, _)| p.caption.as_str()).collect();
    let what = super::figure_caption::what_is_drawn(&captions, language);
    let first_word = what.split_whitespace().next().unwrap_or("");
    if !first_word.chars().all(char::is_alphabetic) {
        return what;
    }
    let mut chars = what.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

/// `tex/figures-NAME.tex`: the pictures of experiment `name`, whose table is labelled
/// `label`, each with its caption below it, scaled down to the line's width where wider
/// (TikZ lengths and labels scaled together, never a box scaled), in as many figures as
/// it takes for each to fit a page ([`figure_groups`]); the first is labelled
/// `figure_label`, the others are captioned as its continuation, and every picture's
/// [`picture_label`] names the figure holding it.
pub fn latex_figure(pictures: &[Picture], name: &str, label: &str, figure_label: &str) -> String {
    latex_figure_in(pictures, (name, label, figure_label), crate::report::language::Language::En)
}

/// [`latex_figure`] of experiment `name` (its table's `label`, the figure's
/// `figure_label`), the captions in `language`; "Table" and "Figure" are babel's
/// (`\tablename`, `\figurename`).
pub fn latex_figure_in(
    pictures: &[Picture],
    (name, label, figure_label): (&str, &str, &str),
    language: crate::report::language::Language,
) -> String {
    let see = language.pick("See", "Zie");
    let (part_word, of_word, continued) =
        language.pick(("part", "of", "continued from"), ("deel", "van", "vervolg van"));
    let mut s = String::from("% Generated by `harness report`: the pictures of one experiment.\n");
    let groups = figure_groups(pictures);
    for (i, group) in groups.iter().enumerate() {
        // A gap between lines of pictures, so that a caption never touches the picture below.
        s.push_str("\\begin{figure}[htbp]\n\\centering\\setlength{\\lineskip}{12pt}\n");
        // Under each picture its caption, or its name alone where the figure's caption
        // says the rest once for several pictures.
        let captions: Vec<&str> = group.iter().map(|(p, _)| p.caption.as_str()).collect();
        for (&(p, scale), label) in group.iter().zip(super::figure_caption::picture_labels(&captions)) {
            // A picture without a label (the one picture of its figure) stands alone.
            let _ = match label.is_empty() {
                true => writeln!(s, "{}\\quad", tikz_scaled(p, scale)),
                false => writeln!(
                    s,
                    "\\begin{{tabular}}[b]{{c}}\n{}\\\\\n\\parbox{{{:.1}mm}}{{\\centering\\footnotesize {}}}\n\\end{{tabular}}\\quad",
                    tikz_scaled(p, scale),
                    (p.view.2 * MM_PER_PX * scale).clamp(30.0, MAX_PICTURE_MM),
                    super::latex::escape(&label)
                ),
            };
        }
        // Each picture's own label, so that a reference to one names the figure holding it.
        let labels: String =
            group.iter().map(|(p, _)| format!("\\label{{{}}}", picture_label(name, without_index(&p.name)))).collect();
        // Each part after the first continues the one before it, which it names.
        let part_label =
            |part: usize| if part == 0 { figure_label.to_string() } else { format!("{figure_label}-{}", part + 1) };
        let part = match (i, groups.len()) {
            (_, 1) => String::new(),
            (0, n) => format!("; {part_word} 1 {of_word} {n}"),
            (i, n) => format!(
                "; {part_word} {} {of_word} {n}, {continued} \\figurename~\\ref{{{}}}",
                i + 1,
                part_label(i - 1)
            ),
        };
        let _ = writeln!(
            s,
            "\\caption{{{}. {see} \\tablename~\\ref{{{label}}}{part}.}}\\label{{{}}}{labels}",
            super::latex::escape(&what_is_drawn(group, language)),
            part_label(i),
        );
        s.push_str("\\end{figure}\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-2 -2 44 24\" width=\"44\" height=\"24\" role=\"img\"><title>a &lt;b&gt;</title><rect x=\"0\" y=\"0\" width=\"20\" height=\"20\" fill=\"#E69F00\"/><path d=\"M0 0h20M0 0v20L5 5\" stroke=\"#000\" stroke-width=\"2.5\" fill=\"none\"/><circle cx=\"30\" cy=\"10\" r=\"8\" fill=\"#fff\" stroke=\"#000\"/><text x=\"10\" y=\"10\" font-size=\"10\" fill=\"#000\">1</text></svg>";

    /// A picture `w` by `h` pixels.
    fn sized(w: u32, h: u32) -> Picture {
        let svg = GOOD.replace(
            "viewBox=\"-2 -2 44 24\" width=\"44\" height=\"24\"",
            &format!("viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\""),
        );
        parse("x", &svg).unwrap()
    }

    /// Two pictures a little too wide to stand side by side share a line, shrunk a
    /// little, rather than a page each; two far too wide keep a line each.
    #[test]
    fn two_pictures_nearly_narrow_enough_share_a_line() {
        let (a, b) = (sized(288, 358), sized(288, 358));
        let pair = [a, b];
        let groups = figure_groups(&pair);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].len(), 2);
        let shrink = groups[0][0].1 / fit_scale(&pair[0]);
        assert!((PAIR_SHRINK..1.0).contains(&shrink), "{shrink}");
        let width: f64 = groups[0].iter().map(|&(p, s)| picture_mm(p, s).0).sum();
        assert!(width <= TEXT_WIDTH_MM, "{width}");
        let wide = [sized(480, 358), sized(480, 358)];
        let groups = figure_groups(&wide);
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1]);
        assert!(groups.iter().flatten().all(|&(p, s)| s == fit_scale(p)));
    }

    /// A small picture `name`, with an item index before it.
    fn named(name: &str) -> Picture {
        Picture { name: format!("0001-{name}"), ..sized(40, 20) }
    }

    /// Each answer's pictures are a set of their own, in the order of the answers; a
    /// picture no answer names joins the one drawn before it, and the first ones the
    /// first named picture's set.
    #[test]
    fn pictures_are_split_by_the_answer_that_names_them() {
        let mut drawn = Drawn::default();
        let order = ["stones-a", "all-tilings", "found-a", "stones-b", "found-b"];
        drawn.by_experiment.insert("t".into(), order.iter().map(|n| named(n)).collect());
        drawn.by_experiment.insert("quiet".into(), vec![named("x"), named("y")]);
        let cite = |pictures: &[&str]| pictures.iter().map(|p| ("t".to_string(), p.to_string())).collect();
        drawn.split_by_citation(&[cite(&[]), cite(&["all-tilings"]), cite(&["found-a", "all-tilings"])]);
        let sets: Vec<Vec<String>> = (drawn.sets("t").iter())
            .map(|set| set.iter().map(|p| without_index(&p.name).to_string()).collect())
            .collect();
        assert_eq!(sets, [vec!["stones-a", "all-tilings"], vec!["found-a", "stones-b", "found-b"]]);
        assert_eq!(drawn.set_of("t", "found-b"), 1);
        assert_eq!(drawn.sets("quiet").len(), 1);
        assert_eq!(set_label("t", 0), "fig:pictures-t");
        assert_eq!(set_label("t", 1), "fig:pictures-t-set2");
    }

    #[test]
    fn the_vocabulary_is_read_and_written_again() {
        let p = parse("x", GOOD).unwrap();
        assert_eq!(p.caption, "a <b>");
        assert_eq!(p.shapes.len(), 4);
        assert_eq!(
            p.shapes[1],
            Shape::Lines {
                segments: vec![((0.0, 0.0), (20.0, 0.0)), ((0.0, 0.0), (0.0, 20.0)), ((0.0, 20.0), (5.0, 5.0))],
                stroke: "#000000".into(),
                width: 2.5
            }
        );
        let again = svg(&p);
        assert!(again.contains("<title>a &lt;b&gt;</title>") && again.contains(">1</text>"), "{again}");
        assert_eq!(parse("x", &again).unwrap().shapes, p.shapes);
        let t = tikz(&p);
        assert!(t.contains("\\fill[fill={rgb,255:red,230;green,159;blue,0}] (0,0) rectangle (20,20);"), "{t}");
        assert!(t.contains("circle[radius=8]") && t.contains("{1};"), "{t}");
    }

    #[test]
    fn scripts_links_and_odd_values_are_refused() {
        for bad in [
            "<svg viewBox=\"0 0 1 1\"><script>alert(1)</script></svg>",
            "<svg viewBox=\"0 0 1 1\"><a href=\"x\"></a></svg>",
            "<svg viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\" fill=\"url(#x)\"/></svg>",
            "<svg viewBox=\"0 0 1 1\"><text x=\"1\" y=\"1\"><tspan>x</tspan></text></svg>",
            "<svg viewBox=\"0 0 1 1\"><rect width=\"NaN\" height=\"1\"/></svg>",
            "<svg viewBox=\"0 0 1 1\">",
            "<rect width=\"1\" height=\"1\"/>",
        ] {
            assert!(parse("x", bad).is_err(), "{bad}");
        }
        // Attributes outside the vocabulary (an event handler) are dropped, never copied.
        let p =
            parse("x", "<svg viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\" onclick=\"evil()\"/></svg>").unwrap();
        assert!(!svg(&p).contains("evil"));
    }
}
