//! The server's own origins, and the check of a live stream's `Origin`.
//!
//! Seats are held by bearer secrets a page keeps in its own storage, never
//! by cookies, so a page of another site cannot act for anyone's seat: the
//! browser sends it no credential of ours. What such a page can do is make
//! each of its visitors' browsers open a live stream here (it cannot read
//! it, but the stream holds a connection for as long as the page stays
//! open). Browsers name the page's site in `Origin` on every cross-site
//! request and cannot be made to lie about it, so a stream whose `Origin`
//! is not one of this server's is refused. The origins are what the server
//! was configured with (the address it listens on, and any public origins
//! it is reached by through a proxy), never the request's own `Host`, which
//! the request chooses. A request without `Origin` (the page's own streams,
//! which browsers send without one, or a program) is not a cross-site page
//! and is let through; programs are held to the stream budgets instead.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

/// An origin: the scheme, host and port of a site, as a browser's `Origin`
/// header names it (`https://plakoto.example`, `http://127.0.0.1:8080`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteOrigin {
    scheme: String,
    host: String,
    port: u16,
}

impl FromStr for SiteOrigin {
    type Err = String;

    /// Reads `scheme://host[:port]` (a trailing `/` is allowed): the scheme
    /// `http` or `https`, the port its default when left out; letter case
    /// does not matter.
    fn from_str(text: &str) -> Result<SiteOrigin, String> {
        let shown = text.chars().take(80).collect::<String>();
        let fault = |why: &str| {
            format!("origin `{shown}`: {why}; write it as scheme://host[:port], e.g. https://plakoto.example")
        };
        let (scheme, rest) = text.split_once("://").ok_or_else(|| fault("no scheme"))?;
        let scheme = scheme.to_ascii_lowercase();
        let default_port = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            _ => return Err(fault("the scheme must be http or https")),
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.is_empty() {
            return Err(fault("no host"));
        }
        if rest.contains(['/', '?', '#', '@', ' ']) {
            return Err(fault("an origin has no path, query, user or spaces"));
        }
        // The port follows the last colon, unless that colon is inside an
        // IPv6 address's brackets.
        let (host, port) = match rest.rfind(':') {
            Some(i) if !rest[i..].contains(']') => {
                let port =
                    rest[i + 1..].parse::<u16>().map_err(|_| fault("the port is not a number from 0 to 65535"))?;
                (&rest[..i], port)
            }
            _ => (rest, default_port),
        };
        if host.is_empty() {
            return Err(fault("no host"));
        }
        Ok(SiteOrigin { scheme, host: host.to_ascii_lowercase(), port })
    }
}

impl fmt::Display for SiteOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}:{}", self.scheme, self.host, self.port)
    }
}

impl SiteOrigin {
    fn http(host: String, port: u16) -> SiteOrigin {
        SiteOrigin { scheme: "http".into(), host, port }
    }

    /// The origins of a server listening on `addr` itself: its address,
    /// and for a loopback or any-address listener the loopback names too
    /// (`localhost`). Other names it is reached by are public origins.
    pub fn of_listener(addr: SocketAddr) -> Vec<SiteOrigin> {
        let port = addr.port();
        let literal = |ip: IpAddr| match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
        let mut out = Vec::new();
        if !addr.ip().is_unspecified() {
            out.push(SiteOrigin::http(literal(addr.ip()), port));
        }
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            for ip in [IpAddr::V4(Ipv4Addr::LOCALHOST), IpAddr::V6(Ipv6Addr::LOCALHOST)] {
                out.push(SiteOrigin::http(literal(ip), port));
            }
            out.push(SiteOrigin::http("localhost".into(), port));
        }
        out.dedup();
        out
    }
}

/// Is `origin` (an `Origin` header's text) one of `ours`? `null` (a
/// sandboxed page, a file) and anything unreadable are not.
pub fn is_ours(origin: &str, ours: &[SiteOrigin]) -> bool {
    origin.parse::<SiteOrigin>().is_ok_and(|o| ours.contains(&o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_compared_by_scheme_host_and_port() {
        let ours: Vec<SiteOrigin> = vec!["https://Plakoto.example".parse().unwrap()];
        assert!(is_ours("https://plakoto.example", &ours));
        assert!(is_ours("https://plakoto.example:443", &ours));
        assert!(!is_ours("http://plakoto.example", &ours));
        assert!(!is_ours("https://plakoto.example:8443", &ours));
        assert!(!is_ours("https://evil.example", &ours));
        assert!(!is_ours("null", &ours));
        assert!(!is_ours("", &ours));
        let local = SiteOrigin::of_listener("127.0.0.1:8080".parse().unwrap());
        assert!(is_ours("http://127.0.0.1:8080", &local));
        assert!(is_ours("http://localhost:8080", &local));
        assert!(is_ours("http://[::1]:8080", &local));
        assert!(!is_ours("http://localhost:8081", &local));
        let any = SiteOrigin::of_listener("0.0.0.0:80".parse().unwrap());
        assert!(is_ours("http://localhost", &any) && !is_ours("http://0.0.0.0", &any));
    }

    #[test]
    fn a_bad_origin_is_refused_with_its_fault() {
        for (text, why) in [
            ("plakoto.example", "no scheme"),
            ("ftp://plakoto.example", "http or https"),
            ("https://plakoto.example/play", "no path"),
            ("https://plakoto.example:99999", "port"),
            ("https://", "no host"),
            ("https://:80", "no host"),
        ] {
            let e = text.parse::<SiteOrigin>().unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
        assert_eq!("HTTP://[::1]:8080/".parse::<SiteOrigin>().unwrap().to_string(), "http://[::1]:8080");
    }
}
