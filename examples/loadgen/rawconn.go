package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// poster sends one POST and returns the answer's status and body.
type poster interface {
	post(ctx context.Context, path, contentType string, body []byte) (int, []byte, error)
	close()
}

// newPoster returns the cheapest poster for base (the API's base URL): a
// rawConn for plain http, the shared http.Client otherwise.
func newPoster(base string, cl *http.Client) (poster, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" {
		return clientPoster{base, cl}, nil
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), "80")
	}
	return &rawConn{addr: host, host: u.Host, prefix: u.EscapedPath()}, nil
}

// clientPoster posts through an http.Client.
type clientPoster struct {
	base string
	cl   *http.Client
}

func (p clientPoster) post(ctx context.Context, path, contentType string, body []byte) (int, []byte, error) {
	return do(ctx, p.cl, http.MethodPost, p.base+path, contentType, body)
}

func (clientPoster) close() {}

// rawConn is one keep-alive HTTP/1.1 connection used by one goroutine: it
// writes each request from a reused buffer and parses the answer with
// http.ReadResponse. It does what http.Client does for these requests
// without the transport's per-request goroutine handoffs, so that on a
// machine shared with the server the load generator takes as little CPU
// as a C client such as wrk would. A connection that fails or that the
// server closes is dropped and dialled again for the next request; the
// failed request itself is reported, never silently resent.
type rawConn struct {
	addr, host, prefix string
	conn               net.Conn
	br                 *bufio.Reader
	buf                []byte
}

// requestTimeout bounds one request on a raw connection.
const requestTimeout = time.Minute

func (c *rawConn) post(ctx context.Context, path, contentType string, body []byte) (int, []byte, error) {
	// A context already done ends the request before it starts: the
	// deadline set by AfterFunc below runs in a goroutine of its own and
	// could come after a fast answer.
	if err := ctx.Err(); err != nil {
		return 0, nil, fmt.Errorf("POST %s: %w", path, err)
	}
	if c.conn == nil {
		var d net.Dialer
		conn, err := d.DialContext(ctx, "tcp", c.addr)
		if err != nil {
			return 0, nil, err
		}
		c.conn = conn
		if c.br == nil {
			c.br = bufio.NewReaderSize(conn, 16<<10)
		} else {
			c.br.Reset(conn)
		}
	}
	conn := c.conn
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	c.conn.SetDeadline(time.Now().Add(requestTimeout))
	b := append(c.buf[:0], "POST "...)
	b = append(b, c.prefix...)
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, c.host...)
	b = append(b, "\r\nContent-Type: "...)
	b = append(b, contentType...)
	b = append(b, "\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(body)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)
	c.buf = b
	if _, err := c.conn.Write(b); err != nil {
		c.close()
		return 0, nil, fmt.Errorf("POST %s: %w", path, err)
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		c.close()
		return 0, nil, fmt.Errorf("POST %s: %w", path, err)
	}
	out, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.Close {
		c.close()
	}
	if err != nil {
		return 0, nil, fmt.Errorf("POST %s: reading the answer: %w", path, err)
	}
	return resp.StatusCode, out, nil
}

func (c *rawConn) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}
