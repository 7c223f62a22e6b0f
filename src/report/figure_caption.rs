//! What a figure of pictures draws, for its caption: each picture's own caption without
//! its parenthesised explanation, where captions that differ only in a name (a file, a
//! board and a file) are said once with the names listed: "4x5 stenen1 and 6x10 stenen2:
//! the first tiling …" for two pictures captioned "4x5 stenen1: the first tiling …" and
//! "6x10 stenen2: the first tiling …". The groups keep the order their first pictures are
//! drawn in.

use super::language::Language;

/// The most words the differing name of captions said once may hold.
const NAME_WORDS: usize = 3;

/// The fewest words captions said once must share around their names.
const SHARED_WORDS: usize = 3;

/// The longest caption text before the rest is counted ("; 2 more").
const LONGEST: usize = 240;

/// Captions alike: the words before and after their names, and each caption's name.
struct Alike<'a> {
    before: Vec<&'a str>,
    after: Vec<&'a str>,
    names: Vec<Vec<&'a str>>,
}

impl<'a> Alike<'a> {
    /// A group of the one caption `words`.
    fn one(words: Vec<&'a str>) -> Alike<'a> {
        Alike { before: Vec::new(), after: Vec::new(), names: vec![words] }
    }

    /// Takes caption `words` into this group where it differs from the group's captions
    /// only in its name; whether it did.
    fn take(&mut self, words: &[&'a str]) -> bool {
        if let [only] = self.names.as_slice() {
            let Some((before, after)) = shared_around(only, words) else { return false };
            let name = |w: &[&'a str]| w[before..w.len() - after].to_vec();
            *self = Alike {
                before: only[..before].to_vec(),
                after: only[only.len() - after..].to_vec(),
                names: vec![name(only), name(words)],
            };
            return true;
        }
        let (b, a) = (self.before.len(), self.after.len());
        let fits = words.len() > b + a
            && words[..b] == self.before[..]
            && words[words.len() - a..] == self.after[..]
            && is_name(&words[b..words.len() - a]);
        if fits {
            self.names.push(words[b..words.len() - a].to_vec());
        }
        fits
    }

    /// The group's text: the one caption, or the shared words around the names listed,
    /// with the punctuation every name ends in set after the list.
    fn text(&self, language: Language) -> String {
        if let [only] = self.names.as_slice() {
            return only.join(" ");
        }
        let names: Vec<String> = self.names.iter().map(|n| n.join(" ")).collect();
        let mark = names[0].chars().last().filter(|c| matches!(c, ',' | ':' | ';'));
        let listed = match mark {
            Some(m) if names.iter().all(|n| n.ends_with(m)) => {
                let bare: Vec<&str> = names.iter().map(|n| &n[..n.len() - m.len_utf8()]).collect();
                format!("{}{m}", language.listed(&bare))
            }
            _ => language.listed(&names),
        };
        let mut words: Vec<&str> = self.before.clone();
        words.push(&listed);
        words.extend(&self.after);
        words.join(" ")
    }
}

/// The words two captions share before and after their differing names, where those
/// are names ([`is_name`]) and enough words are shared. A name takes in the name-like
/// words beside it (`4x5` and `5x8` before a shared `stenen3:`), so that it is whole.
fn shared_around(a: &[&str], b: &[&str]) -> Option<(usize, usize)> {
    let shortest = a.len().min(b.len());
    let mut before = a.iter().zip(b).take_while(|(x, y)| x == y).count().min(shortest.saturating_sub(1));
    let mut after = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count().min(shortest - before - 1);
    while before > 0 && name_like(a[before - 1]) {
        before -= 1;
    }
    let ends_a_name = |w: &str| w.ends_with([',', ':', ';']);
    while after > 0 && !ends_a_name(a[a.len() - after - 1]) && name_like(a[a.len() - after]) {
        after -= 1;
    }
    let named = a != b && is_name(&a[before..a.len() - after]) && is_name(&b[before..b.len() - after]);
    (named && before + after >= SHARED_WORDS).then_some((before, after))
}

/// Whether `word` looks like a name: a letter and a digit (`spel1.txt`, `4x5`).
fn name_like(word: &str) -> bool {
    word.chars().any(char::is_alphabetic) && word.chars().any(|c| c.is_ascii_digit())
}

/// Whether `words` can be a picture's name: a few words, one of them name-like, so that
/// two captions differing in a number alone (player 0 against player 1) stay apart.
fn is_name(words: &[&str]) -> bool {
    (1..=NAME_WORDS).contains(&words.len()) && words.iter().any(|w| name_like(w))
}

/// The captions alike, each group with the indices of its captions, in drawing order.
fn grouped<'a>(captions: &[&'a str]) -> Vec<(Alike<'a>, Vec<usize>)> {
    let mut groups: Vec<(Alike<'a>, Vec<usize>)> = Vec::new();
    for (i, caption) in captions.iter().enumerate() {
        let words: Vec<&str> = short(caption).split_whitespace().collect();
        match groups.iter_mut().find_map(|(g, members)| g.take(&words).then_some(members)) {
            Some(members) => members.push(i),
            None => groups.push((Alike::one(words), vec![i])),
        }
    }
    groups
}

/// A caption without its parenthesised explanation.
fn short(caption: &str) -> &str {
    caption.split(" (").next().unwrap_or(caption)
}

/// What the pictures captioned `captions` show, for their figure's caption: each caption
/// without its parenthesised explanation, captions alike said once, joined by "; "; the
/// first few and a count of the rest where that would make a long caption.
pub fn what_is_drawn(captions: &[&str], language: Language) -> String {
    // A figure of one picture says the picture's whole caption, which it then does not
    // repeat under the picture ([`picture_labels`]).
    if let [only] = captions {
        return only.to_string();
    }
    let texts: Vec<String> = grouped(captions).iter().map(|(g, _)| g.text(language)).collect();
    let mut out = String::new();
    for (i, text) in texts.iter().enumerate() {
        if i > 0 && out.len() + text.len() > LONGEST {
            out.push_str(&format!("; {} {}", texts.len() - i, language.pick("more", "meer")));
            break;
        }
        if i > 0 {
            out.push_str("; ");
        }
        out.push_str(text);
    }
    out
}

/// The label under each picture of a figure whose caption is [`what_is_drawn`]: a
/// picture whose caption the figure's caption says once with others keeps its name alone
/// (and its parenthesised explanation); any other keeps its caption; the one picture of
/// a figure has none (the figure's caption is its own).
pub fn picture_labels(captions: &[&str]) -> Vec<String> {
    if captions.len() == 1 {
        return vec![String::new()];
    }
    let mut labels: Vec<String> = captions.iter().map(|c| c.to_string()).collect();
    for (group, members) in grouped(captions) {
        if members.len() < 2 {
            continue;
        }
        for (name, &i) in group.names.iter().zip(&members) {
            let name = name.join(" ");
            let name = name.trim_end_matches([',', ':', ';']);
            let explained = captions[i].strip_prefix(short(captions[i])).unwrap_or("");
            labels[i] = format!("{name}{explained}");
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_differing_in_a_leading_name_are_said_once() {
        let captions = [
            "4x5 stenen1: the 16 distinct tilings drawn (identical stones interchangeable)",
            "4x5 stenen1: the first tiling our program's dumb find found",
            "the stones of stenen1.in, numbered as the file lists them",
            "6x10 stenen2: the first tiling our program's dumb find found",
            "the stones of stenen2.in, numbered as the file lists them",
            "5x8 stenen3: the first tiling our program's dumb find found",
            "10x4 stenen3: the first tiling our program's dumb find found",
        ];
        assert_eq!(
            what_is_drawn(&captions, Language::En),
            "4x5 stenen1: the 16 distinct tilings drawn; 4x5 stenen1, 6x10 stenen2, 5x8 stenen3 and 10x4 stenen3: the first \
             tiling our program's dumb find found; the stones of stenen1.in and stenen2.in, numbered as the file \
             lists them"
        );
    }

    /// Two captions whose names share a word list the names whole.
    #[test]
    fn a_name_is_listed_whole() {
        let captions = ["5x8 stenen3: the first tiling found", "10x4 stenen3: the first tiling found"];
        assert_eq!(what_is_drawn(&captions, Language::En), "5x8 stenen3 and 10x4 stenen3: the first tiling found");
    }

    #[test]
    fn dutch_lists_with_en() {
        let captions = ["spel1.txt: de beginstand, speler 0 aan beurt", "spel3.txt: de beginstand, speler 0 aan beurt"];
        assert_eq!(what_is_drawn(&captions, Language::Nl), "spel1.txt en spel3.txt: de beginstand, speler 0 aan beurt");
    }

    /// Captions that differ in a number alone, or share too little, stay apart.
    #[test]
    fn captions_that_differ_in_more_than_a_name_stay_apart() {
        let numbers =
            ["spel4.txt: the start position, player 0 to move", "spel4.txt: the start position, player 1 to move"];
        assert_eq!(what_is_drawn(&numbers, Language::En), numbers.join("; "));
        let little = ["greedy.txt: the start position", "greedy.txt: every reachable position"];
        assert_eq!(what_is_drawn(&little, Language::En), little.join("; "));
        let same = ["a picture of spel1.txt", "a picture of spel1.txt"];
        assert_eq!(what_is_drawn(&same, Language::En), same.join("; "));
    }

    /// A figure of one picture says its whole caption once, in the figure's caption.
    #[test]
    fn one_picture_is_captioned_once() {
        let one = ["greedy.txt: every position (greedy's move in orange)"];
        assert_eq!(what_is_drawn(&one, Language::En), one[0]);
        assert_eq!(picture_labels(&one), [""]);
    }

    /// Under each picture of a group said once, its name alone; others keep their caption.
    #[test]
    fn a_picture_said_with_others_is_labelled_by_its_name() {
        let captions = [
            "4x5 stenen1: the 16 tilings (stones told apart: 32)",
            "5x8 stenen3: the first tiling found",
            "the stones of stenen3.in, numbered",
            "10x4 stenen3: the first tiling found (after 3 positions)",
        ];
        assert_eq!(
            picture_labels(&captions),
            [
                "4x5 stenen1: the 16 tilings (stones told apart: 32)",
                "5x8 stenen3",
                "the stones of stenen3.in, numbered",
                "10x4 stenen3 (after 3 positions)"
            ]
        );
    }

    #[test]
    fn a_long_list_counts_the_rest() {
        let captions: Vec<String> =
            (0..12).map(|i| format!("picture number {i} of many, each different {}", "x".repeat(30))).collect();
        let captions: Vec<&str> = captions.iter().map(String::as_str).collect();
        let text = what_is_drawn(&captions, Language::En);
        assert!(text.len() <= LONGEST + 20 && text.ends_with("more"), "{text}");
    }
}
