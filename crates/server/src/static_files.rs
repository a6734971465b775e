//! The browser client, embedded from `web/` at build time and served at `/`.

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

// A relative folder is resolved against this crate's Cargo.toml (`$CARGO_MANIFEST_DIR/../../web`),
// in debug builds (read from disk at run time) and release builds (embedded) alike.
#[derive(RustEmbed)]
#[folder = "../../web"]
#[allow_missing = true]
struct Web;

/// `GET /`: the client's `index.html`.
pub(crate) async fn index() -> Response {
    serve("index.html")
}

/// `GET /{path}`: a file of the client, or 404.
pub(crate) async fn file(Path(path): Path<String>) -> Response {
    serve(&path)
}

fn serve(path: &str) -> Response {
    if path.split('/').any(|part| part == ".." || part.starts_with('.')) {
        return not_found();
    }
    let path = if path.is_empty() || path.ends_with('/') { format!("{path}index.html") } else { path.to_owned() };
    // Only what the site is made of: `web/` also holds notes for developers (README.md).
    let Some(content_type) = content_type(&path) else { return not_found() };
    match Web::get(&path) {
        Some(file) => {
            let mut response = file.data.into_owned().into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        None => not_found(),
    }
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "not found").into_response()
}

/// The content type of a file the site serves, by extension; `None` for anything else.
fn content_type(path: &str) -> Option<&'static str> {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    Some(match extension.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::content_type;

    #[test]
    fn content_types_by_extension() {
        assert_eq!(content_type("index.html"), Some("text/html; charset=utf-8"));
        assert_eq!(content_type("js/app.js"), Some("text/javascript; charset=utf-8"));
        assert_eq!(content_type("css/table.CSS"), Some("text/css; charset=utf-8"));
        assert_eq!(content_type("cards/r7.svg"), Some("image/svg+xml"));
        assert_eq!(content_type("LICENSE"), None);
        assert_eq!(content_type("README.md"), None, "developer notes are not part of the site");
    }
}
