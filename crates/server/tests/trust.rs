//! Names and seats people can trust: cleaned names, creating and sitting down in one request,
//! private tables with invites, per-client limits, closing a table; and how the site is served.

mod common;

use common::http::{self, create_table};
use common::ws::Client;
use common::{TestServer, demo_registry};
use serde_json::{Value, json};

fn open_ids(list: &Value) -> Vec<String> {
    list.as_array().into_iter().flatten().filter_map(|t| t["id"].as_str().map(str::to_owned)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_cleaned_and_checked_and_the_limit_is_published() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let limits = http::get(addr, "/api/limits").await.json();
    let max = limits["name_max_chars"].as_u64().expect("name_max_chars") as usize;
    assert_eq!(max, 24);

    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let path = format!("/api/tables/{id}/join");
    for (name, why) in [
        (json!("   "), "blank"),
        (json!("\u{200B}\u{200D}"), "only zero-width"),
        (json!("x".repeat(max + 1)), "too long"),
        (json!("You"), "reads as the viewer"),
        (json!("random"), "a bot of this game"),
        (json!("Ada (bot)"), "labelled a bot"),
    ] {
        let refused = http::post(addr, &path, &json!({"name": name})).await;
        assert_eq!(refused.status, 400, "{why}");
        assert!(refused.json()["message"].as_str().is_some_and(|m| m.contains("name")), "{why}");
    }
    let joined = http::post(addr, &path, &json!({"name": "  \u{202E}Jo\u{0308}rg\u{200B}  Ada "})).await.json();
    assert_eq!(joined["table"]["seats"][joined["seat"].as_u64().unwrap() as usize]["name"], "J\u{00F6}rg Ada");
    let exact = http::post(addr, &path, &json!({"name": "é".repeat(max)})).await;
    assert_eq!(exact.status, 200, "the published length is accepted");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_only_look_like_you_a_bot_or_a_level_are_refused() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "schotten-totten", "seats": [{}, {}]})).await;
    let path = format!("/api/tables/{id}/join");
    for name in [
        "Y\u{043E}u",
        "\u{FF39}\u{FF4F}\u{FF55}",
        "Y0U",
        "Du",
        "B\u{043E}t Anna",
        "Hard",
        "Experte",
        "heur\u{0456}stic",
    ] {
        let refused = http::post(addr, &path, &json!({"name": name})).await;
        assert_eq!(refused.status, 400, "{name:?}: {}", refused.json());
    }
    // A family emoji keeps its joiners: one picture, not four faces.
    let family = "Ada \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
    let joined = http::post(addr, &path, &json!({"name": family})).await.json();
    assert_eq!(joined["table"]["seats"][0]["name"], family);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_at_a_table_never_have_names_that_read_alike() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let path = format!("/api/tables/{id}/join");
    assert_eq!(http::post(addr, &path, &json!({"name": "Ada"})).await.status, 200);
    for alike in ["Ada", "ADA", " ada ", "\u{0410}da", "\u{FF21}da"] {
        let refused = http::post(addr, &path, &json!({"name": alike})).await;
        assert_eq!((refused.status, refused.json()["error"].as_str()), (409, Some("name-taken")), "{alike:?}");
    }
    let grace = http::post(addr, &path, &json!({"name": "Grace"})).await;
    assert_eq!(grace.status, 200, "another name sits down");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bot_has_its_own_name_and_its_level() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let seats = json!([{"bot": "easy"}, {"bot": "hard"}, {}, {"bot": "Expert"}, {"bot": "ismcts:77"}]);
    let id = create_table(addr, &json!({"game": "knock-out", "seats": seats})).await;
    let table = http::get(addr, &format!("/api/tables/{id}")).await.json();
    let seats = table["seats"].as_array().expect("seats");
    let shown: Vec<(Value, Value, Value)> =
        seats.iter().map(|s| (s["name"].clone(), s["persona"].clone(), s["level"].clone())).collect();
    assert_eq!(
        shown,
        [
            (json!("Bot Anna"), json!("Anna"), json!("easy")),
            (json!("Bot Bruno"), json!("Bruno"), json!("hard")),
            (Value::Null, Value::Null, Value::Null),
            (json!("Bot Clara"), json!("Clara"), json!("expert")),
            (json!("Bot David"), json!("David"), Value::Null),
        ],
        "an expert's own spec has no level: {table}"
    );
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_and_sitting_down_is_one_request_that_does_both_or_neither() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let refused = http::post(
        addr,
        "/api/tables",
        &json!({"game": "rps-veto", "seats": [{}, {}], "join": {"name": "x".repeat(40)}}),
    )
    .await;
    assert_eq!(refused.status, 400);
    assert!(open_ids(&http::get(addr, "/api/tables").await.json()).is_empty(), "no orphan table");

    let created = http::post(
        addr,
        "/api/tables",
        &json!({"game": "rps-veto", "seats": [{"bot": "random"}, {}], "join": {"name": "Ada"}}),
    )
    .await;
    assert_eq!(created.status, 201);
    let answer = created.json();
    assert_eq!(answer["seat"], 1, "the first seat for a person");
    assert_eq!(answer["table"]["status"], "running", "seated at once: the game is on");
    assert_eq!(answer["table"]["seats"][1]["name"], "Ada");
    let id = answer["table"]["id"].as_str().unwrap();
    let mut ada = Client::connect(addr, id, answer["token"].as_str()).await;
    assert_eq!(ada.expect("state").await["you"], 1, "the token of the creation is the seat's");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_tables_take_only_invited_players_and_are_not_listed() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    // One invite per seat.
    let created = http::post(
        addr,
        "/api/tables",
        &json!({"game": "rps-veto", "seats": [{}, {}], "private": true, "invites": "seat"}),
    )
    .await
    .json();
    let id = created["table"]["id"].as_str().unwrap().to_owned();
    assert_eq!(created["table"]["private"], true);
    let invites = created["invites"].as_array().expect("invites").clone();
    assert_eq!(invites.len(), 2, "{created}");
    assert!(invites[0]["link"].as_str().is_some_and(|l| l.contains(&id) && l.contains("invite=")));
    assert!(!open_ids(&http::get(addr, "/api/tables?status=open").await.json()).contains(&id), "not in the lobby");
    assert!(!open_ids(&http::get(addr, "/api/tables").await.json()).contains(&id));

    let join = format!("/api/tables/{id}/join");
    let stranger = http::post(addr, &join, &json!({"name": "Eve"})).await;
    assert_eq!((stranger.status, stranger.json()["error"].as_str()), (403, Some("invite-required")));
    let guessed = http::post(addr, &join, &json!({"name": "Eve", "invite": "0".repeat(40)})).await;
    assert_eq!((guessed.status, guessed.json()["error"].as_str()), (403, Some("wrong-invite")));
    let seat1 = invites.iter().find(|i| i["seat"] == 1).unwrap()["code"].as_str().unwrap();
    let wrong_seat = http::post(addr, &join, &json!({"name": "Eve", "seat": 0, "invite": seat1})).await;
    assert_eq!(wrong_seat.status, 403, "an invite is for its own seat");
    let bob = http::post(addr, &join, &json!({"name": "Bob", "invite": seat1})).await;
    assert_eq!(bob.status, 200);
    assert_eq!(bob.json()["seat"], 1);

    // One invite for the table, the creator seated in the same request.
    let created = http::post(
        addr,
        "/api/tables",
        &json!({"game": "rps-veto", "seats": [{}, {}], "private": true, "join": {"name": "Ada"}}),
    )
    .await
    .json();
    let id = created["table"]["id"].as_str().unwrap().to_owned();
    let invites = created["invites"].as_array().unwrap();
    assert_eq!(invites.len(), 1);
    assert!(invites[0]["seat"].is_null());
    let code = invites[0]["code"].as_str().unwrap();
    let join = format!("/api/tables/{id}/join");
    assert_eq!(http::post(addr, &join, &json!({"name": "Eve"})).await.status, 403);
    let friend = http::post(addr, &join, &json!({"name": "Bob", "invite": code})).await.json();
    assert_eq!(friend["table"]["status"], "running");
    assert!(
        !open_ids(&http::get(addr, "/api/tables?status=running").await.json()).contains(&id),
        "not listed running either"
    );
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_creates_a_limited_number_of_tables_per_minute() {
    let server = TestServer::start_with(demo_registry(), |o| o.tables_per_minute = 3).await;
    let addr = server.addr();
    for _ in 0..3 {
        create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    }
    let refused = http::post(addr, "/api/tables", &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    assert_eq!((refused.status, refused.json()["error"].as_str()), (429, Some("too-many")));
    assert!(refused.json()["message"].as_str().is_some_and(|m| m.contains("a minute")));
    assert_eq!(open_ids(&http::get(addr, "/api/tables").await.json()).len(), 3);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_closes_a_table_and_it_leaves_the_lobby_and_the_restart_list() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let created =
        http::post(addr, "/api/tables", &json!({"game": "rps-veto", "seats": [{}, {}], "join": {"name": "Ada"}}))
            .await
            .json();
    let id = created["table"]["id"].as_str().unwrap().to_owned();
    let owner = created["owner"].as_str().expect("an owner token").to_owned();
    let kept = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let mut ada = Client::connect(addr, &id, created["token"].as_str()).await;
    ada.expect("state").await;

    let close = format!("/api/tables/{id}/close");
    let stranger = http::post(addr, &close, &json!({"owner": "0".repeat(40)})).await;
    assert_eq!((stranger.status, stranger.json()["error"].as_str()), (403, Some("not-owner")));
    assert_eq!(http::post(addr, &close, &json!({"owner": owner})).await.status, 200);
    let told = ada.expect("error").await;
    assert_eq!(told["error"], "closed");
    assert_eq!(open_ids(&http::get(addr, "/api/tables").await.json()), vec![kept.clone()]);
    let gone = http::get(addr, &format!("/api/tables/{id}")).await;
    assert_eq!((gone.status, gone.json()["error"].as_str()), (410, Some("closed")));
    let join = http::post(addr, &format!("/api/tables/{id}/join"), &json!({"name": "Bob"})).await;
    assert_eq!(join.status, 410);

    let TestServer { server: running, store } = server;
    running.shutdown().await;
    let restarted = server::start(store.options(), demo_registry()).await.expect("restarts");
    assert_eq!(open_ids(&http::get(restarted.addr(), "/api/tables").await.json()), vec![kept], "not restored");
    restarted.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_is_served_compressed_with_a_content_security_policy_and_nothing_else() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    assert_eq!(http::get(addr, "/README.md").await.status, 404, "developer notes are not served");
    let games = http::request_with(addr, "GET", "/api/games", None, &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(games.header("content-encoding"), Some("gzip"), "JSON is compressed");
    if web.join("index.html").exists() {
        let index = http::request_with(addr, "GET", "/", None, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(index.status, 200);
        assert_eq!(index.header("content-encoding"), Some("gzip"), "pages are compressed");
        let csp = index.header("content-security-policy").expect("a content security policy");
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(index.header("x-frame-options"), Some("DENY"));
        let plain = http::get(addr, "/").await;
        assert!(plain.header("content-encoding").is_none(), "uncompressed for clients that do not ask");
    }
    server.server.shutdown().await;
}
