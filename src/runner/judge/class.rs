//! `harness judge`: a whole class judged, one submission after another, into one folder:
//! each submission unpacked safely, read for the style rules, built with the
//! assignment's driver in the sandbox and asked every question of the manifest; its
//! record kept as soon as it is whole, so that a judge killed and started again judges
//! again only the submission it was judging (and of that one, the positions whose
//! questions were all answered stay in its results directory's journals). A submission that is refused,
//! does not build, hangs or crashes is a verdict in its rows, never the end of the judge.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::ask::{ask, Questions};
use super::record::{digest, Judged};
use super::row::JudgeRow;
use super::submission::{source_folder, submissions, Submission};
use super::unpack::unpack;
use super::{makers::makers, output, style};
use crate::base::error::{Error, InputError, Result};
use crate::experiment::progress::note;
use crate::runner::shard::Shard;
use crate::runner::solver_build::{self, BuildRequest, Built};

/// How to judge a class.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    /// The submissions, folders or archives.
    pub submissions: Vec<PathBuf>,
    /// The folder written.
    pub out: PathBuf,
    /// What each is asked.
    pub questions: Questions,
    /// Judge only this shard's submissions (every N-th from the I-th).
    pub shard: Option<Shard>,
    /// Judge into a folder that holds a judge of other questions ([`super::folder::check`]).
    pub force: bool,
}

/// Judges every submission of `opts` not judged before into `opts.out`, then writes the
/// class's tables from every record there; the records of the class, in order.
pub fn judge(opts: &JudgeOptions) -> Result<Vec<Judged>> {
    let class = submissions(&opts.submissions)?;
    if class.is_empty() {
        return Err(InputError::new("give at least one submission (a folder, .zip, .tgz or .tar.gz)").into());
    }
    super::folder::check(&opts.out, &opts.questions, opts.force)?;
    if opts.questions.sandboxed {
        crate::base::sandbox::available().map_err(|why| {
            InputError::new(format!("{why}; a class's submissions are untrusted code, judged in the sandbox only"))
        })?;
    }
    std::fs::create_dir_all(opts.out.join("submissions"))
        .map_err(|e| InputError::in_file(&opts.out, format!("cannot create the judge's folder: {e}")))?;
    let started = jiff::Timestamp::now().to_string();
    output::write_run(&opts.out, (&opts.questions, opts.shard), &started, "running", (0, class.len()))?;
    for (index, sub) in class.iter().enumerate() {
        if opts.shard.is_some_and(|s| index % s.count != s.index) {
            continue;
        }
        if let Err(e) = judge_if_new(opts, sub, (index + 1, class.len())) {
            let state = if matches!(e, Error::Interrupted) { "interrupted" } else { "failed" };
            let counts = (judged_count(opts, &class), class.len());
            output::write_run(&opts.out, (&opts.questions, opts.shard), &started, state, counts)?;
            return Err(e);
        }
    }
    let key = opts.questions.key();
    let records: Vec<Judged> =
        class.iter().filter_map(|s| Judged::load(&folder(opts, s))).filter(|j| j.questions == key).collect();
    output::write_all(&opts.out, &opts.questions, &records)?;
    output::write_run(&opts.out, (&opts.questions, opts.shard), &started, "complete", (records.len(), class.len()))?;
    Ok(records)
}

fn judged_count(opts: &JudgeOptions, class: &[Submission]) -> usize {
    class.iter().filter(|s| Judged::load(&folder(opts, s)).is_some()).count()
}

/// The submission's folder under the judge's.
fn folder(opts: &JudgeOptions, sub: &Submission) -> PathBuf {
    opts.out.join("submissions").join(&sub.id)
}

/// Judges `sub` unless its record is there for the same archive and questions.
fn judge_if_new(opts: &JudgeOptions, sub: &Submission, (number, of): (usize, usize)) -> Result<()> {
    let dir = folder(opts, sub);
    let key = opts.questions.key();
    if Judged::load(&dir).is_some_and(|j| j.digest == digest(&sub.source) && j.questions == key) {
        note(&format!("[{number}/{of}] {}: judged before on these questions, kept", sub.id));
        return Ok(());
    }
    if crate::search::budget::interrupted() {
        return Err(Error::Interrupted);
    }
    note(&format!("[{number}/{of}] {}: judging", sub.id));
    let judged = judge_one(&opts.questions, sub, &dir)?;
    judged.save(&dir)?;
    let (correct, asked) = judged.correct_of_asked();
    note(&format!(
        "[{number}/{of}] {}: {}, {correct} of {asked} correct, {} style findings ({:.1} s)",
        sub.id,
        judged.build,
        judged.style.len(),
        judged.seconds
    ));
    Ok(())
}

/// A folder at `path`, emptied, readable by everyone (the sandbox may run as another user).
fn fresh_folder(path: &Path) -> Result<()> {
    if path.exists() {
        std::fs::remove_dir_all(path)?;
    }
    std::fs::create_dir_all(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))?;
    }
    Ok(())
}

/// Keeps the submission's folder `dir` (its answers so far) where it was begun for the
/// same archive and questions (`digest`), else empties it.
fn keep_or_clear(dir: &Path, digest: &str) -> Result<()> {
    let marker = dir.join("digest");
    if std::fs::read_to_string(&marker).is_ok_and(|d| d == digest) {
        return Ok(());
    }
    fresh_folder(dir)?;
    std::fs::write(marker, digest)?;
    Ok(())
}

/// Unpacks, reads, builds and asks one submission into its folder `dir`.
fn judge_one(questions: &Questions, sub: &Submission, dir: &Path) -> Result<Judged> {
    let started = Instant::now();
    let mut judged = Judged {
        id: sub.id.clone(),
        source: sub.source.display().to_string(),
        digest: digest(&sub.source),
        questions: questions.key(),
        ..Judged::default()
    };
    keep_or_clear(dir, &format!("{} {}", judged.digest, judged.questions))?;
    let files = dir.join("files");
    fresh_folder(&files)?;
    if let Err(why) = unpack(&sub.source, sub.form, &files) {
        judged.makers = makers(Path::new(""), &sub.stem);
        judged.build = "refused".into();
        judged.build_detail = why.0.clone();
        judged.rows = vec![JudgeRow::not_asked("unpack", &format!("refused: {why}"))];
    } else {
        judged.makers = makers(&files, &sub.stem);
        let src = source_folder(&files);
        judged.style = style::check(&src, &questions.game);
        build_and_ask(questions, dir, &src, &mut judged)?;
    }
    judged.seconds = started.elapsed().as_secs_f64();
    Ok(judged)
}

/// The compiler's last words as a student reads them: the build folder's path before each
/// file name left out (`/tmp/harness-build-Ab12/src/tegelspel.cc:12:` is
/// `tegelspel.cc:12:`), its lines kept, at most 8,000 characters.
fn compiler_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("harness-build-") {
        let start = rest[..at].rfind(|c: char| c.is_whitespace() || c == '\'' || c == '"').map_or(0, |i| i + 1);
        let Some(src) = rest[at..].find("/src/") else { break };
        out.push_str(&rest[..start]);
        rest = &rest[at + src + "/src/".len()..];
    }
    out.push_str(rest);
    out.chars().take(8000).collect()
}

/// Builds the sources at `src` and, where they build, asks every question.
fn build_and_ask(questions: &Questions, dir: &Path, src: &Path, judged: &mut Judged) -> Result<()> {
    let program = dir.join("solver");
    let request = BuildRequest {
        dir: src.to_path_buf(),
        game: questions.game.clone(),
        output: Some(program.clone()),
        sandboxed: questions.sandboxed,
    };
    let failed = match solver_build::build(&request) {
        Ok(Built::Solver(_)) => None,
        Ok(Built::Failed(why)) => Some(why),
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => Some(e.to_string()),
    };
    if let Some(why) = failed {
        judged.build = "build-failed".into();
        judged.build_detail = compiler_text(&why);
        judged.rows = vec![JudgeRow::not_asked("build", &judged.build_detail)];
        return Ok(());
    }
    judged.build = "built".into();
    judged.solver = program.display().to_string();
    judged.rows = ask(questions, &program, &dir.join("results"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compilers_words_name_the_hand_ins_files() {
        let said = "/tmp/harness-build-Ab12/src/a.cc: In function:\n/tmp/harness-build-Ab12/src/a.cc:3:1: error: x\n";
        assert_eq!(compiler_text(said), "a.cc: In function:\na.cc:3:1: error: x\n");
    }
}
