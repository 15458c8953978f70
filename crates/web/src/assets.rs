//! The web app's files, compiled into the binary: serving the page needs
//! no Node, no build step and nothing fetched. The script is a set of ES
//! modules (`assets/js`), served as they are under `/js/`; the browser
//! follows their imports from `js/main.js`.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");
const FAVICON: &str = include_str!("../assets/favicon.svg");

/// The page's ES modules by file name, served at `/js/NAME`.
const MODULES: &[(&str, &str)] = &[
    ("actions.js", include_str!("../assets/js/actions.js")),
    ("api.js", include_str!("../assets/js/api.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("input.js", include_str!("../assets/js/input.js")),
    ("ladder.js", include_str!("../assets/js/ladder.js")),
    ("live.js", include_str!("../assets/js/live.js")),
    ("main.js", include_str!("../assets/js/main.js")),
    ("match.js", include_str!("../assets/js/match.js")),
    ("panel.js", include_str!("../assets/js/panel.js")),
    ("reasons.js", include_str!("../assets/js/reasons.js")),
    ("review-graph.js", include_str!("../assets/js/review-graph.js")),
    ("review-text.js", include_str!("../assets/js/review-text.js")),
    ("review.js", include_str!("../assets/js/review.js")),
    ("state.js", include_str!("../assets/js/state.js")),
    ("svg.js", include_str!("../assets/js/svg.js")),
    ("text.js", include_str!("../assets/js/text.js")),
];

fn file(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The page, also at `/match/{id}` so a match's address reloads into it.
pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

/// One of the page's ES modules (`/js/main.js` and what it imports).
pub async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(n, _)| *n == name) {
        Some((_, body)) => file("text/javascript; charset=utf-8", body),
        None => ApiError::not_found(format!("no such script: /js/{}", name.chars().take(40).collect::<String>()))
            .into_response(),
    }
}

/// The page's style sheet.
pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

/// The page's icon.
pub async fn favicon() -> Response {
    file("image/svg+xml", FAVICON)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file in `assets/js` is served, and every module a module
    /// imports (`from './x.js'`) is one of them: a module left out of the
    /// table would break the page only in a browser.
    #[test]
    fn every_module_is_served_and_every_import_resolves() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".js"))
            .collect();
        on_disk.sort();
        let served: Vec<String> = MODULES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(served, on_disk, "MODULES must list assets/js exactly, in order");
        for (name, body) in MODULES {
            for line in body.lines().filter(|l| l.starts_with("import ")) {
                let target = line.rsplit("'./").next().and_then(|t| t.split('\'').next()).unwrap_or("");
                assert!(served.iter().any(|s| s == target), "{name} imports `{target}`, which is not served");
            }
        }
        assert!(INDEX.contains(r#"<script type="module" src="/js/main.js">"#));
    }
}
