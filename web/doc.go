// Package web is windpost's read-only web view: an http.Handler that shows
// each game's page (the board picture the mails show, the record of moves,
// whose move and the deadline; a reload shows the latest), the standings
// of each game, and each tournament's crosstable and pairings.
//
// A game's page and a tournament's tables are the blocks the mails are
// made of (package document): games.GamePage.Document, the status block
// a mail shows someone who does not play the game, and
// games.TournamentView.Tables, the crosstable mail's tables; web renders
// them with document's Fragment (no inline style: style.css styles the
// blocks by class) and words nothing of its own about a game.
//
// It is built with net/http and html/template only, and it only reads:
// GET and HEAD, no forms (but the unsubscribe button, below), no logins,
// no cookies, no script. A game's page
// is reached by its unguessable link, /g/<id>-<token> (games.Store.GameLink,
// which the mails about the game carry), or by /g/<id> once its players
// made it public; a wrong token, an unknown game and a private one are the
// same 404. Every answer carries a Content-Security-Policy that allows
// no script, and Referrer-Policy: no-referrer, so that a game's link does
// not leak to the sites its page links to.
//
// One page is not read-only: /unsubscribe/<key>, the one-click link of an
// invitation's List-Unsubscribe (RFC 8058). Its POST, whose body is
// List-Unsubscribe=One-Click, runs "stop" for the key's holder
// (Handler.Unsubscribe), within a budget per minute; its GET changes
// nothing and shows a button that sends that POST (unsubscribe.go).
//
// Use: Handler{Games: store}, served by NewServer's http.Server (its
// timeouts set) with Serve.
package web
