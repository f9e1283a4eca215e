package handlers

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// Answering a request whose body is still arriving.
//
// Many clients write a whole request before they read the response. When
// the API refuses a body it has not read to the end (413, or an error
// found before the body was needed), closing the connection with the rest
// of the body unread makes the server's TCP stack reset the connection;
// the client's writes then fail with ECONNRESET or EPIPE, and the reset
// also discards the answer already sent, so the client never sees the 413.
// net/http only reads 256 KiB of a leftover body itself before it closes.
//
// So the API lingers: it answers with Connection: close, sends the answer
// at once, then reads and discards what is left of the body — of a body
// up to twice MaxBodyBytes in all, for at most lingerTimeout — and only
// then lets the connection close: a client that has finished writing
// finds the answer waiting. A client that announced "Expect: 100-continue"
// is not asked for the body, but what it sends anyway is read alike. A
// body declared larger than that is not read at all, and one that keeps coming is cut off at the bound: such a client
// must read while it writes (as browsers and the SDKs' HTTP stacks do) to
// see the answer.
const lingerTimeout = 10 * time.Second

// smallLeftover is what net/http reads of an unread body itself (its
// maxPostHandlerReadBytes): below it the API need not linger.
const smallLeftover = 256 << 10

// lingerBodyBytes is how much of a refused body the API reads at most.
func (a *API) lingerBodyBytes() int64 { return 2 * a.opts.MaxBodyBytes }

// leftoverBody prepares an error answer (not yet written) to r for a body
// that may not have been read to its end, and returns what must run once
// the answer is written (nil when nothing must): flush it, then discard
// what is left of the body. A 413 always closes the connection; another
// error only when some of the body is left.
func (a *API) leftoverBody(w http.ResponseWriter, r *http.Request, status int) func() {
	if r.ProtoMajor != 1 || r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return nil
	}
	tooLarge := status == http.StatusRequestEntityTooLarge
	// A client that waits for "100 Continue" has not sent the body, and
	// reading it before the answer would ask for it. Once the answer is
	// written nothing asks for it, but the client may send it anyway (RFC
	// 9110 lets it stop waiting): what it sends is read as any leftover.
	expect := strings.EqualFold(r.Header.Get("Expect"), "100-continue")
	if !tooLarge && !expect && r.ContentLength > 0 && r.ContentLength <= smallLeftover {
		return nil // net/http reads a small leftover itself and keeps the connection
	}
	h := w.Header()
	rc := http.NewResponseController(w)
	if r.ContentLength > a.lingerBodyBytes() {
		h.Set("Connection", "close")
		return nil
	}
	// Full duplex: net/http leaves the body alone when the answer is
	// written, so that it can still be read afterwards; the read deadline
	// bounds the wait for a client that stops sending.
	if rc.EnableFullDuplex() != nil || rc.SetReadDeadline(time.Now().Add(lingerTimeout)) != nil {
		h.Set("Connection", "close")
		return nil
	}
	if !tooLarge && !expect {
		// Keep the connection when the body was read to its end after all.
		var probe [1]byte
		n, err := r.Body.Read(probe[:])
		if n == 0 && errors.Is(err, io.EOF) {
			return nil
		}
		if n == 0 {
			h.Set("Connection", "close")
			return nil
		}
	}
	h.Set("Connection", "close")
	limit := a.lingerBodyBytes()
	switch {
	case r.ContentLength > 0:
		limit = r.ContentLength // at most what is left of it
	case tooLarge:
		limit = a.opts.MaxBodyBytes // after the MaxBodyBytes+1 read already
	}
	return func() {
		rc.Flush()
		io.CopyN(io.Discard, r.Body, limit)
	}
}
