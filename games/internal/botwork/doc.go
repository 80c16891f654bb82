// Package botwork is the bot's part of the store: the queue of mails whose
// answer waits for the bot, in lanes (a sender's canonical address, or a
// lane of games' own such as the strangers'), each lane oldest first, and
// the bot's budgets per hour (an Hour per sender, and one for the games
// unproven senders started). It is read and written through a Tx, the
// bot's view of a store transaction; what waits (a mail's continuation)
// and who gets the bot's next turn are package games's.
package botwork
