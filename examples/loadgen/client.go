package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// newClient is a keep-alive HTTP client sized for c concurrent
// connections, so that the client is not what limits the run.
func newClient(c int) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			MaxIdleConns:        c * 2,
			MaxIdleConnsPerHost: c * 2,
			IdleConnTimeout:     time.Minute,
			DisableCompression:  true,
		},
		Timeout: time.Minute,
	}
}

// apiError is a non-2xx answer.
type apiError struct {
	status int
	body   string
}

func (e *apiError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.status, e.body) }

// do sends one request and reads the whole answer.
func do(ctx context.Context, cl *http.Client, method, url, contentType string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := cl.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// getJSON GETs url into v; a non-200 answer is an *apiError.
func getJSON(ctx context.Context, cl *http.Client, url string, v any) error {
	status, b, err := do(ctx, cl, "GET", url, "", nil)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return &apiError{status, strings.TrimSpace(string(b))}
	}
	return json.Unmarshal(b, v)
}

// percentile returns the p-th percentile (0..100) of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted)-1) * p / 100)
	return sorted[i]
}

func sortedCopy(d []time.Duration) []time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 2, 64) + " ms"
}

// rssKiB reads a local process's resident set size.
func rssKiB(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
		}
	}
	return 0, fmt.Errorf("no VmRSS for process %d", pid)
}
