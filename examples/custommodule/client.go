package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// client is a minimal REST client of the ledger API: JSON in and out,
// signed transactions submitted as BCS.
type client struct {
	base string // e.g. http://127.0.0.1:1234/v1
	hc   *http.Client
}

// apiError is an answer outside 2xx, with the API's error body.
type apiError struct {
	Status int
	Body   ledgerapi.Error
}

func (e *apiError) Error() string {
	return fmt.Sprintf("HTTP %d %s: %s", e.Status, e.Body.ErrorCode, e.Body.Message)
}

type userTransaction struct {
	Type     string `json:"type"`
	Hash     string `json:"hash"`
	Version  string `json:"version"`
	Sender   string `json:"sender"`
	Success  bool   `json:"success"`
	VMStatus string `json:"vm_status"`
	GasUsed  string `json:"gas_used"`
	Payload  struct {
		Type      string            `json:"type"`
		Function  string            `json:"function"`
		Arguments []json.RawMessage `json:"arguments"`
	} `json:"payload"`
	Events []event `json:"events"`
}

type event struct {
	Type           string          `json:"type"`
	SequenceNumber string          `json:"sequence_number"`
	Data           json.RawMessage `json:"data"`
}

type moduleABI struct {
	Address          string `json:"address"`
	Name             string `json:"name"`
	ExposedFunctions []struct {
		Name    string   `json:"name"`
		IsEntry bool     `json:"is_entry"`
		IsView  bool     `json:"is_view"`
		Params  []string `json:"params"`
		Return  []string `json:"return"`
	} `json:"exposed_functions"`
	Structs []struct {
		Name      string   `json:"name"`
		IsEvent   bool     `json:"is_event"`
		Abilities []string `json:"abilities"`
		Fields    []struct {
			Name string `json:"name"`
			Type string `json:"type"`
		} `json:"fields"`
	} `json:"structs"`
}

type viewRequest struct {
	Function      string   `json:"function"`
	TypeArguments []string `json:"type_arguments"`
	Arguments     []any    `json:"arguments"`
}

// do sends one request and decodes a 2xx JSON answer into out.
func (c *client) do(ctx context.Context, method, path, contentType string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", ledgerapi.ContentTypeJSON)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		e := &apiError{Status: resp.StatusCode}
		if err := json.Unmarshal(b, &e.Body); err != nil {
			e.Body.Message = string(b)
		}
		return e
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: %w in %.200s", method, path, err, b)
	}
	return nil
}

func (c *client) get(ctx context.Context, path string, out any) error {
	return c.do(ctx, http.MethodGet, path, "", nil, out)
}

func (c *client) post(ctx context.Context, path string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodPost, path, ledgerapi.ContentTypeJSON, b, out)
}

// signCall is the payload of 0xcafe::guestbook::sign(message): the
// arguments after the signer, each as BCS.
func signCall(message string) txn.TransactionPayload {
	return vmstub.EntryPayload(guestbookAddr, "guestbook", "sign", nil, vmstub.StringValue(message))
}

// submit builds a transaction of payload from signer's current sequence
// number and the ledger's chain id, signs it and submits its BCS. It
// returns the hash, checked against the one computed locally.
func (c *client) submit(ctx context.Context, signer vmstub.DevAccount, payload txn.TransactionPayload) (string, error) {
	var info struct {
		ChainID uint8 `json:"chain_id"`
	}
	if err := c.get(ctx, "", &info); err != nil {
		return "", fmt.Errorf("ledger info: %w", err)
	}
	var acct struct {
		SequenceNumber ledgerapi.U64 `json:"sequence_number"`
	}
	if err := c.get(ctx, "/accounts/"+signer.Address.String(), &acct); err != nil {
		return "", fmt.Errorf("account: %w", err)
	}
	raw := txn.RawTransaction{
		Sender: signer.Address, SequenceNumber: uint64(acct.SequenceNumber), Payload: payload,
		MaxGasAmount: 10_000, GasUnitPrice: 100, ChainID: info.ChainID,
		ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()),
	}
	signed := signer.Sign(raw).Bytes()
	var pending struct {
		Hash string `json:"hash"`
	}
	if err := c.do(ctx, http.MethodPost, "/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, signed, &pending); err != nil {
		return "", err
	}
	if want := txn.UserTransactionHash(signed).String(); pending.Hash != want {
		return "", fmt.Errorf("the node answered hash %s, the client computed %s", pending.Hash, want)
	}
	return pending.Hash, nil
}

// wait long-polls wait_by_hash until the transaction is committed (the
// endpoint answers the pending transaction when its own wait runs out).
func (c *client) wait(ctx context.Context, hash string) (*userTransaction, error) {
	for {
		var tx userTransaction
		if err := c.get(ctx, "/transactions/wait_by_hash/"+hash, &tx); err != nil {
			return nil, fmt.Errorf("wait %s: %w", hash, err)
		}
		if tx.Type == "user_transaction" {
			return &tx, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("wait %s: still %s: %w", hash, tx.Type, err)
		}
	}
}
