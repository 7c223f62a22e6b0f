//! What a board's route is asked, read by axum extractors before the route runs: a JSON
//! body read as the route's own type ([`Body`]), or a body the route does not read
//! ([`Unread`]), each refused with a 4xx [`Reply`] that names what was expected; and the
//! field readers those types are made of ([`Whole`], [`Integer`], [`Index`], [`Text`],
//! [`Seconds`], [`Blank`]), which read a page's form values (numbers as text, blank
//! fields) the way a person typed them.

use std::time::Duration;

use axum::extract::{FromRequest, Request};
use serde::de::{self, DeserializeOwned};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::Reply;
use crate::base::limits::TimeLimit;

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The time a request's body may take to arrive, from the end of its headers.
pub const BODY_TIME: Duration = Duration::from_secs(10);

/// The refusal of a body over [`MAX_BODY_BYTES`].
pub fn too_large() -> Reply {
    Reply::error(413, format!("request body over {MAX_BODY_BYTES} bytes"))
}

/// A request's JSON body read as `T`: an absent body reads as `{}` (so `T`'s defaults).
/// Refused, before the route runs, with 413 past [`MAX_BODY_BYTES`], 408 when the body
/// does not arrive within [`BODY_TIME`], and 400 when it is not JSON, not a JSON object,
/// or holds a field that `T` does not take (naming the field and what it expects).
#[derive(Debug, Clone, PartialEq)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = Reply;

    async fn from_request(request: Request, _: &S) -> Result<Body<T>, Reply> {
        let object = match read_json(request).await? {
            None => Value::Object(serde_json::Map::new()),
            Some(object @ Value::Object(_)) => object,
            Some(_) => return Err(Reply::error(400, "expected a JSON object with the request's fields")),
        };
        serde_path_to_error::deserialize(object).map(Body).map_err(|e| Reply::error(400, refusal_text(&e)))
    }
}

/// The body of a route that reads none: any JSON, or nothing, is taken and dropped; it is
/// refused as every body is when it is too large (413), too slow (408) or not JSON (400).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unread;

impl<S: Send + Sync> FromRequest<S> for Unread {
    type Rejection = Reply;

    async fn from_request(request: Request, _: &S) -> Result<Unread, Reply> {
        read_json(request).await.map(|_| Unread)
    }
}

/// A request's body as JSON: `None` when it is empty (or only white space).
async fn read_json(request: Request) -> Result<Option<Value>, Reply> {
    let read = axum::body::to_bytes(request.into_body(), MAX_BODY_BYTES);
    let bytes = match tokio::time::timeout(BODY_TIME, read).await {
        Err(_elapsed) => {
            return Err(Reply::error(408, format!("the body did not arrive within {} s", BODY_TIME.as_secs())))
        }
        Ok(Err(e)) if over_limit(&e) => return Err(too_large()),
        Ok(Err(e)) => return Err(Reply::error(400, format!("cannot read the body: {e}"))),
        Ok(Ok(bytes)) => bytes,
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    serde_json::from_slice::<OnceKeyed>(&bytes)
        .map(|v| Some(v.0))
        .map_err(|e| Reply::error(400, format!("the body is not valid JSON: {e}")))
}

/// A JSON value whose every object holds each key once: a body that gives a field twice
/// is refused ("duplicate key `size`") rather than read with the last one winning.
struct OnceKeyed(Value);

impl<'de> Deserialize<'de> for OnceKeyed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(OnceKeyedVisitor).map(OnceKeyed)
    }
}

struct OnceKeyedVisitor;

impl<'de> de::Visitor<'de> for OnceKeyedVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(OnceKeyed(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!("duplicate key `{}`", crate::base::text::excerpt(&key))));
            }
            let OnceKeyed(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// Whether reading a body failed for its size.
fn over_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = s.source();
    }
    false
}

/// What a body that `T` does not take is refused with: `FIELD: expected ...` for a field
/// whose reader says what it expects (or `FIELD: unknown variant ..., expected ...`), ``expected a JSON object with `FIELD`: ...`` for one
/// whose reader names only a kind (a required field), or the missing or unknown field.
fn refusal_text(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let inner = e.inner().to_string();
    let inner = inner.split(" at line ").next().unwrap_or(&inner).to_string();
    if let Some(field) = inner.strip_prefix("missing field ") {
        return format!("expected a JSON object with {field}");
    }
    let path = e.path().to_string();
    if path == "." || inner.starts_with("unknown field") {
        inner
    } else if inner.starts_with("expected") || inner.starts_with("unknown variant") {
        format!("{path}: {inner}")
    } else {
        format!("expected a JSON object with `{path}`: {inner}")
    }
}

/// A whole number from `LOW` to `HIGH`, given as a JSON number or a string of digits
/// (a form's field); refused with "expected a whole number from LOW to HIGH".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Whole<const LOW: u64, const HIGH: u64>(pub u64);

impl<'de, const LOW: u64, const HIGH: u64> Deserialize<'de> for Whole<LOW, HIGH> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = match Value::deserialize(d)? {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => s.trim().parse::<u64>().ok(),
            _ => None,
        };
        n.filter(|n| (LOW..=HIGH).contains(n))
            .map(Whole)
            .ok_or_else(|| de::Error::custom(format!("expected a whole number from {LOW} to {HIGH}")))
    }
}

/// A whole number that may be negative or out of any range (the game's rules then say
/// why it is refused), given as a JSON number or a short string of digits; refused with
/// "a whole number" (a required field: the refusal names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Integer(pub i64);

impl<'de> Deserialize<'de> for Integer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = match Value::deserialize(d)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) if s.chars().count() <= 32 => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        n.map(Integer).ok_or_else(|| de::Error::custom("a whole number"))
    }
}

/// A field that may be left blank: `null` or text of only white space reads as `None`,
/// anything else as a `T` (or `T`'s refusal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blank<T>(pub Option<T>);

impl<T> Default for Blank<T> {
    fn default() -> Self {
        Blank(None)
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Blank<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(Blank(None)),
            Value::String(s) if s.trim().is_empty() => Ok(Blank(None)),
            v => T::deserialize(v).map(|t| Blank(Some(t))).map_err(de::Error::custom),
        }
    }
}

/// A seed field: blank for a fresh one, else a whole number from 0 to `i64::MAX`.
pub type Seed = Blank<Whole<0, { i64::MAX as u64 }>>;

/// Text of at most `MAX` characters, trimmed; refused with "expected a string of at most
/// MAX characters".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text<const MAX: usize>(pub String);

impl<'de, const MAX: usize> Deserialize<'de> for Text<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if s.chars().count() <= MAX => Ok(Text(s.trim().to_string())),
            _ => Err(de::Error::custom(format!("expected a string of at most {MAX} characters"))),
        }
    }
}

/// A whole number from 0 to `HIGH` given as a JSON number (a place on a board: the page
/// sends numbers); refused with "a whole number from 0 to HIGH" (a required field: the
/// refusal names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Index<const HIGH: usize>(pub usize);

impl<'de, const HIGH: usize> Deserialize<'de> for Index<HIGH> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = Value::deserialize(d)?.as_u64().filter(|&n| n <= HIGH as u64);
        n.map(|n| Index(n as usize)).ok_or_else(|| de::Error::custom(format!("a whole number from 0 to {HIGH}")))
    }
}

/// A request's time limit: a JSON number of seconds checked as every time limit is
/// ([`TimeLimit::from_secs`]) and at most `MAX`, the board's ceiling; refused with
/// "expected a number of seconds above 0, at most MAX".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seconds<const MAX: u64>(pub TimeLimit);

impl<const MAX: u64> Seconds<MAX> {
    /// The limit, or `default` when none was given.
    pub fn or(limit: Option<Seconds<MAX>>, default: TimeLimit) -> TimeLimit {
        limit.map_or(default, |s| s.0)
    }
}

impl<'de, const MAX: u64> Deserialize<'de> for Seconds<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = Value::deserialize(d)?.as_f64().filter(|&s| s <= MAX as f64);
        let limit = s.and_then(|s| TimeLimit::from_secs(s).ok());
        limit
            .map(Seconds)
            .ok_or_else(|| de::Error::custom(format!("expected a number of seconds above 0, at most {MAX}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A key given twice in any object is refused, naming it; values of every kind
    /// otherwise read as `serde_json` reads them.
    #[test]
    fn a_key_given_twice_is_refused() {
        let text = r#"{"a": 1, "b": [true, null, -2, 2.5, "x", {"c": 18446744073709551615}]}"#;
        let read: OnceKeyed = serde_json::from_str(text).unwrap();
        assert_eq!(read.0, serde_json::from_str::<Value>(text).unwrap());
        for twice in [r#"{"size": 8, "size": 10}"#, r#"{"a": [{"b": 1, "b": 2}]}"#] {
            let e = serde_json::from_str::<OnceKeyed>(twice).err().expect(twice).to_string();
            assert!(e.contains("duplicate key `"), "{e}");
        }
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Move {
        heap: Integer,
        #[serde(default)]
        most: Option<Whole<1, 16>>,
        #[serde(default)]
        seed: Seed,
        #[serde(default)]
        name: Option<Text<4>>,
        #[serde(default)]
        bowl: Option<Index<63>>,
        #[serde(default)]
        limit_s: Option<Seconds<120>>,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Good,
    }

    /// `body` read by the extractor of a route that takes `T`.
    fn read<T: DeserializeOwned>(body: &str) -> Result<T, Reply> {
        let request = Request::builder().body(axum::body::Body::from(body.to_string())).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(Body::<T>::from_request(request, &())).map(|Body(t)| t)
    }

    fn refusal(body: &str) -> String {
        let error = read::<Move>(body).unwrap_err();
        assert_eq!(error.status, 400, "{body}");
        let v: Value = serde_json::from_slice(&error.body).unwrap();
        v["error"].as_str().unwrap().to_string()
    }

    #[test]
    fn typed_requests_read_forms_and_refuse_with_what_was_expected() {
        let body =
            json!({"heap": "-3", "most": "16", "seed": " ", "name": " ab ", "limit_s": 0.5, "kind": "good", "bowl": 5});
        let m: Move = read(&body.to_string()).unwrap();
        assert!(matches!(m.kind, Some(Kind::Good)));
        assert_eq!(
            (m.heap, m.most, m.seed, m.name),
            (Integer(-3), Some(Whole(16)), Blank(None), Some(Text("ab".into())))
        );
        assert_eq!((m.limit_s, m.bowl), (Some(Seconds(TimeLimit::from_secs(0.5).unwrap())), Some(Index(5))));
        assert_eq!(read::<Move>(r#"{"heap": 1, "seed": "7"}"#).unwrap().seed, Blank(Some(Whole(7))));
        assert_eq!(refusal("[1]"), "expected a JSON object with the request's fields");
        assert_eq!(refusal("{}"), "expected a JSON object with `heap`");
        assert_eq!(refusal(" "), "expected a JSON object with `heap`", "no body reads as {{}}");
        assert!(refusal("{bad").starts_with("the body is not valid JSON: "));
        assert_eq!(refusal(r#"{"heap": 1.5}"#), "expected a JSON object with `heap`: a whole number");
        assert_eq!(refusal(r#"{"heap": 1, "most": 0}"#), "most: expected a whole number from 1 to 16");
        assert_eq!(refusal(r#"{"heap": 1, "most": "x"}"#), "most: expected a whole number from 1 to 16");
        assert_eq!(
            refusal(r#"{"heap": 1, "seed": -1}"#),
            "seed: expected a whole number from 0 to 9223372036854775807"
        );
        assert_eq!(refusal(r#"{"heap": 1, "name": "abcde"}"#), "name: expected a string of at most 4 characters");
        assert_eq!(
            refusal(r#"{"heap": 1, "bowl": "0"}"#),
            "expected a JSON object with `bowl`: a whole number from 0 to 63"
        );
        assert_eq!(
            refusal(r#"{"heap": 1, "limit_s": 0}"#),
            "limit_s: expected a number of seconds above 0, at most 120"
        );
        assert!(refusal(r#"{"heap": 1, "hep": 2}"#).starts_with("unknown field `hep`, expected one of `heap`"));
        assert_eq!(refusal(r#"{"heap": 1, "kind": "x"}"#).split(",").next(), Some("kind: unknown variant `x`"));
        let big = format!("\"{}\"", "a".repeat(MAX_BODY_BYTES));
        assert_eq!(read::<Move>(&big).unwrap_err(), too_large());
    }

    #[test]
    fn a_body_no_route_reads_must_still_be_json() {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let unread = |body: &str| {
            let request = Request::builder().body(axum::body::Body::from(body.to_string())).unwrap();
            runtime.block_on(Unread::from_request(request, &())).map_err(|r| r.status)
        };
        assert_eq!(unread(""), Ok(Unread));
        assert_eq!(unread("[1, {\"a\": 2}]"), Ok(Unread));
        assert_eq!(unread("{bad"), Err(400));
    }
}
