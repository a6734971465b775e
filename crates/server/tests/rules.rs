//! `GET /api/games/{game}/rules`: every game's rules for players in English and German,
//! rendered to HTML on the server, with a language fallback, a 404 for unknown games and no
//! markup from the markdown let through.

mod common;

use common::TestServer;
use common::http;
use engine::demo::Rps;
use engine::{About, RandomBot, Registry, RulesText};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_has_rules_in_english_and_german() {
    let server = TestServer::start(catalog::registry()).await;
    let games = http::get(server.addr(), "/api/games").await.json();
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 4, "{games:?}");
    for info in games {
        let game = info["name"].as_str().unwrap();
        assert!(!info["summary_de"].as_str().unwrap().is_empty(), "{game}: the lobby's German summary");
        assert!(info.get("rules").is_none(), "{game}: the games list does not carry the long texts");
        for lang in ["en", "de"] {
            let response = http::get(server.addr(), &format!("/api/games/{game}/rules?lang={lang}")).await;
            assert_eq!(response.status, 200, "{game} {lang}");
            let rules = response.json();
            assert_eq!(rules["game"], game);
            assert_eq!(rules["lang"], lang);
            assert_eq!(rules["languages"], json!(["en", "de"]));
            assert!(!rules["title"].as_str().unwrap().is_empty());
            let html = rules["html"].as_str().unwrap();
            assert!(html.starts_with("<h2>"), "{game} {lang} starts with a heading: {}", &html[..40]);
            assert!(html.matches("<h2>").count() >= 4, "{game} {lang}: goal, set-up, turn, end at least");
            assert!(html.contains("<table>") || html.contains("<ul>"), "{game} {lang}");
            // Markdown left unrendered would show as `##` or `**`.
            assert!(!html.contains("##") && !html.contains("**"), "{game} {lang}");
        }
        // The German text is German, the English English.
        let de = http::get(server.addr(), &format!("/api/games/{game}/rules?lang=de")).await.json();
        let en = http::get(server.addr(), &format!("/api/games/{game}/rules?lang=en")).await.json();
        assert!(de["html"].as_str().unwrap().contains("Ziel des Spiels"), "{game}");
        assert!(en["html"].as_str().unwrap().contains("The goal"), "{game}");
    }
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_languages_fall_back_to_english_and_regions_are_ignored() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let english = http::get(addr, "/api/games/schotten-totten/rules?lang=en").await.json();
    for query in ["?lang=fr", "", "?lang=", "?lang=%3Cscript%3E", "?other=1"] {
        let rules = http::get(addr, &format!("/api/games/schotten-totten/rules{query}")).await.json();
        assert_eq!(rules["lang"], "en", "{query}");
        assert_eq!(rules["html"], english["html"], "{query}");
    }
    for query in ["?lang=de-DE", "?lang=DE", "?lang=de_AT"] {
        let rules = http::get(addr, &format!("/api/games/schotten-totten/rules{query}")).await.json();
        assert_eq!(rules["lang"], "de", "{query}");
        assert!(rules["html"].as_str().unwrap().contains("Grenzsteine"));
    }
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_game_is_the_usual_json_404() {
    let server = TestServer::start(catalog::registry()).await;
    for path in ["/api/games/chess/rules", "/api/games/chess/rules?lang=de", "/api/games/%00/rules"] {
        let response = http::get(server.addr(), path).await;
        assert_eq!(response.status, 404, "{path}");
        let error = response.json();
        assert_eq!(error["error"], "not-found", "{path}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{path}");
    }
    server.server.shutdown().await;
}

/// A game whose rules text carries markup and a script link: none of it may reach the page.
const HOSTILE: &[RulesText] = &[RulesText {
    lang: "en",
    markdown: "## Rules <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n\
               Read [more](javascript:alert(3)) or [here](https://example.org/rules).\n",
}];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn markup_in_the_markdown_is_shown_as_text_not_passed_through() {
    let registry = Registry::new().with_about::<Rps>(
        |_| Ok(Box::new(RandomBot::default())),
        &["random"],
        About { rules: HOSTILE, ..About::default() },
    );
    let server = TestServer::start(registry).await;
    let rules = http::get(server.addr(), "/api/games/rps-veto/rules?lang=de").await.json();
    assert_eq!(rules["lang"], "en");
    assert_eq!(rules["languages"], json!(["en"]));
    let html = rules["html"].as_str().unwrap();
    assert!(html.starts_with("<h2>Rules &lt;script&gt;"), "{html}");
    assert!(!html.contains("<script") && !html.contains("<img"), "{html}");
    assert!(html.contains("&lt;img src=x onerror=alert(2)&gt;"), "{html}");
    assert!(!html.contains("javascript:") && html.contains("<a href=\"#\">more</a>"), "{html}");
    assert!(html.contains("<a href=\"https://example.org/rules\">here</a>"), "{html}");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_without_rules_is_a_404() {
    let server = TestServer::start(common::demo_registry()).await;
    let response = http::get(server.addr(), "/api/games/rps-veto/rules").await;
    assert_eq!(response.status, 404);
    assert_eq!(response.json()["error"], "not-found");
    server.server.shutdown().await;
}
