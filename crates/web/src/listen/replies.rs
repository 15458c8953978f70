//! The replies the server writes itself, outside the app, in the API's
//! error shape (`{"error": {"code": …, "message": …}}`): the refusal of a
//! connection over the caps, and hyper's answers to a request it could not
//! read (400, 414 URI too long, 431 headers too large), which hyper writes
//! with an empty body and no way to change it.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

use super::Activity;

/// A whole HTTP/1.1 reply carrying an API error, which closes the connection.
fn reply(status: &str, code: &str, message: &str, extra: &str) -> Vec<u8> {
    let body = serde_json::json!({"error": {"code": code, "message": message}}).to_string();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n{extra}\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Tells a refused client why, in the API's error shape, and closes.
pub(super) async fn refuse(mut stream: TcpStream, why: &str) {
    let reply = reply("503 Service Unavailable", "too-many-connections", why, "retry-after: 1\r\n");
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(&reply).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// The reply in the error shape for a reply head hyper wrote itself, if
/// `buf` is one: hyper answers a request it cannot parse with a bare head
/// (a 400, 414 or 431 status, `content-length: 0`, nothing else), and only
/// while the app has no request of this connection in hand. The app's own
/// error replies always have a JSON body, so they never look like this.
fn rewrite(buf: &[u8]) -> Option<Vec<u8>> {
    let head = std::str::from_utf8(buf).ok()?;
    let rest = head.strip_prefix("HTTP/1.1 ").or_else(|| head.strip_prefix("HTTP/1.0 "))?;
    // One head, whole, with no body.
    if head.find("\r\n\r\n")? + 4 != head.len() || !head.to_ascii_lowercase().contains("\r\ncontent-length: 0\r\n") {
        return None;
    }
    let (status, code, message) = match rest.get(..3)? {
        "400" => (
            "400 Bad Request",
            "bad-request",
            "the request is not valid HTTP/1.1: its request line or a header could not be read",
        ),
        "414" => (
            "414 URI Too Long",
            "uri-too-long",
            "the request's address (URI) is too long: at most 65,534 bytes are read",
        ),
        "431" => (
            "431 Request Header Fields Too Large",
            "headers-too-large",
            "the request's head is too large to read: its headers are too long or too many (at most 100)",
        ),
        _ => return None,
    };
    Some(reply(status, code, message, ""))
}

/// A connection's socket as hyper sees it: every write passes through,
/// except hyper's own bare error replies, which go out in the error shape.
pub(super) struct JsonErrorReplies {
    inner: TcpStream,
    activity: Arc<Activity>,
    /// A rewritten reply being written: its bytes, how many are written,
    /// and how many bytes hyper is to be told were written.
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl JsonErrorReplies {
    pub(super) fn new(inner: TcpStream, activity: Arc<Activity>) -> JsonErrorReplies {
        JsonErrorReplies { inner, activity, pending: None }
    }

    /// Writes what is left of a rewritten reply; Ok(n) once all of it is out,
    /// n being what hyper handed over.
    fn drive(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<Option<usize>>> {
        while let Some((bytes, done, _)) = self.pending.as_mut() {
            if *done == bytes.len() {
                let (_, _, told) = self.pending.take().unwrap_or_default();
                return Poll::Ready(Ok(Some(told)));
            }
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &bytes[*done..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *done += n;
        }
        Poll::Ready(Ok(None))
    }
}

impl AsyncRead for JsonErrorReplies {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for JsonErrorReplies {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.pending.is_none()
            && this.activity.in_flight.load(Ordering::SeqCst) == 0
            && let Some(bytes) = rewrite(buf)
        {
            this.pending = Some((bytes, 0, buf.len()));
        }
        if this.pending.is_some() {
            return match ready!(this.drive(cx))? {
                Some(told) => Poll::Ready(Ok(told)),
                None => Poll::Ready(Ok(0)),
            };
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drive(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drive(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn only_hypers_bare_error_heads_are_rewritten() {
        let bare = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: Thu, 01 Jan 2026 00:00:00 GMT\r\n\r\n";
        let out = String::from_utf8(rewrite(bare).unwrap()).unwrap();
        assert!(out.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{out}");
        let body: serde_json::Value = serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        assert_eq!(body["error"]["code"], "uri-too-long");
        // The app's replies, a head with a body, and other statuses pass.
        let app = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 9\r\n\r\n";
        assert!(rewrite(app).is_none());
        assert!(rewrite(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}").is_none());
        assert!(rewrite(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(rewrite(b"{\"error\": 1}").is_none());
    }
}
