//! Several nodes on one database, as a player sees them: any node serves any table — joins,
//! seats, spectators, records, replays, rematches, the lobby — and the limits hold over all
//! nodes. (PostgreSQL only, with `SPIELTISCH_TEST_POSTGRES`; `nodes.rs` kills nodes.)
//! Behind a proxy, the per-client limit counts the client the proxy saw (both databases).

mod common;

use common::http::{self, create_table, join};
use common::ws::{Client, legal};
use common::{TestServer, demo_registry};
use serde_json::{Value, json};
use server::{RunningServer, ServeError};

/// A second node on the store of `first`, with `change` applied to its options.
async fn second_node(first: &TestServer, change: impl FnOnce(&mut server::ServeOptions)) -> RunningServer {
    let mut options = first.store.options();
    change(&mut options);
    server::start(options, demo_registry()).await.expect("a second node starts")
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array().into_iter().flatten().filter_map(|t| t["id"].as_str().map(str::to_owned)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_node_serves_any_table_and_the_lobby_lists_every_nodes_tables() {
    let quick = |o: &mut server::ServeOptions| o.reaction_delay = std::time::Duration::from_millis(20);
    let a = TestServer::start_with(demo_registry(), quick).await;
    if a.store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    let b = second_node(&a, quick).await;
    let (a_addr, b_addr) = (a.addr(), b.addr());

    // A table of A (Ada against A's bot) and one of B; both lobbies list the tables of both.
    let body = json!({"game": "rps-veto", "variants": ["first-to=2"], "seats": [{}, {"bot": "random"}]});
    let id = create_table(a_addr, &body).await;
    let on_b = create_table(b_addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    for addr in [a_addr, b_addr] {
        let listed = ids(&http::get(addr, "/api/tables?status=open").await.json());
        assert!(listed.contains(&id) && listed.contains(&on_b), "{addr} lists both nodes' tables: {listed:?}");
    }
    // Joined through the other node; the seats and the lobby show it everywhere.
    let (ada_seat, ada) = join(b_addr, &id, "Ada").await;
    let (bob_seat, bob) = join(a_addr, &on_b, "Bob").await;
    assert_eq!((ada_seat, bob_seat), (0, 0));
    let shown = http::get(b_addr, &format!("/api/tables/{id}")).await.json();
    assert_eq!((shown["status"].as_str(), shown["seats"][0]["name"].as_str()), (Some("running"), Some("Ada")));
    // Each node keeps the others' lists for a second: B shows the new status within that.
    let started = std::time::Instant::now();
    loop {
        let running_on_b = ids(&http::get(b_addr, "/api/tables?status=running").await.json());
        if running_on_b == vec![id.clone()] {
            break;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(3), "B lists A's running table: {running_on_b:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Tokens work through any node; a wrong one is refused through any node.
    let mut bob = Client::connect(a_addr, &on_b, Some(&bob)).await;
    assert_eq!(bob.expect("state").await["you"], 0);
    assert_eq!(Client::try_connect(b_addr, &id, Some("wrong")).await.err(), Some(403), "a wrong token, forwarded");

    // Ada plays through B against A's bot, a spectator watches through B.
    let mut ada = Client::connect(b_addr, &id, Some(&ada)).await;
    let mut spectator = Client::connect(b_addr, &id, None).await;
    let first = ada.expect("state").await;
    assert_eq!(first["you"], 0);
    assert!(spectator.expect("state").await["you"].is_null());
    let (state, _) = ada.play_to_end(first, |legal: &[String]| legal[0].clone()).await;
    let steps = state["table"]["step"].as_u64().expect("steps");
    let watched = spectator.state_where(|s| s["table"]["status"] == "finished").await;
    assert_eq!(watched["table"]["step"], steps, "the spectator through B saw the whole game");

    // Records, replays and the rematch through either node are the same.
    let record = http::get(b_addr, &format!("/api/tables/{id}/record")).await.json();
    assert_eq!(record, http::get(a_addr, &format!("/api/tables/{id}/record")).await.json());
    assert_eq!(record["actions"].as_array().map(Vec::len), Some(steps as usize));
    let replay = http::get(b_addr, &format!("/api/tables/{id}/replay?seat=0")).await.json();
    assert_eq!(replay["steps"].as_array().map(Vec::len), Some(steps as usize));
    let rematch = http::post(b_addr, &format!("/api/tables/{id}/rematch"), &json!({})).await;
    assert_eq!(rematch.status, 201);
    let again = http::post(a_addr, &format!("/api/tables/{id}/rematch"), &json!({})).await;
    assert_eq!((again.status, again.json()["table"]["id"].clone()), (200, rematch.json()["table"]["id"].clone()));

    b.shutdown().await;
    a.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_nodes_tables_are_taken_over_and_play_on_through_the_other() {
    let a = TestServer::start(demo_registry()).await;
    if a.store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    let b = second_node(&a, |_| {}).await;
    let body = json!({"game": "rps-veto", "variants": ["first-to=3"], "seats": [{}, {"bot": "random"}]});
    let id = create_table(b.addr(), &body).await;
    let (_, token) = join(b.addr(), &id, "Ada").await;
    let mut ada = Client::connect(b.addr(), &id, Some(&token)).await;
    let state = ada.expect("state").await;
    let acked = ada.act_and_wait(&legal(&state)[0]).await;
    let step = acked["table"]["step"].as_u64().expect("step");

    // B stops cleanly: it leaves the nodes and A takes its table at the next request.
    b.shutdown().await;
    let mut ada = Client::connect(a.addr(), &id, Some(&token)).await;
    let state = ada.expect("state").await;
    assert_eq!(state["you"], 0, "the seat is still Ada's");
    assert!(state["table"]["step"].as_u64().is_some_and(|now| now >= step), "nothing acknowledged is lost");
    assert_eq!(a.store.scalar("SELECT epoch FROM tables WHERE id = $1", &id).await, 2, "taken over once");
    let (last, _) = ada.play_to_end(state, |legal: &[String]| legal[0].clone()).await;
    assert!(last["table"]["outcome"].is_object(), "the game ends on the node that took it");
    a.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_too_large_gets_the_owners_answer_through_any_node() {
    let a = TestServer::start(demo_registry()).await;
    if a.store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    let b = second_node(&a, |_| {}).await;
    let id = create_table(a.addr(), &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let huge = json!({"name": "x".repeat(20_000)}).to_string();
    for addr in [a.addr(), b.addr()] {
        let answer = http::request(addr, "POST", &format!("/api/tables/{id}/join"), Some(huge.as_bytes())).await;
        assert_eq!((answer.status, answer.json()["error"].clone()), (413, json!("too-large")), "through {addr}");
    }
    b.shutdown().await;
    a.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_the_database_holds_lets_a_request_pass_for_a_nodes() {
    let a = TestServer::start(demo_registry()).await;
    let Some(url) = a.store.database.clone() else {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    };
    let b = second_node(&a, |_| {}).await;
    // Every text the database holds (a leaked backup, a read-only role), and each paired with
    // every node id, tried as the header nodes prove themselves with.
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect");
    let columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text FROM information_schema.columns \
         WHERE table_schema = current_schema() AND data_type = 'text'",
    )
    .fetch_all(&mut conn)
    .await
    .expect("columns");
    let mut texts: Vec<String> = Vec::new();
    for (table, column) in &columns {
        let sql = format!("SELECT {column} FROM {table} WHERE {column} IS NOT NULL");
        texts.extend(sqlx::query_scalar::<_, String>(&sql).fetch_all(&mut conn).await.expect("values"));
    }
    let nodes: Vec<String> = sqlx::query_scalar("SELECT id FROM nodes").fetch_all(&mut conn).await.expect("nodes");
    assert_eq!(nodes.len(), 2);
    let mut tried = 0;
    for text in &texts {
        let forged = std::iter::once(text.clone()).chain(nodes.iter().map(|node| format!("{node}:{text}")));
        for value in forged {
            let Ok(header) = axum_header(&value) else { continue };
            let answer =
                http::request_with(b.addr(), "GET", "/api/cluster/tables", None, &[("x-spieltisch-node", &header)])
                    .await;
            assert_eq!(answer.status, 404, "the database's {value:?} passes for a node");
            tried += 1;
        }
    }
    assert!(tried > 4, "tried {tried}");
    b.shutdown().await;
    a.server.shutdown().await;
}

/// `value` if it can be sent as a header.
fn axum_header(value: &str) -> Result<String, ()> {
    if value.bytes().all(|b| (0x20..0x7f).contains(&b)) { Ok(value.to_owned()) } else { Err(()) }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creation_limit_counts_the_tables_a_client_created_on_every_node() {
    let a = TestServer::start_with(demo_registry(), |o| o.tables_per_minute = 3).await;
    if a.store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    let b = second_node(&a, |o| o.tables_per_minute = 3).await;
    let body = json!({"game": "rps-veto", "seats": [{}, {}]});
    create_table(a.addr(), &body).await;
    create_table(b.addr(), &body).await;
    create_table(a.addr(), &body).await;
    let refused = http::post(b.addr(), "/api/tables", &body).await;
    assert_eq!((refused.status, refused.json()["error"].as_str()), (429, Some("too-many")));
    b.shutdown().await;
    a.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_on_every_address_without_an_address_for_the_others_refuses_to_start() {
    let a = TestServer::start(demo_registry()).await;
    if a.store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    let mut options = a.store.options();
    options.addr = "0.0.0.0:0".parse().expect("address");
    let Err(error) = server::start(options, demo_registry()).await else { panic!("started without --advertise") };
    assert!(matches!(error, ServeError::Options(_)), "{error}");
    assert!(error.to_string().contains("--advertise"), "says what to set: {error}");
    a.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_proxy_the_creation_limit_counts_the_client_the_proxy_saw() {
    let server = TestServer::start_with(demo_registry(), |o| {
        o.tables_per_minute = 2;
        o.behind_proxy = true;
    })
    .await;
    let addr = server.addr();
    let body = serde_json::to_vec(&json!({"game": "rps-veto", "seats": [{}, {}]})).expect("json");
    let create = |client: &'static str| {
        let body = body.clone();
        async move {
            // What a client sent itself comes first; the proxy appends the address it saw.
            let forwarded = format!("6.6.6.6, {client}");
            http::request_with(addr, "POST", "/api/tables", Some(&body), &[("X-Forwarded-For", &forwarded)])
                .await
                .status
        }
    };
    assert_eq!((create("10.0.0.1").await, create("10.0.0.1").await), (201, 201));
    assert_eq!(create("10.0.0.1").await, 429, "the third table of one client in a minute");
    assert_eq!(create("10.0.0.2").await, 201, "another client behind the same proxy");
    server.server.shutdown().await;
}
