//! How a student asks one question again on their own machine: the shrunk position (or
//! the instance) written to a file where the game's `load` reads one, and
//! `harness solver ask` with the question's request; a question that plays a game
//! through (the tile game's `do-undo`, `good`, `sweep`, `match`) with `harness solver check`.

use super::row::JudgeRow;

/// The tile game's questions that are no single request.
const PLAYED: [&str; 4] = ["do-undo", "good", "sweep", "match"];

/// The shell lines that ask `row`'s question again of the student's own build; a
/// question on a seeded random position that was not shrunk is asked again by the judge
/// itself on the hand-in's folder with the same `manifest` (the same seeds).
pub fn command(game: &str, manifest: &str, row: &JudgeRow) -> Vec<String> {
    let mut lines = vec![format!("harness solver build . --assignment {game}")];
    let solver = "--solver mine=.harness-build/solver --no-sandbox mine";
    let position = if row.shrunk_position.is_empty() { None } else { Some(row.shrunk_position.as_str()) };
    if position.is_none() && row.position.starts_with("random ") {
        let again = format!("harness judge {} . --out judged --no-sandbox", quote(manifest));
        return vec![again, "# the same questions, this one among them: see judged/pages/".to_string()];
    }
    if game == "tegel" && PLAYED.contains(&row.question.as_str()) || position.is_none() {
        let file = position.map(|p| write_file(p, &mut lines)).unwrap_or_else(|| row.position.clone());
        lines.push(format!(
            "harness solver check {game} {solver} {} --questions {} --random 0",
            quote(&file),
            quote(&row.question)
        ));
        return lines;
    }
    let text = position.unwrap_or_default();
    let load = match game {
        "tegel" => format!("load $PWD/{}", write_file(text, &mut lines)),
        "stenen" => {
            let (size, stones) = text.split_once(" / ").unwrap_or((text, ""));
            format!("load {size} $PWD/{}", write_file(stones, &mut lines))
        }
        _ => text.to_string(),
    };
    lines.push(format!("harness solver ask {solver} {game} \"{load}\" {}", quote(&row.question)));
    lines
}

/// Adds the line writing `text` (lines joined by ` / `) to `shrunk.txt`; the file's name.
fn write_file(text: &str, lines: &mut Vec<String>) -> String {
    let parts: Vec<String> = text.split(" / ").map(quote).collect();
    lines.push(format!("printf '%s\\n' {} > shrunk.txt", parts.join(" ")));
    "shrunk.txt".to_string()
}

fn quote(word: &str) -> String {
    shlex::try_quote(word).map(|q| q.into_owned()).unwrap_or_else(|_| "''".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shrunk_tile_game_is_written_and_asked_again() {
        let row = JudgeRow { question: "best".into(), shrunk_position: "gb / 1 1".into(), ..JudgeRow::default() };
        assert_eq!(
            command("tegel", "judge.toml", &row)[1..],
            [
                "printf '%s\\n' gb '1 1' > shrunk.txt".to_string(),
                "harness solver ask --solver mine=.harness-build/solver --no-sandbox mine tegel \"load $PWD/shrunk.txt\" best"
                    .to_string()
            ]
        );
        let random = JudgeRow { question: "best".into(), position: "random 3".into(), ..JudgeRow::default() };
        assert_eq!(command("tegel", "judge.toml", &random)[0], "harness judge judge.toml . --out judged --no-sandbox");
    }
}
