package oauth

import (
	"encoding/json"
	"fmt"

	"github.com/emersion/go-sasl"
)

// XOAuth2 is the name of Google's and Microsoft's SASL mechanism (OAUTHBEARER,
// RFC 7628, is sasl.OAuthBearer).
const XOAuth2 = "XOAUTH2"

// RefusedError is a server's refusal of a bearer token: both mechanisms
// send it as a challenge carrying a JSON error. The client does not
// answer it: the exchange (and the connection) is abandoned, because
// servers disagree on the dummy answer they expect (Dovecot refuses the
// empty one that Gmail documents).
type RefusedError struct {
	Mechanism string
	Status    string // the JSON's "status", e.g. "401" or "invalid_token"
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s: the server refused the token (status %q)", e.Mechanism, e.Status)
}

// refusal reads a refusal challenge.
func refusal(mech string, challenge []byte) error {
	var body struct {
		Status string `json:"status"`
	}
	_ = json.Unmarshal(challenge, &body)
	return &RefusedError{Mechanism: mech, Status: body.Status}
}

// NewXOAuth2Client is the client side of XOAUTH2: the user and the bearer
// token in the initial response.
func NewXOAuth2Client(username, token string) sasl.Client {
	return xoauth2Client{username, token}
}

type xoauth2Client struct{ username, token string }

func (c xoauth2Client) Start() (string, []byte, error) {
	return XOAuth2, XOAuth2Response(c.username, c.token), nil
}

func (c xoauth2Client) Next(challenge []byte) ([]byte, error) {
	return nil, refusal(XOAuth2, challenge)
}

// XOAuth2Response is XOAUTH2's initial client response.
func XOAuth2Response(username, token string) []byte {
	return []byte("user=" + username + "\x01auth=Bearer " + token + "\x01\x01")
}

// Mechanism picks the SASL mechanism for a server that offers mechs:
// OAUTHBEARER, the standard, when offered; XOAUTH2 otherwise (Outlook
// offers only XOAUTH2, and a server that lists neither is tried with it).
func Mechanism(offered func(mech string) bool) string {
	if offered(sasl.OAuthBearer) {
		return sasl.OAuthBearer
	}
	return XOAuth2
}

// NewClient is the SASL client for mech (XOAuth2 or sasl.OAuthBearer);
// a refusal is a *RefusedError.
func NewClient(mech, username, token, host string, port int) sasl.Client {
	if mech == sasl.OAuthBearer {
		return oauthBearerClient{sasl.NewOAuthBearerClient(&sasl.OAuthBearerOptions{Username: username, Token: token, Host: host, Port: port})}
	}
	return NewXOAuth2Client(username, token)
}

// oauthBearerClient is go-sasl's OAUTHBEARER client with its refusal as a
// *RefusedError.
type oauthBearerClient struct{ sasl.Client }

func (c oauthBearerClient) Next(challenge []byte) ([]byte, error) {
	return nil, refusal(sasl.OAuthBearer, challenge)
}
