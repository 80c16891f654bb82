package record

import "time"

// DoNotMail is an address that asked never to be mailed ("stop").
type DoNotMail struct {
	V  int       `json:"v"`
	At time.Time `json:"at"`
}

// Processed marks a handled Message-ID.
type Processed struct {
	V      int       `json:"v"`
	At     time.Time `json:"at"`
	From   string    `json:"from"`
	Queued int       `json:"queued"` // mails queued in answer
}
