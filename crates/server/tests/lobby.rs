//! The lobby: games, creating tables with variants, configs and bots, joining, listing.

mod common;

use common::http::{self, create_table, join};
use common::{TestServer, demo_registry};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_from_the_registry() {
    let server = TestServer::start(demo_registry()).await;
    let games = http::get(server.addr(), "/api/games").await.json();
    assert_eq!(games[0]["name"], "rps-veto");
    assert_eq!(games[0]["bots"], json!(["random"]));
    assert_eq!(games[0]["variants"][0]["name"], "first-to");
    assert_eq!(games[0]["default_config"], json!({"first-to": 2}));
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_created_with_variants_and_config_and_checked() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let created = http::post(
        addr,
        "/api/tables",
        &json!({"game": "rps-veto", "variants": ["first-to=4"], "seats": [{}, {"bot": "random"}]}),
    )
    .await;
    assert_eq!(created.status, 201);
    let table = &created.json()["table"];
    assert_eq!(table["config"], json!({"first-to": 4}));
    assert_eq!(table["status"], "open");
    assert_eq!(table["title"], "Rock-paper-scissors with a veto");
    assert_eq!(
        table["seats"][0],
        json!({"seat": 0, "kind": "human", "name": null, "taken": false, "connected": false})
    );
    assert_eq!(table["seats"][1]["bot"], "random");
    assert!(table["created"].as_str().is_some_and(|c| c.ends_with('Z')));
    assert!(table.get("seed").is_none(), "a running table never shows its seed");

    let with_config =
        http::post(addr, "/api/tables", &json!({"game": "rps-veto", "config": {"first-to": 3}, "seats": [{}, {}]}))
            .await;
    assert_eq!(with_config.json()["table"]["config"], json!({"first-to": 3}));

    for (body, why) in [
        (json!({"game": "chess", "seats": [{}, {}]}), "unknown game"),
        (json!({"game": "rps-veto", "seats": [{}]}), "too few seats"),
        (json!({"game": "rps-veto", "seats": [{}, {}, {}]}), "too many seats"),
        (json!({"game": "rps-veto", "seats": [{}, {"bot": "oracle"}]}), "unknown bot"),
        (json!({"game": "rps-veto", "seats": [{}, {"bot": "random:5"}]}), "bad bot parameter"),
        (json!({"game": "rps-veto", "variants": ["first-to=99"], "seats": [{}, {}]}), "variant out of range"),
        (json!({"game": "rps-veto", "variants": ["colour"], "seats": [{}, {}]}), "unknown variant"),
        (json!({"game": "rps-veto", "config": {"nonsense": 1}, "seats": [{}, {}]}), "unknown config key"),
        (json!({"game": "rps-veto", "config": 5, "seats": [{}, {}]}), "config not an object"),
    ] {
        let response = http::post(addr, "/api/tables", &body).await;
        assert_eq!(response.status, 400, "{why}");
        let error = response.json();
        assert_eq!(error["error"], "bad-request", "{why}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{why}");
    }
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_joined_once_and_tables_listed_by_status() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let open = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let running = create_table(addr, &json!({"game": "rps-veto", "seats": [{"bot": "random"}, {}]})).await;

    let path = format!("/api/tables/{open}/join");
    assert_eq!(http::post(addr, &path, &json!({"name": "  "})).await.status, 400);
    assert_eq!(http::post(addr, &path, &json!({"name": "x".repeat(40)})).await.status, 400);
    assert_eq!(http::post(addr, &path, &json!({"name": "Ada", "seat": 9})).await.status, 400);
    let ada = http::post(addr, &path, &json!({"name": "Ada", "seat": 1})).await.json();
    assert_eq!(ada["seat"], 1);
    assert_eq!(ada["table"]["seats"][1]["name"], "Ada");
    assert!(ada["table"]["seats"][1].get("token_hash").is_none());
    let taken = http::post(addr, &path, &json!({"name": "Eve", "seat": 1})).await;
    assert_eq!((taken.status, taken.json()["error"].as_str()), (409, Some("seat-taken")));

    let (seat, _) = join(addr, &running, "Grace").await;
    assert_eq!(seat, 1, "the first free human seat");
    let full = http::post(addr, &format!("/api/tables/{running}/join"), &json!({"name": "Eve"})).await;
    assert_eq!((full.status, full.json()["error"].as_str()), (409, Some("not-open")));
    let bot_seat = http::post(addr, &format!("/api/tables/{open}/join"), &json!({"name": "Eve", "seat": 0})).await;
    assert_eq!(bot_seat.status, 200, "seat 0 of the open table is a free human seat");

    let newest = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let open_list = http::get(addr, "/api/tables?status=open").await.json();
    let ids: Vec<&str> = open_list.as_array().into_iter().flatten().filter_map(|t| t["id"].as_str()).collect();
    assert_eq!(ids, vec![newest.as_str()], "the first table is full now, the second running");
    let running_list = http::get(addr, "/api/tables?status=running").await.json();
    assert!(running_list.as_array().is_some_and(|a| a.iter().all(|t| t["status"] == "running") && a.len() == 2));
    let all = http::get(addr, "/api/tables").await.json();
    assert_eq!(all[0]["id"], newest.as_str(), "newest first");

    // Records and rematches wait for the end of the game.
    let record = http::get(addr, &format!("/api/tables/{running}/record")).await;
    assert_eq!((record.status, record.json()["error"].as_str()), (409, Some("not-finished")));
    assert_eq!(http::get(addr, &format!("/api/tables/{running}/replay")).await.status, 409);
    assert_eq!(http::post(addr, &format!("/api/tables/{running}/rematch"), &json!({})).await.status, 409);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_client_is_served_with_content_types() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let missing = http::get(addr, "/no/such/file.js").await;
    assert_eq!(missing.status, 404);
    assert_eq!(http::get(addr, "/../Cargo.toml").await.status, 404);
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    if web.join("index.html").exists() {
        let index = http::get(addr, "/").await;
        assert_eq!(index.status, 200);
        assert_eq!(index.header("content-type"), Some("text/html; charset=utf-8"));
        assert!(
            String::from_utf8_lossy(&index.body).contains("<html")
                || String::from_utf8_lossy(&index.body).contains("<!")
        );
    }
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_open_tables_are_deleted_and_watched_ones_kept() {
    let server =
        TestServer::start_with(demo_registry(), |o| o.open_table_ttl = std::time::Duration::from_millis(300)).await;
    let addr = server.addr();
    let abandoned = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let watched = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let running = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    join(addr, &running, "Ada").await;
    let mut spectator = common::ws::Client::connect(addr, &watched, None).await;
    spectator.expect("state").await;
    tokio::time::sleep(std::time::Duration::from_millis(1_000)).await;
    assert_eq!(http::get(addr, &format!("/api/tables/{abandoned}")).await.status, 404);
    assert_eq!(http::get(addr, &format!("/api/tables/{watched}")).await.status, 200);
    assert_eq!(http::get(addr, &format!("/api/tables/{running}")).await.status, 200);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_budgets_are_read_by_the_bots_crate_and_capped() {
    let server = TestServer::start(catalog::registry()).await;
    for (bot, status) in [
        ("ismcts:500", 201),
        ("ismcts:250ms", 201),
        ("ismcts:800,playout=random", 201),
        ("ismcts:20001", 400),
        ("ismcts:4000000000,c=1", 400),
        ("ismcts:60000ms", 400),
        ("ismcts:1000,c=x", 400),
        ("ismcts:fast", 400),
    ] {
        let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": bot}]});
        let response = http::post(server.addr(), "/api/tables", &body).await;
        assert_eq!(response.status, status, "{bot}: {:?}", response.json());
    }
    server.server.shutdown().await;
}
