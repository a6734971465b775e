//! `GET /api/games/{game}/rules?lang=de`: a game's rules for players, rendered to HTML.
//!
//! The texts are the catalog's markdown ([`engine::RulesText`]); they are rendered here, on the
//! server, so the browser needs no markdown library. The HTML goes into the page as it is, so
//! the rendering never lets markup through: raw HTML in the markdown comes out as text and
//! links may only point to the web (`http`, `https`, `mailto`) or within the site.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag};
use serde::{Deserialize, Serialize};

use crate::api_error::ApiError;
use crate::app::App;

/// The query of the rules endpoint.
#[derive(Deserialize)]
pub(crate) struct RulesQuery {
    /// The language wanted (`de`, `de-DE`); absent or unknown: English.
    lang: Option<String>,
}

/// The answer: the rules of `game` in `lang`, as HTML, and the languages there are.
#[derive(Debug, Serialize)]
pub(crate) struct RulesJson {
    /// The game's registry name.
    game: &'static str,
    /// The game's display name (a title for the rules).
    title: &'static str,
    /// The language served: the one asked for if the game has it, else the fallback.
    lang: &'static str,
    /// The rules rendered from markdown; headings start at `<h2>`.
    html: String,
    /// Every language the game's rules are written in, in the catalog's order.
    languages: Vec<&'static str>,
}

/// `GET /api/games/{game}/rules?lang=…`.
pub(crate) async fn show(
    State(app): State<App>,
    Path(game): Path<String>,
    query: Result<Query<RulesQuery>, QueryRejection>,
) -> Result<Json<RulesJson>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let kind = app.registry.get(&game).map_err(|e| ApiError::new(StatusCode::NOT_FOUND, "not-found", e.to_string()))?;
    let info = kind.info();
    let wanted = primary_language(query.lang.as_deref().unwrap_or(engine::FALLBACK_LANG));
    let text = engine::rules_in(info.rules, &wanted).ok_or_else(|| {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", format!("there are no rules for {:?} yet", info.name))
    })?;
    Ok(Json(RulesJson {
        game: info.name,
        title: info.title,
        lang: text.lang,
        html: render_markdown(text.markdown),
        languages: info.rules.iter().map(|t| t.lang).collect(),
    }))
}

/// `de-DE`, `DE` or `de_at` → `de`: the texts are per language, not per region.
fn primary_language(tag: &str) -> String {
    tag.trim().split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase()
}

/// Markdown to HTML that is safe to put into a page: tables and strikethrough on, raw HTML
/// escaped as text, links and images with an unsafe address (`javascript:`, `data:`, …)
/// pointing nowhere instead.
pub(crate) fn render_markdown(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        // pulldown-cmark passes raw HTML through untouched; as text it is escaped.
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            Event::Start(Tag::Link { link_type, dest_url: safe_url(dest_url), title, id })
        }
        Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
            Event::Start(Tag::Image { link_type, dest_url: safe_url(dest_url), title, id })
        }
        other => other,
    });
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// `url` if it is relative or of a harmless scheme, else `#`.
fn safe_url(url: CowStr<'_>) -> CowStr<'_> {
    // A scheme is whatever comes before a `:` that precedes any `/`, `?` or `#`; browsers
    // ignore leading blanks and control characters, so those are dropped before looking.
    let trimmed = url.trim_start_matches(|c: char| c.is_whitespace() || c.is_control());
    let scheme_end = trimmed.find([':', '/', '?', '#']).filter(|&at| trimmed[at..].starts_with(':'));
    match scheme_end {
        None => url,
        Some(at) if ["http", "https", "mailto"].iter().any(|s| trimmed[..at].eq_ignore_ascii_case(s)) => url,
        Some(_) => CowStr::Borrowed("#"),
    }
}

#[cfg(test)]
mod tests {
    use super::{primary_language, render_markdown};

    #[test]
    fn headings_tables_and_lists_are_rendered() {
        let html = render_markdown("## Goal\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.starts_with("<h2>Goal</h2>"), "{html}");
        assert!(html.contains("<li>one</li>") && html.contains("<table>") && html.contains("<td>2</td>"), "{html}");
    }

    #[test]
    fn raw_html_is_escaped_never_passed_through() {
        for markdown in [
            "<script>alert(1)</script>",
            "text <img src=x onerror=alert(1)> more",
            "<div onclick=\"x()\">\n\nblock\n\n</div>",
            "## Head <b>bold</b>",
        ] {
            let html = render_markdown(markdown);
            for tag in ["<script", "<img", "<div", "<b>"] {
                assert!(!html.contains(tag), "{markdown:?} gave {html:?}");
            }
            assert!(html.contains("&lt;"), "{markdown:?} shows its tags as text: {html:?}");
        }
    }

    #[test]
    fn unsafe_link_addresses_point_nowhere() {
        for bad in ["javascript:alert(1)", "JavaScript:alert(1)", " data:text/html,x", "vbscript:x"] {
            let html = render_markdown(&format!("[x](<{bad}>) ![y](<{bad}>)"));
            assert!(!html.to_ascii_lowercase().contains("script:") && !html.contains("data:"), "{bad}: {html}");
            assert!(html.contains("href=\"#\"") && html.contains("src=\"#\""), "{bad}: {html}");
        }
        for good in ["https://example.org/a", "/api/games", "#goal", "rules.html?x=1:2", "mailto:a@b.c"] {
            let html = render_markdown(&format!("[x]({good})"));
            assert!(html.contains(&format!("href=\"{good}\"")), "{good}: {html}");
        }
    }

    #[test]
    fn languages_are_read_without_region_and_case() {
        assert_eq!(primary_language("de-DE"), "de");
        assert_eq!(primary_language(" DE_at "), "de");
        assert_eq!(primary_language(""), "");
    }
}
