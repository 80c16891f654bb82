// Package outbox is the mail windpost has to send, as the store keeps it:
// each Mail with its document, board and attachments; the queue of
// pending mail and its due index (moves and results before later mail,
// fresh mail before retries); the log of mail sent in the last day, which
// the send limits count; and the hold a limit records. It is read and
// written through a Tx, the outbox's view of a store transaction. What a
// mail says, and to whom, is package games's; sending it is the mailer's.
package outbox
