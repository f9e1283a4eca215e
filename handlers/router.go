package handlers

import (
	"net/http"
	"strings"

	"github.com/gorilla/mux"
)

// router matches the route table for ServeHTTP. It matches the decoded
// path segment by segment ({name} matches one non-empty segment, as in
// gorilla/mux), sets the variables with Request.SetPathValue, and tells a
// wrong method (405) from an unknown path (404). Register offers the same
// table to gorilla/mux hosts.
type router struct {
	routes []compiledRoute
}

type compiledRoute struct {
	method   string
	segments []string // literal, or "{name}"
	vars     []int    // indices of the variable segments
	handler  http.Handler
}

// maxSegments bounds the segments of a path the router considers; longer
// paths match no route.
const maxSegments = 8

func newRouter() *router { return &router{} }

func (rt *router) handle(method, path string, h http.Handler) {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if path == "/" {
		segs = nil
	}
	c := compiledRoute{method: method, segments: segs, handler: h}
	for i, s := range segs {
		if strings.HasPrefix(s, "{") {
			c.segments[i] = s[1 : len(s)-1]
			c.vars = append(c.vars, i)
		}
	}
	rt.routes = append(rt.routes, c)
}

// match finds the handler for r. found reports whether some route has the
// path (so that a nil handler means 405 rather than 404).
func (rt *router) match(r *http.Request, path string) (h http.Handler, found bool) {
	var segs [maxSegments]string
	n := 0
	if path != "/" {
		rest := strings.TrimPrefix(path, "/")
		for {
			if n == maxSegments {
				return nil, false
			}
			i := strings.IndexByte(rest, '/')
			if i < 0 {
				segs[n] = rest
				n++
				break
			}
			segs[n] = rest[:i]
			n++
			rest = rest[i+1:]
		}
	}
	for ri := range rt.routes {
		c := &rt.routes[ri]
		if len(c.segments) != n || !c.matches(segs[:n]) {
			continue
		}
		found = true
		if c.method != r.Method {
			continue
		}
		for _, i := range c.vars {
			r.SetPathValue(c.segments[i], segs[i])
		}
		return c.handler, true
	}
	return nil, found
}

func (c *compiledRoute) matches(segs []string) bool {
	v := 0
	for i, s := range segs {
		if v < len(c.vars) && c.vars[v] == i {
			v++
			if s == "" {
				return false
			}
			continue
		}
		if s != c.segments[i] {
			return false
		}
	}
	return true
}

// pathVar returns a path variable set by the API's router, or by gorilla/mux
// when the routes were registered on a host router.
func pathVar(r *http.Request, name string) string {
	if v := r.PathValue(name); v != "" {
		return v
	}
	return mux.Vars(r)[name]
}
