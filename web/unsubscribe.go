package web

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/windpost/windpost/games"
)

// The one-click unsubscribe (RFC 8058): an invitation's List-Unsubscribe
// names /unsubscribe/KEY, KEY being the game key its mailto carries. A
// POST whose body is List-Unsubscribe=One-Click (what a mail program's
// button sends, with no cookie or other state) runs "stop" for the key's
// holder (Handler.Unsubscribe) and answers 200 with a short page. A GET
// changes nothing (link scanners follow links): its page explains and
// has a button that sends that POST; it reads no store, so a key of the
// right form shows the button whoever holds it, and only the POST finds
// out. A key that proves nobody gets the same 404 page whatever the
// reason, so that it tells nothing of any address. The POSTs are budgeted per minute, in all and per key; beyond,
// 429 with Retry-After, and the mailto goes on working.

// Unsubscriber runs the one-click unsubscribe: *games.Server.
type Unsubscriber interface {
	Unsubscribe(ctx context.Context, key string) (games.Unsubscribed, error)
}

// DefaultUnsubscribesPerMinute is Handler.UnsubscribesPerMinute's
// default: far above what mail programs send, far below what the store
// could write.
const DefaultUnsubscribesPerMinute = 60

const (
	// unsubscribesPerKey is how many POSTs one key runs in a minute: a
	// mail program may send it twice; more do nothing new.
	unsubscribesPerKey = 2
	// maxUnsubscribeBody is the largest POST body read: the form is 26
	// bytes, 200 or so as multipart/form-data.
	maxUnsubscribeBody = 2 << 10
)

// formSelf is the unsubscribe page's Content-Security-Policy: its button's
// form may post to the site.
var formSelf = strings.Replace(contentPolicy, "form-action 'none'", "form-action 'self'", 1)

// unsubscribeView is an unsubscribe page: what it says, and the button
// when it asks.
type unsubscribeView struct {
	Lines        []string
	Button       bool
	Field, Value string // the button's form field: games.UnsubscribePost
}

// unsubscribePage shows what the button does, and the button; it changes
// nothing.
func (h *Handler) unsubscribePage(w http.ResponseWriter, r *http.Request) {
	if !h.unsubscribeKey(w, r) {
		return
	}
	w.Header().Set("Content-Security-Policy", formSelf)
	field, value, _ := strings.Cut(games.UnsubscribePost, "=")
	h.render(w, http.StatusOK, "unsubscribe.html", page{Title: "Stop windpost's mail", Root: rootOf(r), Body: unsubscribeView{
		Lines: []string{
			"This button stops windpost's mail to the address the mail with this link was sent to, as the word \"stop\" in a reply to it would: " +
				"nobody can invite that address to a game any more, and the challenges waiting for it are declined.",
			"It still gets the mail of the games it plays (so that they are not lost on time) and the answers to the mails it sends.",
		},
		Button: true, Field: field, Value: value}})
}

// unsubscribe runs the one-click POST: the stop of the key's holder.
func (h *Handler) unsubscribe(w http.ResponseWriter, r *http.Request) {
	if !h.unsubscribeKey(w, r) {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUnsubscribeBody)
	field, value, _ := strings.Cut(games.UnsubscribePost, "=")
	err := r.ParseForm() // the body, if urlencoded, into r.PostForm
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && mt == "multipart/form-data" {
		err = r.ParseMultipartForm(maxUnsubscribeBody)
	}
	if err != nil || r.PostForm.Get(field) != value {
		status, why := http.StatusBadRequest, "This request is not a one-click unsubscribe."
		if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
			status, why = http.StatusRequestEntityTooLarge, fmt.Sprintf("This request is larger than %d bytes.", maxUnsubscribeBody)
		}
		h.unsubscribeAnswer(w, r, status, "Not a one-click unsubscribe", why,
			fmt.Sprintf("The link takes a POST whose body is %s (RFC 8058), as a mail program's unsubscribe button or this page's button sends it.", games.UnsubscribePost))
		return
	}
	key := strings.ToLower(r.PathValue("key"))
	if ok, retry := h.posts.take(h.now(), key, h.unsubscribesPerMinute()); !ok {
		w.Header().Set("Retry-After", fmt.Sprint(max(int(retry.Sub(h.now()).Seconds()), 1)))
		h.unsubscribeAnswer(w, r, http.StatusTooManyRequests, "Too many requests",
			"windpost has had too many unsubscribe requests this minute, and did nothing of this one.",
			`Try again in a minute, or reply "stop" to the mail.`)
		return
	}
	done, err := h.Unsubscribe.Unsubscribe(r.Context(), key)
	switch {
	case errors.Is(err, games.ErrUnknownKey):
		h.notValid(w, r)
	case err != nil:
		h.fail(w, "unsubscribe", err)
	default:
		h.unsubscribeAnswer(w, r, http.StatusOK, "Unsubscribed", strings.Split(done.Text, "\n")...)
	}
}

// unsubscribeKey answers 404 when there is no unsubscribe, or r's key has
// not a key's form (the store is not read), and says whether it did not.
func (h *Handler) unsubscribeKey(w http.ResponseWriter, r *http.Request) bool {
	if h.Unsubscribe == nil {
		h.notFound(w, r)
		return false
	}
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	if _, _, ok := games.ParsePlusTag(r.PathValue("key")); !ok {
		h.notValid(w, r)
		return false
	}
	return true
}

// notValid is the one answer to a key that proves nobody, whatever the
// reason: a 404 that tells nothing of any address.
func (h *Handler) notValid(w http.ResponseWriter, r *http.Request) {
	to := "windpost's address"
	if h.BotAddress != "" {
		to = h.BotAddress
	}
	h.unsubscribeAnswer(w, r, http.StatusNotFound, "Link not valid", "This link is not valid (any more).",
		fmt.Sprintf(`To stop windpost's mail, reply "stop" to the mail, or write "stop" to %s from the address.`, to))
}

// unsubscribeAnswer is an unsubscribe page without the button.
func (h *Handler) unsubscribeAnswer(w http.ResponseWriter, r *http.Request, status int, title string, lines ...string) {
	h.render(w, status, "unsubscribe.html", page{Title: title, Root: rootOf(r), Body: unsubscribeView{Lines: lines}})
}

// unsubscribesPerMinute is UnsubscribesPerMinute or its default.
func (h *Handler) unsubscribesPerMinute() int {
	if h.UnsubscribesPerMinute <= 0 {
		return DefaultUnsubscribesPerMinute
	}
	return h.UnsubscribesPerMinute
}

// methods are the methods path takes: GET and HEAD, and POST on an
// unsubscribe link.
func (h *Handler) methods(path string) []string {
	if h.Unsubscribe != nil && strings.HasPrefix(path, "/unsubscribe/") {
		return []string{http.MethodGet, http.MethodHead, http.MethodPost}
	}
	return []string{http.MethodGet, http.MethodHead}
}

// postBudget counts the one-click POSTs run in the current minute, in all
// and per key. A key is counted only when its POST runs, so the map holds
// at most the budget in all.
type postBudget struct {
	mu     sync.Mutex
	minute time.Time
	all    int
	perKey map[string]int
}

// take counts a POST of key at now and says whether it may run, within
// most a minute in all and unsubscribesPerKey for key; if not, retry is
// when the next minute begins.
func (b *postBudget) take(now time.Time, key string, most int) (ok bool, retry time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if minute := now.Truncate(time.Minute); !minute.Equal(b.minute) {
		b.minute, b.all, b.perKey = minute, 0, map[string]int{}
	}
	if b.all >= most || b.perKey[key] >= unsubscribesPerKey {
		return false, b.minute.Add(time.Minute)
	}
	b.all++
	b.perKey[key]++
	return true, time.Time{}
}
