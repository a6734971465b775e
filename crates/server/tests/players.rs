//! Players without passwords: a key issued once and stored only as its hash, the same player on
//! a second device with the same key, revoking every key for a new one, seats taken with the
//! key (the name the player's own), and "My games": the player's tables, those where it is their
//! turn first, then finished games with their result. Seat tokens keep working as before.

mod common;

use common::TestServer;
use common::http;
use common::players::{new_player, with_key};
use common::ws::Client;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_key_is_issued_once_stored_as_a_hash_and_can_be_revoked() {
    let server = TestServer::start(catalog::registry()).await;
    let (id, key) = new_player(server.addr(), "Ada").await;
    assert!(key.len() >= 32 && key.bytes().all(|b| b.is_ascii_hexdigit()), "at least 128 random bits: {key}");

    // Any device holding the key is the player (the device link carries it).
    for _device in 0..2 {
        let me = with_key(server.addr(), "GET", "/api/me", &key, None).await;
        assert_eq!(me.status, 200);
        assert_eq!(me.json(), json!({"id": id, "name": "Ada"}));
    }
    let renamed = with_key(server.addr(), "PUT", "/api/me", &key, Some(&json!({"name": "  Ada  L. "}))).await;
    assert_eq!(renamed.json()["name"], "Ada L.", "cleaned as at a table");
    let refused = with_key(server.addr(), "PUT", "/api/me", &key, Some(&json!({"name": "Bot"}))).await;
    assert_eq!(refused.status, 400, "checked as at a table");

    // Revoking: every old key stops working; the new one is the same player.
    let revoked = with_key(server.addr(), "POST", "/api/me/revoke", &key, Some(&json!({}))).await;
    assert_eq!(revoked.status, 200);
    let new_key = revoked.json()["key"].as_str().expect("a new key").to_owned();
    assert_ne!(new_key, key);
    let old = with_key(server.addr(), "GET", "/api/me", &key, None).await;
    assert_eq!((old.status, old.json()["error"].clone()), (401, json!("unknown-player")));
    let me = with_key(server.addr(), "GET", "/api/me", &new_key, None).await;
    assert_eq!(me.json()["id"], id.as_str());
    assert_eq!(http::get(server.addr(), "/api/me").await.status, 401, "no key, no player");
    server.server.shutdown().await;

    // Only the hash is stored (read once the server let go of its database).
    let sql = "SELECT COUNT(*) FROM player_keys WHERE key_hash = $1";
    assert_eq!(server.store.scalar(sql, &sha256(&new_key)).await, 1);
    assert_eq!(server.store.scalar(sql, &sha256(&key)).await, 0, "the revoked key is gone");
    assert_eq!(server.store.scalar(sql, &new_key).await, 0, "the key itself is nowhere");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_games_lists_the_player_s_tables_their_turn_first_then_finished_games() {
    let server = TestServer::start(catalog::registry()).await;
    let (_, key) = new_player(server.addr(), "Ada").await;

    // A table Ada creates and joins with her key (no name given: hers), against the Easy bot.
    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "easy"}], "join": {"seat": 0}});
    let created = with_key(server.addr(), "POST", "/api/tables", &key, Some(&body)).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    let created = created.json();
    let vs_bot = created["table"]["id"].as_str().expect("id").to_owned();
    assert_eq!(created["table"]["seats"][0]["name"], "Ada");
    // A table of two people where Ada has seat 1, joined with her key, and Bob without one.
    let body = json!({"game": "schotten-totten", "seats": [{}, {}]});
    let two = http::create_table(server.addr(), &body).await;
    let (bob_seat, bob_token) = http::join(server.addr(), &two, "Bob").await;
    assert_eq!(bob_seat, 0);
    let joined = with_key(server.addr(), "POST", &format!("/api/tables/{two}/join"), &key, Some(&json!({}))).await;
    assert_eq!(joined.status, 200, "{}", String::from_utf8_lossy(&joined.body));
    let ada_token = joined.json()["token"].as_str().expect("a seat token").to_owned();
    // A table Ada is not at.
    http::create_table(server.addr(), &json!({"game": "schotten-totten", "seats": [{}, {"bot": "easy"}]})).await;

    let mine = with_key(server.addr(), "GET", "/api/me/tables", &key, None).await.json();
    let playing = mine["playing"].as_array().expect("playing");
    assert_eq!(playing.len(), 2, "{mine}");
    let ids: Vec<&str> = playing.iter().filter_map(|e| e["table"]["id"].as_str()).collect();
    assert!(ids.contains(&vs_bot.as_str()) && ids.contains(&two.as_str()), "{mine}");
    let turns: Vec<bool> = playing.iter().map(|e| e["your_turn"].as_bool().expect("your_turn")).collect();
    assert!(turns.windows(2).all(|w| w[0] >= w[1]), "tables where it is Ada's turn come first: {mine}");
    assert_eq!(mine["your_turn"], turns.iter().filter(|&&t| t).count());
    for entry in playing {
        let seat = entry["seat"].as_u64().expect("seat");
        let to_act = entry["table"]["to_act"].as_array().expect("to_act");
        assert_eq!(entry["your_turn"], to_act.iter().any(|s| s == seat), "{entry}");
    }

    // The seat tokens work as before: Ada and Bob play the two-person table to the end through
    // them, and it moves to Ada's finished games with its result.
    let (ada, bob) = tokio::join!(
        play_to_end(Client::connect(server.addr(), &two, Some(&ada_token)).await, 1),
        play_to_end(Client::connect(server.addr(), &two, Some(&bob_token)).await, 2),
    );
    assert_eq!(ada["table"]["status"], "finished");
    assert_eq!(bob["table"]["status"], "finished");
    let mine = with_key(server.addr(), "GET", "/api/me/tables", &key, None).await.json();
    let playing: Vec<&str> =
        mine["playing"].as_array().expect("playing").iter().filter_map(|e| e["table"]["id"].as_str()).collect();
    assert_eq!(playing, [vs_bot.as_str()], "{mine}");
    let finished = mine["finished"].as_array().expect("finished");
    assert_eq!(finished.len(), 1, "{mine}");
    assert_eq!(finished[0]["table"]["id"], two.as_str());
    assert_eq!(finished[0]["seat"], 1);
    assert!(finished[0]["table"]["outcome"]["places"].is_array(), "with its result: {mine}");
    assert!(finished[0]["table"]["reason"]["code"].is_string(), "and why it ended: {mine}");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_that_belongs_to_no_player_is_refused_and_a_seat_needs_a_name() {
    let server = TestServer::start(catalog::registry()).await;
    let id = http::create_table(server.addr(), &json!({"game": "schotten-totten", "seats": [{}, {}]})).await;
    let unknown =
        with_key(server.addr(), "POST", &format!("/api/tables/{id}/join"), "00ff", Some(&json!({"name": "Ada"}))).await;
    assert_eq!((unknown.status, unknown.json()["error"].clone()), (401, json!("unknown-player")));
    let nameless = http::post(server.addr(), &format!("/api/tables/{id}/join"), &json!({})).await;
    assert_eq!(nameless.status, 400, "without a key a name is needed");
    let (_, key) = {
        let created = http::post(server.addr(), "/api/players", &json!({})).await;
        assert_eq!(created.status, 201);
        let json = created.json();
        assert!(json["player"]["name"].is_null(), "a name is chosen later");
        (json["player"]["id"].as_str().unwrap().to_owned(), json["key"].as_str().unwrap().to_owned())
    };
    let unnamed = with_key(server.addr(), "POST", &format!("/api/tables/{id}/join"), &key, Some(&json!({}))).await;
    assert_eq!(unnamed.status, 400, "a player without a name gives one");
    server.server.shutdown().await;
}

/// The player's feed: one WebSocket that says `turn` whenever one of their seats starts or
/// stops being asked to act; the key goes in the first message, never in the URL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_s_feed_says_when_their_turn_comes_and_goes() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let server = TestServer::start(catalog::registry()).await;
    let (_, key) = new_player(server.addr(), "Ada").await;
    let feed_url = format!("ws://{}/api/me/feed", server.addr());

    // A key that belongs to no one is refused.
    let (mut stranger, _) = tokio_tungstenite::connect_async(&feed_url).await.expect("connects");
    stranger.send(Message::text(json!({"type": "hello", "key": "00ff"}).to_string())).await.expect("send");
    let refused = stranger.next().await.expect("an answer").expect("a message");
    assert!(refused.to_text().expect("text").contains("unknown-player"), "{refused}");

    let (mut feed, _) = tokio_tungstenite::connect_async(&feed_url).await.expect("connects");
    feed.send(Message::text(json!({"type": "hello", "key": key}).to_string())).await.expect("send");
    let ready = tokio::time::timeout(common::ws::WAIT, feed.next()).await.expect("ready in time").expect("open");
    assert_eq!(ready.expect("a message").to_text().expect("text"), r#"{"type":"ready"}"#);

    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "medium"}], "join": {"seat": 0}});
    let created = with_key(server.addr(), "POST", "/api/tables", &key, Some(&body)).await.json();
    let (id, token) =
        (created["table"]["id"].as_str().unwrap().to_owned(), created["token"].as_str().unwrap().to_owned());
    let mut ada = Client::connect(server.addr(), &id, Some(&token)).await;
    let state = ada.state_where(|s| !common::ws::legal(s).is_empty()).await;
    let action = common::ws::legal(&state)[0].clone();
    ada.act_and_wait(&action).await;
    // Ada's move ends her turn: the feed says so (and again when the bot hands it back).
    let turn = tokio::time::timeout(common::ws::WAIT, feed.next()).await.expect("a turn in time").expect("open");
    assert_eq!(turn.expect("a message").to_text().expect("text"), r#"{"type":"turn"}"#);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_device_of_the_player_gets_a_token_of_its_own_for_their_seat() {
    let server = TestServer::start(catalog::registry()).await;
    let (_, key) = new_player(server.addr(), "Ada").await;
    let (_, bob) = new_player(server.addr(), "Bob").await;
    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "medium"}], "join": {"seat": 0}});
    let created = with_key(server.addr(), "POST", "/api/tables", &key, Some(&body)).await.json();
    let (id, first_token) =
        (created["table"]["id"].as_str().unwrap().to_owned(), created["token"].as_str().unwrap().to_owned());

    // The phone (the same key, no seat token) asks for one: a new token for Ada's seat.
    let path = format!("/api/tables/{id}/token");
    let answer = with_key(server.addr(), "POST", &path, &key, Some(&json!({}))).await;
    assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
    let answer = answer.json();
    assert_eq!(answer["seat"], 0);
    let phone_token = answer["token"].as_str().expect("a token").to_owned();
    assert_ne!(phone_token, first_token);

    // The phone plays with it; the first device's token still works.
    let mut phone = Client::connect(server.addr(), &id, Some(&phone_token)).await;
    let state = phone.state_where(|s| !common::ws::legal(s).is_empty()).await;
    assert_eq!(state["you"], 0);
    phone.act_and_wait(&common::ws::legal(&state)[0].clone()).await;
    let mut first = Client::connect(server.addr(), &id, Some(&first_token)).await;
    assert_eq!(first.expect("state").await["you"], 0);

    // Someone else's key gets no token for Ada's seat; no key, no token.
    let refused = with_key(server.addr(), "POST", &path, &bob, Some(&json!({}))).await;
    assert_eq!((refused.status, refused.json()["error"].clone()), (403, json!("not-your-table")));
    assert_eq!(http::post(server.addr(), &path, &json!({})).await.status, 401);
    server.server.shutdown().await;
}
