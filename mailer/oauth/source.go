package oauth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

// Source gives the access tokens for signing in. It reads the refresh
// token from File on first use, refreshes the access token Early before it
// expires and after Invalidate (a server refused it), and writes each
// refreshed token back to File (providers may rotate the refresh token).
// It is safe for concurrent use: IMAP and every SMTP lane share one.
type Source struct {
	Config *oauth2.Config
	File   TokenFile
	// Early is how long before its expiry an access token is replaced;
	// 0 = one minute.
	Early time.Duration
	// Login is the command that signs in again, named when the provider
	// refuses the refresh token ("windpost oauth login -config F").
	Login string
	Log   *slog.Logger // nil = no logs
	// Now is the time an access token's expiry is judged by; nil =
	// time.Now (tests move it on instead of waiting for a token to age).
	Now func() time.Time

	mu   sync.Mutex
	tok  *oauth2.Token
	told bool // the refused refresh token has been logged
}

// RevokedError is a refresh token the provider refused: it was revoked,
// has expired, or the password changed. Only a new sign-in helps.
type RevokedError struct {
	Code        string // RFC 6749's error code, "invalid_grant"
	Description string
	Login       string // the command to run again
}

func (e *RevokedError) Error() string {
	msg := fmt.Sprintf("oauth: the provider refused the refresh token (%s", e.Code)
	if e.Description != "" {
		msg += ": " + e.Description
	}
	msg += "): it was revoked or has expired; sign in again with `" + e.Login + "`"
	return msg
}

// NotSignedInError says that `oauth login` has not been run yet (it
// wraps ErrNoToken).
type NotSignedInError struct {
	Err   error
	Login string // the command that signs in
}

func (e *NotSignedInError) Error() string {
	return e.Err.Error() + ": sign in once with `" + e.Login + "`"
}

func (e *NotSignedInError) Unwrap() error { return e.Err }

func (s *Source) early() time.Duration {
	if s.Early > 0 {
		return s.Early
	}
	return time.Minute
}

func (s *Source) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Source) log() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Log
}

func (s *Source) login() string {
	if s.Login == "" {
		return "windpost oauth login"
	}
	return s.Login
}

// AccessToken returns an access token that is valid for at least Early,
// refreshing it if needed.
func (s *Source) AccessToken(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok == nil {
		t, err := s.File.Load()
		if err != nil {
			if errors.Is(err, ErrNoToken) {
				return "", &NotSignedInError{Err: err, Login: s.login()}
			}
			return "", err
		}
		s.tok = t
	}
	if s.tok.AccessToken != "" && (s.tok.Expiry.IsZero() || s.tok.Expiry.Sub(s.now()) > s.early()) {
		return s.tok.AccessToken, nil
	}
	t, err := s.Config.TokenSource(ctx, &oauth2.Token{RefreshToken: s.tok.RefreshToken}).Token()
	if err != nil {
		return "", s.refused(err)
	}
	if t.AccessToken == "" {
		return "", fmt.Errorf("oauth: the provider's token endpoint %s gave no access token", s.Config.Endpoint.TokenURL)
	}
	s.tok, s.told = t, false
	if err := s.File.Save(t); err != nil {
		// The token works for now; the next start would refresh again.
		s.log().Warn("could not keep the refreshed OAuth token", "file", string(s.File), "err", err)
	}
	s.log().Debug("oauth access token refreshed", "expires", t.Expiry.Format(time.RFC3339))
	return t.AccessToken, nil
}

// refused turns a failed refresh into the error callers see; a refused
// refresh token is logged once (until a refresh works again), and the file
// is read again next time, in case `oauth login` has been run meanwhile.
func (s *Source) refused(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) || re.ErrorCode != "invalid_grant" {
		return fmt.Errorf("oauth: refresh the access token at %s: %w", s.Config.Endpoint.TokenURL, err)
	}
	rev := &RevokedError{Code: re.ErrorCode, Description: re.ErrorDescription, Login: s.login()}
	s.tok = nil
	if !s.told {
		s.told = true
		s.log().Error(rev.Error())
	}
	return rev
}

// Invalidate forgets the access token after a server refused it; the next
// AccessToken refreshes.
func (s *Source) Invalidate() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok != nil {
		s.tok.AccessToken = ""
	}
}
