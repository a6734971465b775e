//! Health checks for load balancers: `GET /healthz` (the process answers) and `GET /readyz`
//! (this node can serve: the database answers, and among several nodes its heartbeat is fresh
//! and it owns every table it runs).

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::app::App;

/// How long a readiness check waits for the database.
const CHECK: Duration = Duration::from_secs(2);

/// `GET /healthz`: 200 while the process serves HTTP at all.
pub(crate) async fn live() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

/// `GET /readyz`: 200 `{"ready": true}`, or 503 with what is wrong (`problems`).
pub(crate) async fn ready(State(app): State<App>) -> (StatusCode, Json<Value>) {
    let mut problems: Vec<String> = Vec::new();
    if app.stopping() {
        problems.push("the server is stopping".to_owned());
    }
    match tokio::time::timeout(CHECK, app.store.ping()).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => problems.push(format!("the database does not answer: {e}")),
        Err(_) => problems.push(format!("the database did not answer within {CHECK:?}")),
    }
    if let Some(cluster) = &app.cluster
        && problems.is_empty()
    {
        match tokio::time::timeout(CHECK, app.store.registered(cluster.lease)).await {
            Ok(Ok(true)) => {}
            Ok(Ok(false)) => problems.push("this node's heartbeat is older than the lease".to_owned()),
            Ok(Err(e)) => problems.push(format!("could not read this node's heartbeat: {e}")),
            Err(_) => problems.push("the database did not answer in time".to_owned()),
        }
        // The actors first: a table created or taken while the database is read is not judged.
        let before = app.tables.snapshot();
        match tokio::time::timeout(CHECK, app.store.owned()).await {
            Ok(Ok(owned)) => {
                let lost = app.tables.unowned(&before, &owned);
                if lost > 0 {
                    problems.push(format!("{lost} tables this node runs are owned by another node now"));
                }
            }
            Ok(Err(e)) => problems.push(format!("could not read which tables this node owns: {e}")),
            Err(_) => problems.push("the database did not answer in time".to_owned()),
        }
    }
    if problems.is_empty() {
        (StatusCode::OK, Json(json!({"ready": true})))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"ready": false, "problems": problems})))
    }
}
