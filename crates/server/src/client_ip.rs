//! Who a request comes from: the peer's address, or behind a trusted reverse proxy the address
//! the proxy saw.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::api_error::ApiError;
use crate::app::App;

/// The client of a request, for the per-client limits.
pub(crate) struct ClientIp(pub IpAddr);

impl FromRequestParts<App> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .ok_or_else(|| ApiError::internal("the connection's address is unknown"))?;
        if !app.options.behind_proxy {
            return Ok(ClientIp(peer));
        }
        // The proxy appends the address it saw to whatever the client sent: only the last
        // entry is the proxy's word.
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
            .and_then(|last| last.trim().parse::<IpAddr>().ok());
        Ok(ClientIp(forwarded.unwrap_or(peer)))
    }
}
