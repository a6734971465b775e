//! Rated tables: who may sit at one (players with a key, bot levels with a fixed rating, a time
//! control), the ratings a finished game changes (traced to its table, on My games, on the
//! leaderboard, on the next table's seat chips), a person away at the end counted last, and a
//! table whose rating a stopped server never wrote rated at the next start.

mod common;

use std::time::Duration;

use common::players::{new_player, with_key};
use common::snap::snap_registry;
use common::ws::{Client, finished, legal};
use common::{TestServer, TestStore};
use serde_json::{Value, json};
use server::Time;

/// Creates a table with `body` as the player holding `key`; the answer.
async fn create(server: &TestServer, key: &str, body: &Value) -> (u16, Value) {
    let response = with_key(server.addr(), "POST", "/api/tables", key, Some(body)).await;
    (response.status, response.json())
}

fn rated_duel() -> Value {
    json!({"game": "schotten-totten", "rated": true, "clock": 600, "seats": [{}, {}], "join": {"seat": 0}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_table_is_for_players_and_bot_levels_and_has_a_clock() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let (_, ada) = new_player(addr, "Ada").await;
    let (_, bob) = new_player(addr, "Bob").await;

    let mut refused = Vec::new();
    for body in [
        json!({"game": "schotten-totten", "rated": true, "seats": [{}, {}], "join": {"seat": 0}}),
        json!({"game": "schotten-totten", "rated": true, "clock": 600, "seats": [{}, {"bot": "ismcts:300"}]}),
        json!({"game": "schotten-totten", "rated": true, "clock": 600, "seats": [{"bot": "easy"}, {"bot": "hard"}]}),
    ] {
        let (status, answer) = create(&server, &ada, &body).await;
        refused.push((status, answer["error"].clone()));
    }
    assert_eq!(refused, vec![(400, json!("not-ratable")); 3], "no clock; a bot that is no level; no person");
    let mut anonymous = rated_duel();
    anonymous["join"] = json!({"name": "Eve"});
    let without_key = common::http::post(addr, "/api/tables", &anonymous).await;
    assert_eq!((without_key.status, without_key.json()["error"].clone()), (400, json!("not-ratable")));

    // A rated table against a level: the seats show ratings (a new player's is provisional).
    let body =
        json!({"game": "schotten-totten", "rated": true, "clock": 600, "seats": [{}, {"bot": "medium"}], "join": {}});
    let (status, answer) = create(&server, &ada, &body).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["table"]["rated"], true);
    assert_eq!(answer["table"]["seats"][0]["rating"], json!({"rating": 1500, "provisional": true}));
    let medium = catalog::registry().get("schotten-totten").unwrap().info().levels.all()[1].rating;
    assert_eq!(answer["table"]["seats"][1]["rating"], json!({"rating": medium, "provisional": false}));

    // People need a key, and one seat each.
    let (status, answer) = create(&server, &ada, &rated_duel()).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["table"]["id"].as_str().expect("id").to_owned();
    let join = format!("/api/tables/{id}/join");
    let anonymous = common::http::post(addr, &join, &json!({"name": "Eve"})).await;
    assert_eq!((anonymous.status, anonymous.json()["error"].clone()), (403, json!("rated-needs-player")));
    let twice = with_key(addr, "POST", &join, &ada, Some(&json!({"name": "Ada2"}))).await;
    assert_eq!((twice.status, twice.json()["error"].clone()), (409, json!("already-seated")));
    let joined = with_key(addr, "POST", &join, &bob, Some(&json!({}))).await;
    assert_eq!(joined.status, 200);
    assert_eq!(joined.json()["table"]["seats"][1]["rating"]["rating"], 1500);

    // No hints at a rated table.
    let token = answer["token"].as_str().expect("token");
    let mut client = Client::connect(addr, &id, Some(token)).await;
    let state = client.state_where(|s| !legal(s).is_empty()).await;
    assert_eq!(state["table"]["rated"], true);
    client.send_text(json!({"type": "hint"}).to_string()).await;
    let (error, _) = client.next_error().await;
    assert_eq!(error["error"], "hint-rated", "{error}");
    server.server.shutdown().await;
}

/// Plays one seat with random legal actions to the end; the last state.
async fn play_to_end(mut client: Client, seed: u64) -> Value {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let first = client.expect("state").await;
    client.play_to_end(first, |legal| legal.choose(&mut rng).cloned().expect("a legal action")).await.0
}

/// Ada's and Bob's rated duel of Schotten-Totten played to the end: the table id and the
/// final state.
async fn rated_game(server: &TestServer, ada: &str, bob: &str, seed: u64) -> (String, Value) {
    let addr = server.addr();
    let (status, answer) = create(server, ada, &rated_duel()).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["table"]["id"].as_str().expect("id").to_owned();
    let ada_token = answer["token"].as_str().expect("token").to_owned();
    let joined = with_key(addr, "POST", &format!("/api/tables/{id}/join"), bob, Some(&json!({}))).await;
    assert_eq!(joined.status, 200);
    let bob_token = joined.json()["token"].as_str().expect("token").to_owned();
    let (end, _) = tokio::join!(
        play_to_end(Client::connect(addr, &id, Some(&ada_token)).await, seed),
        play_to_end(Client::connect(addr, &id, Some(&bob_token)).await, seed + 1),
    );
    (id, end)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_rated_game_changes_both_ratings_each_change_traced_to_its_table() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let (_, ada) = new_player(addr, "Ada").await;
    let (_, bob) = new_player(addr, "Bob").await;
    let (id, end) = rated_game(&server, &ada, &bob, 7).await;
    assert!(finished(&end));
    let places = end["table"]["outcome"]["places"].clone();

    let (mine, theirs) = (ratings_at(server.addr(), &ada, &id).await, ratings_at(server.addr(), &bob, &id).await);
    for (ratings, seat) in [(&mine, 0), (&theirs, 1)] {
        let change = &ratings["changes"][0];
        assert_eq!(change["table"], id.as_str());
        assert_eq!((change["seat"].clone(), change["place"].clone()), (json!(seat), places[seat].clone()));
        assert_eq!(change["before"], 1500);
        assert_eq!(change["change"], change["after"].as_i64().unwrap() - 1500);
        let rating = &ratings["ratings"][0];
        assert_eq!(
            (rating["game"].clone(), rating["rating"].clone()),
            (json!("schotten-totten"), change["after"].clone())
        );
        assert_eq!((rating["games"].clone(), rating["provisional"].clone()), (json!(1), json!(true)));
    }
    let (ada_change, bob_change) = (mine["changes"][0]["change"].as_i64(), theirs["changes"][0]["change"].as_i64());
    match places[0].as_u64().cmp(&places[1].as_u64()) {
        std::cmp::Ordering::Less => assert!(ada_change > Some(0) && bob_change < Some(0), "{mine} {theirs}"),
        std::cmp::Ordering::Greater => assert!(ada_change < Some(0) && bob_change > Some(0), "{mine} {theirs}"),
        std::cmp::Ordering::Equal => assert_eq!(ada_change, bob_change),
    }

    // My games shows the change with the finished game; the leaderboard ranks both.
    let games = with_key(addr, "GET", "/api/me/tables", &ada, None).await.json();
    let finished_game = &games["finished"][0];
    assert_eq!(
        (finished_game["table"]["id"].clone(), finished_game["rating"].clone()),
        (json!(id), mine["changes"][0].clone())
    );
    let board = with_key(addr, "GET", "/api/ratings/schotten-totten", &ada, None).await.json();
    let names: Vec<&str> = board["players"].as_array().unwrap().iter().filter_map(|p| p["name"].as_str()).collect();
    let winner_first = if ada_change >= bob_change { ["Ada", "Bob"] } else { ["Bob", "Ada"] };
    assert_eq!(names, winner_first, "{board}");
    let you: Vec<&Value> = board["players"].as_array().unwrap().iter().filter(|p| p["you"] == true).collect();
    assert_eq!((you.len(), you[0]["name"].clone()), (1, json!("Ada")));
    assert_eq!(board["levels"].as_array().map(Vec::len), Some(4), "the levels' fixed ratings beside");

    // The next rated table shows the ratings the players sit down with.
    let (_, answer) = create(&server, &ada, &rated_duel()).await;
    assert_eq!(answer["table"]["seats"][0]["rating"]["rating"], mine["changes"][0]["after"]);
    server.server.shutdown().await;
}

/// A server for Snap on `store` and a manual clock: away people are answered after two seconds.
async fn snap_server(time: &Time, store: &TestStore) -> server::RunningServer {
    let mut options = store.options();
    options.time = time.clone();
    options.away_delay = Duration::from_secs(2);
    options.clock_tick = Duration::from_millis(10);
    options.reaction_delay = Duration::ZERO;
    server::start(options, snap_registry()).await.expect("server starts")
}

/// A player's ratings once table `table` is rated.
async fn ratings_at(addr: std::net::SocketAddr, key: &str, table: &str) -> Value {
    for _ in 0..200 {
        let mine = with_key(addr, "GET", "/api/me/ratings", key, None).await.json();
        if mine["changes"].as_array().is_some_and(|c| c.iter().any(|c| c["table"] == table)) {
            return mine;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("table {table} was not rated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_away_at_the_end_counts_last_and_a_stopped_server_rates_at_its_next_start() {
    let time = Time::manual_now();
    let store = TestStore::new().await;
    let server = snap_server(&time, &store).await;
    let addr = server.addr();
    let (_, ada) = new_player(addr, "Ada").await;
    let (_, bob) = new_player(addr, "Bob").await;
    let body = json!({"game": "snap", "rated": true, "clock": 10, "seats": [{}, {}], "join": {"seat": 0}});
    let created = with_key(addr, "POST", "/api/tables", &ada, Some(&body)).await.json();
    let id = created["table"]["id"].as_str().expect("id").to_owned();
    let joined = with_key(addr, "POST", &format!("/api/tables/{id}/join"), &bob, Some(&json!({}))).await;
    assert_eq!(joined.status, 200);

    // Ada plays each decision at once; Bob has left: his time runs out until he is away and
    // the table plays for him to the end.
    let mut client = Client::connect(addr, &id, created["token"].as_str()).await;
    let mut state = client.expect("state").await;
    let mut advanced_at = None;
    for _ in 0..500 {
        // Decide on the latest state only: acting on a stale one is refused, and time moved
        // on a stale one could run out Ada's.
        while let Ok(newer) = tokio::time::timeout(Duration::from_millis(100), client.expect("state")).await {
            state = newer;
        }
        let step = state["table"]["step"].as_u64();
        let to_act = state["table"]["to_act"].as_array().cloned().unwrap_or_default();
        if finished(&state) {
            break;
        }
        if to_act.contains(&json!(0)) && !legal(&state).is_empty() {
            let pick = legal(&state).into_iter().max().expect("a legal action");
            state = client.act_and_wait(&pick).await;
        } else if !to_act.is_empty() && advanced_at != step {
            advanced_at = step;
            time.advance(Duration::from_secs(11));
        }
    }
    assert!(finished(&state), "the game ends: {state}");
    assert_eq!(state["table"]["clock"]["seats"][1]["away"], true, "{state}");
    let mine = ratings_at(addr, &ada, &id).await;
    let theirs = ratings_at(addr, &bob, &id).await;
    let bob_change = theirs["changes"][0].clone();
    assert_eq!((bob_change["away"].clone(), bob_change["place"].clone()), (json!(true), json!(3)), "last: {theirs}");
    assert!(bob_change["change"].as_i64() < Some(0) && mine["changes"][0]["change"].as_i64() > Some(0));

    // A server that stopped before it wrote a table's rating rates it at its next start, the
    // same way.
    server.shutdown().await;
    store.execute("DELETE FROM rating_changes WHERE table_id = $1", &id).await;
    store.execute("DELETE FROM ratings WHERE player_id <> $1", "").await;
    let again = snap_server(&time, &store).await;
    let rated = ratings_at(again.addr(), &bob, &id).await;
    let without_time = |mut change: Value| {
        change.as_object_mut().map(|c| c.remove("at"));
        change
    };
    assert_eq!(without_time(rated["changes"][0].clone()), without_time(bob_change));
    assert_eq!(rated["changes"].as_array().map(Vec::len), Some(1), "rated once");
    again.shutdown().await;
}
