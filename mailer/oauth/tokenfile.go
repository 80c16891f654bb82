package oauth

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/oauth2"
)

// TokenFile is the file that keeps the refresh token (and the last access
// token), readable by its owner only. The default is beside the store:
// "<store path>.oauth.json".
type TokenFile string

// DefaultTokenFile is the token file beside the store at storePath.
func DefaultTokenFile(storePath string) TokenFile { return TokenFile(storePath + ".oauth.json") }

// ErrNoToken says that no sign-in has been made yet.
var ErrNoToken = errors.New("no OAuth token yet")

// Load reads the token. A missing file is ErrNoToken.
func (f TokenFile) Load() (*oauth2.Token, error) {
	data, err := os.ReadFile(string(f))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("oauth token file %s: %w", f, ErrNoToken)
	}
	if err != nil {
		return nil, fmt.Errorf("oauth token file: %w", err)
	}
	var t oauth2.Token
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("oauth token file %s: not a token (%v)", f, err)
	}
	if t.RefreshToken == "" {
		return nil, fmt.Errorf("oauth token file %s: no refresh token in it: %w", f, ErrNoToken)
	}
	return &t, nil
}

// Save writes t with mode 0600, replacing the file in one rename so that
// a crash never leaves half a token.
func (f TokenFile) Save(t *oauth2.Token) error {
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("oauth token file: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(string(f)), filepath.Base(string(f))+".*")
	if err != nil {
		return fmt.Errorf("oauth token file: %w", err)
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file 0600 already; say it for the reader.
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("oauth token file: %w", err)
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("oauth token file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("oauth token file: %w", err)
	}
	if err := os.Rename(tmp.Name(), string(f)); err != nil {
		return fmt.Errorf("oauth token file: %w", err)
	}
	return nil
}
