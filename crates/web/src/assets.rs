//! The web app's files, compiled into the binary: serving the page needs
//! no Node, no build step and nothing fetched.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const REVIEW_JS: &str = include_str!("../assets/review.js");
const STYLE: &str = include_str!("../assets/style.css");
const FAVICON: &str = include_str!("../assets/favicon.svg");

fn file(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The page, also at `/match/{id}` so a match's address reloads into it.
pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

pub async fn app_js() -> Response {
    file("text/javascript; charset=utf-8", APP_JS)
}

/// The review view's script (loaded before `app.js`).
pub async fn review_js() -> Response {
    file("text/javascript; charset=utf-8", REVIEW_JS)
}

pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

pub async fn favicon() -> Response {
    file("image/svg+xml", FAVICON)
}
