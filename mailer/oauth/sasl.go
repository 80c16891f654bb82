package oauth

import (
	"github.com/emersion/go-sasl"
)

// XOAuth2 is the name of Google's and Microsoft's SASL mechanism (OAUTHBEARER,
// RFC 7628, is sasl.OAuthBearer).
const XOAuth2 = "XOAUTH2"

// NewXOAuth2Client is the client side of XOAUTH2: the user and the bearer
// token in the initial response. A refusal comes as a challenge (a JSON
// error) that is answered with an empty response, after which the server
// says NO.
func NewXOAuth2Client(username, token string) sasl.Client {
	return xoauth2Client{username, token}
}

type xoauth2Client struct{ username, token string }

func (c xoauth2Client) Start() (string, []byte, error) {
	return XOAuth2, XOAuth2Response(c.username, c.token), nil
}

func (c xoauth2Client) Next([]byte) ([]byte, error) { return []byte{}, nil }

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

// NewClient is the SASL client for mech (XOAuth2 or sasl.OAuthBearer).
func NewClient(mech, username, token, host string, port int) sasl.Client {
	if mech == sasl.OAuthBearer {
		return oauthBearerClient{sasl.NewOAuthBearerClient(&sasl.OAuthBearerOptions{Username: username, Token: token, Host: host, Port: port})}
	}
	return NewXOAuth2Client(username, token)
}

// oauthBearerClient answers a refusal (the server's JSON error challenge)
// with RFC 7628's dummy response ^A, so that the server ends the exchange
// with its NO (go-sasl's client returns an error instead, which would
// leave the server waiting).
type oauthBearerClient struct{ sasl.Client }

func (c oauthBearerClient) Next([]byte) ([]byte, error) { return []byte{0x01}, nil }
