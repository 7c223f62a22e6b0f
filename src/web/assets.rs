//! The page and its parts: the markup (`page/page.html`) with each board's section, the
//! style sheet, the shared script (requests, background jobs, messages, reload) and each
//! board's own script, compiled into the binary and answered under `/static/`: the
//! shared files from one static table, a board's script (`/static/board/NAME.js`) from
//! its [`AnyBoard`]; only `GET` reads them (the router answers 405 to
//! any other method). Like every request, the parts need the token:
//! the page names them with it (`/static/page.css?token=…`).

use super::Reply;
use crate::api::AnyBoard;

/// One shared file the page loads: its name under `/static/`, its type and its text.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    text: &'static str,
}

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// The page's shared parts; the shared script runs before every board's.
const ASSETS: &[Asset] = &[
    Asset { name: "page.css", content_type: CSS, text: include_str!("page/page.css") },
    Asset { name: "common.js", content_type: JS, text: include_str!("page/common.js") },
];

/// The markup, with `{token}`, `{scripts}` and `{sections}` to fill in.
const PAGE: &str = include_str!("page/page.html");

/// The page for a client that gave `token` (a hex string: nothing in it needs escaping):
/// the markup with every board's section, its style sheet and its scripts (the shared one
/// first, then one per board, in the order of `boards`) named with the token.
pub fn page(token: &str, boards: &[AnyBoard]) -> Reply {
    let script = |path: &str| format!("<script defer src=\"/static/{path}?token={token}\"></script>");
    let scripts: Vec<String> = std::iter::once(script("common.js"))
        .chain(boards.iter().map(|b| script(&format!("board/{}.js", b.name))))
        .collect();
    let sections: Vec<&str> = boards.iter().map(|b| b.markup.trim_end()).collect();
    let html = PAGE
        .replace("{token}", token)
        .replace("{scripts}", &scripts.join("\n"))
        .replace("{sections}", &sections.join("\n\n"));
    Reply { status: 200, content_type: "text/html; charset=utf-8", body: html.into_bytes(), allow: None }
}

/// The answer to `GET /static/NAME` (a shared file, or a board's script `board/GAME.js`);
/// 404 for any other name.
pub fn file(name: &str, boards: &[AnyBoard]) -> Reply {
    let board = name.strip_prefix("board/").and_then(|n| n.strip_suffix(".js"));
    let found = match board {
        Some(game) => boards.iter().find(|b| b.name == game).map(|b| (JS, b.script)),
        None => ASSETS.iter().find(|a| a.name == name).map(|a| (a.content_type, a.text)),
    };
    match found {
        Some((content_type, text)) => Reply { status: 200, content_type, body: text.as_bytes().to_vec(), allow: None },
        None => Reply::error(404, format!("no such file of the page: {}", crate::base::text::excerpt(name))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two boards' parts of the page (their routes play no part in it).
    fn boards() -> [AnyBoard; 2] {
        let part = |name, markup, script| AnyBoard { name, title: name, markup, script, routes: Vec::new() };
        [
            part("one", "<section data-game=\"one\"></section>\n", "one();"),
            part("two", "<section data-game=\"two\"></section>", "two();"),
        ]
    }

    #[test]
    fn the_page_holds_every_board_and_names_every_script_with_the_token() {
        let page = String::from_utf8(page("abc", &boards()).body).unwrap();
        assert!(page.contains("href=\"/static/page.css?token=abc\""), "{page}");
        let order = ["/static/common.js?token=abc", "/static/board/one.js?token=abc", "/static/board/two.js?token=abc"];
        let at: Vec<usize> = order.iter().map(|s| page.find(s).unwrap_or_else(|| panic!("{s}: {page}"))).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{page}");
        assert!(page.contains("<section data-game=\"one\"></section>\n\n<section data-game=\"two\">"), "{page}");
        assert!(!page.contains("{token}") && !page.contains("{scripts}") && !page.contains("{sections}"));
        assert!(!page.contains("<style") && !page.contains(" style="), "no inline style (the CSP forbids it)");
    }

    #[test]
    fn each_part_is_served_and_nothing_else() {
        let boards = boards();
        for a in ASSETS {
            let reply = file(a.name, &boards);
            assert_eq!((reply.status, reply.content_type), (200, a.content_type));
        }
        let two = file("board/two.js", &boards);
        assert_eq!((two.status, two.body.as_slice()), (200, &b"two();"[..]));
        for missing in ["board/three.js", "board/one", "../mod.rs", ""] {
            assert_eq!(file(missing, &boards).status, 404, "{missing}");
        }
    }
}
