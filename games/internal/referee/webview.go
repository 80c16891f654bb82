package referee

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/variants"
)

// What the read-only web view (package web) reads: a game's page by its
// link, a game's standings, the public games. Each is one view
// transaction; none changes the store.

// GamePage is what a game's web page shows.
type GamePage struct {
	ID          string
	Variant     string
	State       string      // "invited", "playing", "over" or "declined"
	Players     [2]PageSide // index: rules.Side (Black, White)
	Moves       []string    // each move as the variant's notation writes it
	Board       BoardRef    // the position now and the move that led to it
	ToMove      string      // "black" or "white" in a game in progress, "" otherwise
	Deadline    time.Time   // for the move in a game in progress between people; zero otherwise
	DaysPerMove int         // 0: no clock (bot games)
	Result      string      // how it ended ("white wins by checkmate"), "" while it goes on
	Public      bool        // reachable by its plain id (GameLink is always)
	Tournament  string      // the tournament it belongs to, "" if none
	Round       int
	Updated     time.Time

	rec *record.Game // what Document replays
}

// PageSide is a player as the web shows them: never a whole address.
type PageSide struct {
	Shown string // "alice@...", or "the bot (perfect)"
	Bot   bool
}

// PublicGame is one line of the list of public games.
type PublicGame struct {
	ID      string
	Variant string
	Black   string // as PageSide.Shown
	White   string
	State   string
	Result  string
	Updated time.Time
}

// Standing is one row of a game's standings on the web.
type Standing struct {
	Place       int
	Player      string // "alice@...": the local part only, as "standings" shows other players
	Rating, RD  int
	Provisional bool
	Games       int
}

// WebToken is the token of game id's web link: a reply token of the id
// for "web-link", which is no game id, so that no player's key is a
// link's (as the digest's key is made).
func WebToken(secret []byte, id string) string { return keys.Token(secret, "web-link", id) }

// GameLink is the unguessable part of game id's web address,
// "<id>-<token>": whoever has it may look at the game, public or not.
func (s *Store) GameLink(id string) string { return id + "-" + WebToken(s.Secret, id) }

// GamePage reads game id for its web page. token is the token of its link
// (GameLink), or "" for a visit by the plain id, which only a public game
// allows. A game that does not exist, a wrong token and a private game
// give the same ErrNoSuchGame, so that a visitor learns nothing of which.
func (s *Store) GamePage(id, token string) (GamePage, error) {
	tokenOK := token != "" && keys.Match(token, WebToken(s.Secret, id))
	var rec *record.Game
	err := s.View(func(st StoreTx) error {
		if !keys.ValidGameID(id) {
			return nil
		}
		var err error
		rec, _, err = st.Game(id)
		return err
	})
	if err != nil {
		return GamePage{}, fmt.Errorf("game %s: %w", id, err)
	}
	if rec == nil || !tokenOK && (token != "" || !rec.IsPublic()) {
		return GamePage{}, fmt.Errorf("game %s: %w", id, ErrNoSuchGame)
	}
	return gamePage(rec), nil
}

// gamePage is rec as its web page shows it.
func gamePage(rec *record.Game) GamePage {
	p := GamePage{ID: rec.ID, Variant: rec.Variant, State: string(rec.State), DaysPerMove: rec.DaysPerMove,
		Public: rec.IsPublic(), Tournament: rec.Tournament, Round: rec.Round, Updated: rec.Updated, rec: rec,
		Board: BoardRef{Variant: rec.Variant, Position: rec.Position, Status: endStatus(rec.State, rec.Outcome(), rec.Result)}}
	for s, slot := range rec.Players {
		p.Players[s] = PageSide{Shown: shownOnWeb(slot), Bot: slot.Bot}
	}
	for _, m := range rec.Moves {
		p.Moves = append(p.Moves, m.Text)
	}
	if n := len(rec.Moves); n > 0 {
		p.Board.Before, p.Board.Move = rec.Start, rec.Moves[n-1].Text
		if n > 1 {
			p.Board.Before = rec.Moves[n-2].Position
		}
	}
	switch rec.State {
	case record.Playing:
		p.ToMove, p.Deadline = rec.ToMove, rec.Deadline
	case record.Over, record.Declined:
		p.Result = rec.Result
	}
	return p
}

// Document is the game's page as blocks: the status block a mail about
// the game shows someone who does not play in it (the players as others see
// them; the board from Black's side, its title, last move and status;
// the last move, whose move and the deadline, or what happened), the
// tournament line, linked to tournamentURL unless it is "", and the
// record of the moves. kit is the game's (the page's Variant).
func (p GamePage) Document(kit variants.Kit, tournamentURL string) (document.Document, error) {
	if p.rec == nil || kit.Rules == nil || kit.Rules.Name() != p.Variant {
		return document.Document{}, fmt.Errorf("game %s: no game of %s read to show", p.ID, p.Variant)
	}
	lg, err := loadGame(p.rec, nil, kit)
	if err != nil {
		return document.Document{}, fmt.Errorf("game %s: %w", p.ID, err)
	}
	d := document.Document{Blocks: statusBlock(lg, "", viewOf(lg, "", nil))}
	// The page's heading names the game; its first line, the players.
	d.Blocks[0] = document.Para(versus(lg.Rec, "") + ".")
	if p.Tournament != "" {
		line := fmt.Sprintf("Round %d of tournament %s", p.Round, p.Tournament)
		if tournamentURL == "" {
			d.Add(document.Para(line + "."))
		} else {
			d.Add(document.WebLink(line, tournamentURL))
		}
	}
	if len(p.Moves) == 0 {
		d.Add(document.Para("No move yet."))
		return d, nil
	}
	// The record as "history" writes it in a mail.
	d.Add(document.Para("The moves:"), document.Joined(document.Moves(notation.FormatRecord(lg.Kit.Notation, lg.Game))))
	return d, nil
}

// shownOnWeb is the player as the web shows them: the bot and its level,
// or the address's local part ("alice@..."), as the standings show others.
func shownOnWeb(p record.Slot) string {
	if p.Bot {
		return p.Label()
	}
	return keys.Shown(p.Address, "")
}

// PublicGames lists the public games of variant ("" for every game), the
// last changed first, at most limit of them.
func (s *Store) PublicGames(variant string, limit int) ([]PublicGame, error) {
	var list []PublicGame
	err := s.View(func(st StoreTx) error {
		return st.EachGame(func(_ string, g *record.Game, err error) error {
			if err != nil || !g.IsPublic() || variant != "" && g.Variant != variant {
				return nil // a damaged record is the admin's to see (admin games), not the web's
			}
			list = append(list, PublicGame{ID: g.ID, Variant: g.Variant, Black: shownOnWeb(g.Players[0]),
				White: shownOnWeb(g.Players[1]), State: string(g.State), Result: g.Result, Updated: g.Updated})
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("public games: %w", err)
	}
	slices.SortFunc(list, func(a, b PublicGame) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return list[:min(len(list), limit)], nil
}

// Standings reads variant's standings as of now, best first, as many rows
// as "standings" mails (30). A rating that cannot be read is left out.
func (s *Store) Standings(variant string, now time.Time) ([]Standing, error) {
	var rows []standingRow
	err := s.View(func(st StoreTx) error {
		var err error
		rows, err = StandingRows(st, variant, now, func(error) {})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("standings of %s: %w", variant, err)
	}
	var list []Standing
	for i, r := range rows[:min(len(rows), StandingsSize)] {
		list = append(list, Standing{Place: i + 1, Player: keys.Shown(r.Address, ""), Rating: club.Whole(r.R.R),
			RD: club.Whole(r.R.RD), Provisional: r.R.Provisional(), Games: r.Games})
	}
	return list, nil
}

// webURL is the address of game id's web page, the last line of a mail
// about it; "" when the web view has no base URL (Config.WebBaseURL).
func (s *Server) webURL(id string) string {
	base := strings.TrimRight(s.Config.WebBaseURL, "/")
	if base == "" {
		return ""
	}
	return base + "/g/" + s.Store.GameLink(id)
}
