// Package mailer moves windpost's mail: it watches an IMAP inbox (IDLE with
// a polling fallback and a watchdog that reconnects), hands each new mail,
// parsed by package inbound, to the games server in one transaction, files
// the mail away, and sends what the games server left in the outbox over
// SMTP. Package localmail is an embedded IMAP+SMTP server to try it with.
package mailer
