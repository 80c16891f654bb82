package localmail

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
)

// TokenChecker decides whether an OAuth bearer token lets username sign
// in (Options.CheckToken); a non-nil error refuses it.
type TokenChecker func(username, token string) error

// The OAuth mechanisms, offered when Options.CheckToken is set.
const (
	mechXOAuth2     = "XOAUTH2"
	mechOAuthBearer = sasl.OAuthBearer
)

// mechanisms are the SASL mechanisms offered: PLAIN, and the OAuth ones
// when tokens can be checked.
func (s *Server) mechanisms() []string {
	if s.opts.CheckToken == nil {
		return []string{sasl.Plain}
	}
	if s.opts.OAuthMechanisms != nil {
		return append([]string{sasl.Plain}, s.opts.OAuthMechanisms...)
	}
	return []string{sasl.Plain, mechXOAuth2, mechOAuthBearer}
}

// bearerServer is the server side of XOAUTH2 or OAUTHBEARER: it reads the
// user and token from the initial response and asks ok; a refusal is sent
// as the mechanism's JSON challenge, and the client's dummy answer is met
// with refused, the protocol's own "authentication failed".
func (s *Server) bearerServer(mech string, ok func(user string) error, refused error) (sasl.Server, error) {
	check := func(user, token string) error {
		name := s.account(user)
		if name == "" || !strings.EqualFold(user, s.Address(name)) {
			return errors.New("unknown account")
		}
		if err := s.opts.CheckToken(s.Address(name), token); err != nil {
			s.log.Debug("oauth token refused", "user", user, "err", err)
			return err
		}
		return ok(s.Address(name))
	}
	switch mech {
	case mechXOAuth2:
		return &xoauth2Server{check: check, refused: refused}, nil
	case mechOAuthBearer:
		inner := sasl.NewOAuthBearerServer(func(o sasl.OAuthBearerOptions) *sasl.OAuthBearerError {
			if check(o.Username, o.Token) != nil {
				return &sasl.OAuthBearerError{Status: "invalid_token", Schemes: "bearer"}
			}
			return nil
		})
		return refusing{inner, refused}, nil
	}
	return nil, refused
}

// refusing gives a SASL server's failure as the protocol's error.
type refusing struct {
	sasl.Server
	refused error
}

func (r refusing) Next(resp []byte) ([]byte, bool, error) {
	if len(resp) == 0 && resp != nil {
		resp = []byte{0} // go-sasl reads resp[0] of the dummy answer
	}
	ch, done, err := r.Server.Next(resp)
	if err != nil {
		return nil, true, r.refused
	}
	return ch, done, nil
}

// xoauth2Server is XOAUTH2 as Google and Microsoft speak it:
// "user=U^Aauth=Bearer T^A^A"; a refusal is a challenge with a JSON error.
type xoauth2Server struct {
	check   func(user, token string) error
	refused error
	failed  bool
}

func (x *xoauth2Server) Next(resp []byte) ([]byte, bool, error) {
	if x.failed {
		return nil, true, x.refused
	}
	if resp == nil {
		return []byte{}, false, nil // ask for the initial response
	}
	var user, token string
	for _, f := range bytes.Split(resp, []byte{1}) {
		k, v, _ := strings.Cut(string(f), "=")
		switch {
		case k == "user":
			user = v
		case k == "auth" && len(v) > 7 && strings.EqualFold(v[:7], "bearer "):
			token = v[7:]
		}
	}
	if user != "" && token != "" && x.check(user, token) == nil {
		return nil, true, nil
	}
	x.failed = true
	ch, _ := json.Marshal(map[string]string{"status": "401", "schemes": "bearer", "scope": "https://mail.google.com/"})
	return ch, false, nil
}

// AuthenticateMechanisms makes imapSession an imapserver.SessionSASL.
func (is *imapSession) AuthenticateMechanisms() []string { return is.s.mechanisms() }

// Authenticate is AUTHENTICATE: PLAIN as LOGIN does, or a bearer token.
func (is *imapSession) Authenticate(mech string) (sasl.Server, error) {
	if mech == sasl.Plain {
		return sasl.NewPlainServer(func(identity, username, password string) error {
			if identity != "" && identity != username {
				return imapserver.ErrAuthFailed
			}
			return is.Login(username, password)
		}), nil
	}
	if is.s.opts.CheckToken == nil {
		return nil, &imap.Error{Type: imap.StatusResponseTypeNo, Text: "SASL mechanism not supported"}
	}
	return is.s.bearerServer(mech, func(addr string) error {
		is.UserSession = imapmemserver.NewUserSession(is.s.users[is.s.account(addr)])
		return nil
	}, imapserver.ErrAuthFailed)
}
