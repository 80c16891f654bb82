// Package clubplay is club play on top of the referee: open seeks and
// join, tournaments run by the referee (pairings with package tournament,
// the games made, results recorded, crosstables and standings mailed,
// withdrawals), the organiser's commands by mail, and the ratings'
// verbs. Its verbs' specs are in package games' table (builtinVerbs); its
// part of a mail and of the tick are the referee's club hooks, which
// package games' NewServer sets from TournamentResults, CrosstablesDue,
// ExpireSeeks and ForgetInTournaments. The records are internal/club's.
//
// Where things are:
//
//	verb_rating.go rating and standings
//	seek.go        open seeks: the record, ids, the rating range, expiry in the tick
//	verb_seek.go   seek, seek cancel, seeks, join
//	tournament.go  tournaments run by the referee: pairing with package tournament,
//	               the games made, results recorded; tournament_mail.go, tournament_pairing.go:
//	               crosstables, standings and pairings mailed; tournament_withdraw.go
//	verb_tournament.go  tournament new, join, leave, start, withdraw; command_tournament.go reads them
//	verb_organiser.go  the organiser's commands by mail
//	help.go        the texts of "help seek", "join", "tournament", "organiser" and "rating"
package clubplay
