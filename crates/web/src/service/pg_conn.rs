//! Connections to PostgreSQL: the URL read with this program's timeouts,
//! TLS when the URL asks for it, the pool's connection manager, and which
//! errors mean that the database does not answer (rather than that it
//! refused a statement).
//!
//! The pool is r2d2's: connections are opened on demand up to a bound,
//! each tested with an empty query when taken (so one left broken by a
//! restart of the server is replaced, not used), and a caller waits a
//! bounded time for one.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use postgres::config::{Host, SslMode};
use postgres::types::ToSql;
use postgres::{Client, Config, NoTls, Row, Statement};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::store::StoreError;

/// Longest a new connection may take to be made (unless the URL says).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Longest a statement may run on the server (it cancels it after).
const STATEMENT_TIMEOUT_MS: u32 = 10_000;
/// Longest sent data may stay unacknowledged before the connection is
/// given up (a server gone without closing it), unless the URL says.
const TCP_USER_TIMEOUT: Duration = Duration::from_secs(10);

/// A PostgreSQL database: how to connect to it, and its name for people.
pub struct Db {
    config: Config,
    /// TLS, when the URL asked for it (`sslmode=prefer` or `require`).
    tls: Option<MakeRustlsConnect>,
    /// `host:port/database`: what messages name (never a password).
    pub name: String,
}

impl Db {
    /// Reads `url` (`postgres://user@host:port/db?…`): this program's
    /// timeouts where the URL sets none, TLS as `sslmode` asks.
    pub fn parse(url: &str) -> Result<Db, StoreError> {
        // (The parser's errors quote no part of the URL, so no password.)
        let mut config: Config =
            url.parse().map_err(|e| StoreError::Failed(format!("the database URL cannot be read: {}", chain(&e))))?;
        let name = name(&config);
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_tcp_user_timeout().is_none() {
            config.tcp_user_timeout(TCP_USER_TIMEOUT);
        }
        let timeout = format!("-c statement_timeout={STATEMENT_TIMEOUT_MS}");
        let options = match config.get_options() {
            Some(o) if o.contains("statement_timeout") => o.to_string(),
            Some(o) => format!("{o} {timeout}"),
            None => timeout,
        };
        config.options(&options);
        // Without `sslmode` in the URL, no TLS, as before TLS was offered
        // (the parser's default, `prefer`, would try TLS first).
        let asked = url.contains("sslmode=");
        let tls = if !asked || matches!(config.get_ssl_mode(), SslMode::Disable) {
            config.ssl_mode(SslMode::Disable);
            None
        } else {
            Some(rustls(&name)?)
        };
        Ok(Db { config, tls, name })
    }

    /// A new connection.
    pub fn connect(&self) -> Result<Client, postgres::Error> {
        match &self.tls {
            Some(tls) => self.config.connect(tls.clone()),
            None => self.config.connect(NoTls),
        }
    }

    /// `e`, met while doing `what`, as a store error: the database is
    /// unavailable when it did not answer, else it failed.
    pub fn error(&self, what: &str, e: &postgres::Error) -> StoreError {
        if unavailable(e) {
            StoreError::Unavailable { database: self.name.clone(), why: format!("{what}: {}", chain(e)) }
        } else {
            StoreError::Failed(format!("{what} ({}): {}", self.name, chain(e)))
        }
    }
}

/// An error with its causes (the client's own words are often just
/// "error connecting to server" or "db error").
fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text
}

/// `host:port/database` of a config.
fn name(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(Host::Unix(p)) => p.display().to_string(),
        None => "localhost".to_string(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config.get_dbname().or(config.get_user()).unwrap_or("postgres");
    format!("{host}:{port}/{db}")
}

/// TLS by rustls: the server's certificate is checked against the
/// system's trusted certificates and the host name (stricter than libpq's
/// `require`, which takes any certificate: a private CA is added to the
/// system's store).
fn rustls(name: &str) -> Result<MakeRustlsConnect, StoreError> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| StoreError::Failed(format!("TLS for the database {name}: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(MakeRustlsConnect::new(config))
}

/// Does `e` say that the database did not answer (down, restarting, out
/// of reach, too busy), so that the same request may succeed later?
pub fn unavailable(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    if let Some(code) = e.code() {
        // Connection exceptions; shut down by an administrator or a crash;
        // starting up; too many connections; a statement timed out.
        let c = code.code();
        return c.starts_with("08") || matches!(c, "57P01" | "57P02" | "57P03" | "53300" | "57014");
    }
    // No answer at all: an I/O error or a timeout on the way.
    std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>())
}

/// Did `e` leave its connection unusable, so that the statement should be
/// tried again on another? (Not a statement timeout: the server answered,
/// slowly, and would again.)
pub fn broken(e: &postgres::Error, client: &Client) -> bool {
    client.is_closed() || (unavailable(e) && e.code().is_none_or(|c| c.code() != "57014"))
}

/// A connection and the statements prepared on it: each query is parsed
/// and planned once per connection, and costs one round trip, not two.
pub struct Pooled {
    /// The connection.
    pub client: Client,
    prepared: HashMap<&'static str, Statement>,
}

impl Pooled {
    /// `sql`, prepared on this connection the first time.
    fn statement(&mut self, sql: &'static str) -> Result<Statement, postgres::Error> {
        if let Some(s) = self.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql)?;
        self.prepared.insert(sql, s.clone());
        Ok(s)
    }

    /// Runs `sql` (prepared once), the number of rows it changed.
    pub fn execute(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, postgres::Error> {
        let s = self.statement(sql)?;
        self.client.execute(&s, params)
    }

    /// Runs query `sql` (prepared once), its row if there is one.
    pub fn query_opt(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<Row>, postgres::Error> {
        let s = self.statement(sql)?;
        self.client.query_opt(&s, params)
    }
}

/// A connection's error whose text carries its causes: the pool keeps only
/// the text of the last one, for the error of a caller who waited in vain,
/// and the client's own says just "error connecting to server".
#[derive(Debug)]
pub struct ConnError(postgres::Error);

impl std::fmt::Display for ConnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&chain(&self.0))
    }
}

impl std::error::Error for ConnError {}

/// Makes and checks the pool's connections.
pub struct Manager(pub Arc<Db>);

impl r2d2::ManageConnection for Manager {
    type Connection = Pooled;
    type Error = ConnError;

    fn connect(&self) -> Result<Pooled, ConnError> {
        Ok(Pooled { client: self.0.connect().map_err(ConnError)?, prepared: HashMap::new() })
    }

    /// The check on checkout: one round trip, which a connection broken by
    /// a restart of the server fails.
    fn is_valid(&self, c: &mut Pooled) -> Result<(), ConnError> {
        c.client.simple_query("").map(|_| ()).map_err(ConnError)
    }

    fn has_broken(&self, c: &mut Pooled) -> bool {
        c.client.is_closed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_is_named_by_host_port_and_name_never_with_its_password() {
        let db = Db::parse("postgres://u:secret@db.example:6543/games").unwrap();
        assert_eq!(db.name, "db.example:6543/games");
        assert!(db.tls.is_none(), "no TLS unless the URL asks");
        let db = Db::parse("postgresql://u@h/games?sslmode=require").unwrap();
        assert_eq!(db.name, "h:5432/games");
        assert!(db.tls.is_some());
        assert!(Db::parse("postgres://u@h/games?sslmode=disable").unwrap().tls.is_none());
        let e = Db::parse("postgres://u:secret@h/games?sslmode=sometimes").err().unwrap().to_string();
        assert!(!e.contains("secret") && e.contains("sslmode"), "{e}");
    }

    #[test]
    fn the_timeouts_are_set_unless_the_url_sets_them() {
        let db = Db::parse("postgres://u@h/db").unwrap();
        assert_eq!(db.config.get_connect_timeout(), Some(&CONNECT_TIMEOUT));
        assert!(db.config.get_options().unwrap().contains("statement_timeout=10000"));
        let db = Db::parse("postgres://u@h/db?connect_timeout=9&options=-c%20statement_timeout%3D5").unwrap();
        assert_eq!(db.config.get_connect_timeout(), Some(&Duration::from_secs(9)));
        assert_eq!(db.config.get_options(), Some("-c statement_timeout=5"));
    }
}
