// Package e2e holds windpost's end-to-end tests: real sockets, real mail
// servers (the embedded localmail server always; Postfix and Dovecot from
// scripts/mailstack-up.sh when WINDPOST_E2E_MAILSTACK=1), the real games
// server and rules engines, players that write and read mail like mail
// clients do.
package e2e
