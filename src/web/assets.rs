//! The page and its parts: the markup (`page/page.html`), the style sheet, the shared
//! script (requests, background jobs, messages) and one script per board, compiled into
//! the binary and answered from one static table under `/static/`. Like every request,
//! the parts need the token: the page names them with it (`/static/page.css?token=…`).

use super::Reply;

/// One file the page loads: its name under `/static/`, its type and its text.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    text: &'static str,
}

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// The page's parts; the scripts run in this order (the shared one first).
const ASSETS: &[Asset] = &[
    Asset { name: "page.css", content_type: CSS, text: include_str!("page/page.css") },
    Asset { name: "common.js", content_type: JS, text: include_str!("page/common.js") },
    Asset { name: "checkers.js", content_type: JS, text: include_str!("page/checkers.js") },
    Asset { name: "nim.js", content_type: JS, text: include_str!("page/nim.js") },
    Asset { name: "tegel.js", content_type: JS, text: include_str!("page/tegel.js") },
    Asset { name: "stenen.js", content_type: JS, text: include_str!("page/stenen.js") },
];

/// The markup, with `{token}` and `{scripts}` to fill in.
const PAGE: &str = include_str!("page/page.html");

/// The page for a client that gave `token` (a hex string: nothing in it needs escaping):
/// the markup, its style sheet and its scripts named with the token.
pub fn page(token: &str) -> Reply {
    let scripts: Vec<String> = ASSETS
        .iter()
        .filter(|a| a.content_type == JS)
        .map(|a| format!("<script defer src=\"/static/{}?token={token}\"></script>", a.name))
        .collect();
    let html = PAGE.replace("{token}", token).replace("{scripts}", &scripts.join("\n"));
    Reply { status: 200, content_type: "text/html; charset=utf-8", body: html.into_bytes() }
}

/// The answer to `GET /static/NAME`, `None` for a path outside `/static/`.
pub fn answer(method: &str, path: &str) -> Option<Reply> {
    let name = path.strip_prefix("/static/")?;
    if method != "GET" {
        return Some(Reply::error(405, "the page's files are read with GET"));
    }
    Some(match ASSETS.iter().find(|a| a.name == name) {
        Some(a) => Reply { status: 200, content_type: a.content_type, body: a.text.as_bytes().to_vec() },
        None => Reply::error(404, format!("no such file of the page: {}", crate::base::text::excerpt(name))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_every_script_with_the_token_and_each_part_is_served() {
        let page = String::from_utf8(page("abc").body).unwrap();
        assert!(page.contains("href=\"/static/page.css?token=abc\""), "{page}");
        assert_eq!(page.matches("<script defer src=\"/static/").count(), 5);
        assert!(page.find("common.js").unwrap() < page.find("checkers.js").unwrap());
        assert!(!page.contains("{token}") && !page.contains("{scripts}") && !page.contains("<style"));
        for a in ASSETS {
            let reply = answer("GET", &format!("/static/{}", a.name)).unwrap();
            assert_eq!((reply.status, reply.content_type), (200, a.content_type));
        }
        assert_eq!(answer("GET", "/static/../mod.rs").unwrap().status, 404);
        assert_eq!(answer("POST", "/static/common.js").unwrap().status, 405);
        assert!(answer("GET", "/api/games").is_none());
    }
}
