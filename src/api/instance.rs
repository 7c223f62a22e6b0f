//! The game a `POST /new` asks a board to load ([`choose`]): a file's text sent with the
//! request, or one of the instances the board offers by name.

use crate::base::text::excerpt;

/// What a `POST /new` asks to load.
#[derive(Debug, PartialEq, Eq)]
pub enum Chosen<'a, I> {
    /// The text of the user's own file.
    File(String),
    /// One of the board's instances.
    Instance(&'a I),
}

/// Reads the `instance` and `text` fields of a `POST /new`: a nonblank `text` is the
/// user's file; else the instance called `instance` among `instances` (`name` tells an
/// instance's name), the first one when `instance` is absent or blank. An unknown name is
/// refused with ``instance: `NAME` is not one of A, B, ...``.
pub fn choose<'a, I>(
    instance: Option<&str>,
    text: Option<&str>,
    instances: &'a [I],
    name: impl Fn(&I) -> &str,
) -> Result<Chosen<'a, I>, String> {
    if let Some(text) = text.filter(|t| !t.trim().is_empty()) {
        return Ok(Chosen::File(text.to_string()));
    }
    let wanted = instance.map(str::trim).filter(|n| !n.is_empty());
    let found = match wanted {
        None => instances.first(),
        Some(n) => instances.iter().find(|i| name(i) == n),
    };
    found.map(Chosen::Instance).ok_or_else(|| {
        let names: Vec<&str> = instances.iter().map(&name).collect();
        format!("instance: `{}` is not one of {}", excerpt(wanted.unwrap_or("")), names.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OFFERED: [(&str, u8); 2] = [("one", 1), ("two", 2)];

    fn chosen(instance: Option<&str>, text: Option<&str>) -> Result<Chosen<'static, (&'static str, u8)>, String> {
        choose(instance, text, &OFFERED, |i| i.0)
    }

    #[test]
    fn a_file_wins_then_the_named_instance_then_the_first() {
        assert_eq!(chosen(Some("two"), Some("1 2\n")), Ok(Chosen::File("1 2\n".into())));
        assert_eq!(chosen(Some("two"), Some("  ")), Ok(Chosen::Instance(&OFFERED[1])));
        assert_eq!(chosen(Some(""), None), Ok(Chosen::Instance(&OFFERED[0])));
        assert_eq!(chosen(None, None), Ok(Chosen::Instance(&OFFERED[0])));
        assert_eq!(chosen(Some("three"), None), Err("instance: `three` is not one of one, two".into()));
    }
}
