package record

import (
	"time"

	"github.com/windpost/windpost/games/internal/consent"
)

// Player is a player as the players bucket keeps it.
type Player struct {
	V             int            `json:"v"`
	Address       string         `json:"address"`
	Games         []string       `json:"games,omitempty"`         // every game id, oldest first
	VacationFrom  time.Time      `json:"vacation_from,omitempty"` // when the last vacation began: its days count in that year
	VacationUntil time.Time      `json:"vacation_until,omitempty"`
	VacationDays  map[string]int `json:"vacation_days,omitempty"` // year -> days taken
	ErrorAnswers  consent.Window `json:"error_answers,omitempty"` // within the last hour
	Created       time.Time      `json:"created"`

	// Proven is when the address first answered a windpost mail with its
	// reply key (or confirmed a request): mail it asks for may go to
	// others. Zero: never.
	Proven time.Time `json:"proven,omitempty"`
	// Confirm holds the challenges of a sender not yet proven, waiting
	// for their "confirm"; nil if none.
	Confirm *consent.Confirmation `json:"confirm,omitempty"`
	// Invited is when the player invited an address that never played,
	// within the last day (withdrawn invitations count too).
	Invited consent.Window `json:"invited,omitempty"`
	// InvitedBy is when someone invited the address, within the last
	// hour (invitationsPerHourTo).
	InvitedBy consent.Window `json:"invited_by,omitempty"`
	// Blocked are the addresses that may not challenge the player.
	Blocked []string `json:"blocked,omitempty"`
	// Notify, Remind and Timezone are the player's mail settings
	// (the referee's settings.go); zero values mean the defaults.
	Notify   string          `json:"notify,omitempty"`    // "" or "each"; "digest" sends DigestAt
	DigestAt int             `json:"digest_at,omitempty"` // minutes after local midnight
	Remind   []time.Duration `json:"remind,omitempty"`    // before a deadline, longest first
	Timezone string          `json:"timezone,omitempty"`  // IANA name; "" is UTC
	// Board is the side the player chose to see at the bottom of every
	// board ("board always black"): "black", "white", or "" for their own
	// side (outbox.BoardRef).
	Board string `json:"board,omitempty"`
	// Format is how the player's mails show a game: "" a board (text and
	// picture), or formatAccessible ("format accessible"): in words, for a
	// screen reader or large print (the referee's view.go).
	Format string `json:"format,omitempty"`
	// DigestNext is when the next digest goes (digest.go); DigestEvents
	// the news held for it.
	DigestNext   time.Time     `json:"digest_next,omitempty"`
	DigestEvents []DigestEvent `json:"digest_events,omitempty"`
	// Name is the display name of the player's From, cleaned (cleanName);
	// others see "Name (address)". "" if none was given.
	Name string `json:"name,omitempty"`
}

// OnVacation reports whether the player is on vacation at now: their
// clocks stand still.
func (p *Player) OnVacation(now time.Time) bool { return now.Before(p.VacationUntil) }

// Reminders is the player's reminder schedule, longest first.
func (p *Player) Reminders() []time.Duration {
	if len(p.Remind) == 0 {
		return []time.Duration{ReminderBefore}
	}
	return p.Remind
}

// Location is the player's time zone (UTC if none or unknown).
func (p *Player) Location() *time.Location {
	if p.Timezone == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(p.Timezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// ZoneName is the name of the player's time zone ("UTC" if none).
func (p *Player) ZoneName() string {
	if p.Timezone == "" {
		return "UTC"
	}
	return p.Timezone
}

// DigestEvent is news held for the next digest.
type DigestEvent struct {
	Game string    `json:"game"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}
