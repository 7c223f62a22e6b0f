//! Reading the lines typed at the play programs' prompts with a bound on their length, so
//! a line of megabytes (or endless input without a line end) costs no more memory than
//! the bound, and is never echoed back.

use std::fmt;
use std::io::{self, BufRead};

/// The longest line a prompt accepts, in bytes, its line end not counted.
pub const MAX_LINE_BYTES: usize = 4096;

/// A typed line longer than [`MAX_LINE_BYTES`]: it was read to its end and dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineTooLong;

impl fmt::Display for LineTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "that line is longer than {MAX_LINE_BYTES} bytes and was skipped; type a shorter one")
    }
}

/// The next line of `input` as bytes, without its `\n` or `\r\n`: `None` at the end of
/// input, `Some(Err(LineTooLong))` for a line longer than [`MAX_LINE_BYTES`].
///
/// Holds at most [`MAX_LINE_BYTES`] + 1 bytes of the line besides `input`'s own buffer:
/// the rest of an over-long line is read and discarded up to its line end (or the end
/// of input), so the next call starts on the next line.
pub fn read_line<R: BufRead + ?Sized>(input: &mut R) -> io::Result<Option<Result<Vec<u8>, LineTooLong>>> {
    let (mut line, mut read_any, mut too_long) = (Vec::new(), false, false);
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if too_long || line.len() + chunk.len() > MAX_LINE_BYTES + 1 {
            too_long = true;
            line = Vec::new();
        } else {
            line.extend_from_slice(chunk);
        }
        let used = chunk.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(if too_long || line.len() > MAX_LINE_BYTES { Err(LineTooLong) } else { Ok(line) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Result<Vec<u8>, LineTooLong>> {
        let mut reader = io::BufReader::with_capacity(64, input);
        std::iter::from_fn(|| read_line(&mut reader).unwrap()).collect()
    }

    #[test]
    fn lines_lose_their_line_ends() {
        assert_eq!(lines(b"a\nb\r\n\nlast"), [Ok(b"a".to_vec()), Ok(b"b".to_vec()), Ok(vec![]), Ok(b"last".to_vec())]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn a_line_at_the_bound_is_kept_and_a_longer_one_skipped_to_its_end() {
        let mut input = vec![b'y'; MAX_LINE_BYTES];
        input.extend_from_slice(b"\r\n");
        input.extend(vec![b'z'; MAX_LINE_BYTES + 1]);
        input.extend_from_slice(b"\n");
        input.extend(vec![b'w'; 100_000]);
        input.extend_from_slice(b"\nok\n");
        input.extend(vec![b'v'; 100_000]);
        let got = lines(&input);
        assert_eq!(got.len(), 5);
        assert_eq!(got[0].as_ref().map(Vec::len), Ok(MAX_LINE_BYTES));
        assert_eq!((got[1].clone(), got[2].clone()), (Err(LineTooLong), Err(LineTooLong)));
        assert_eq!((got[3].clone(), got[4].clone()), (Ok(b"ok".to_vec()), Err(LineTooLong)));
        assert!(LineTooLong.to_string().contains("4096 bytes"));
    }
}
