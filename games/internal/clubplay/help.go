package clubplay

// The texts of "help <topic>" for club play's verbs, given on their specs
// in package games' table (referee.VerbSpec.Help).

// RatingHelp is "help rating": how ratings work, and how the bot levels'
// ratings were set (botAnchor).
const RatingHelp = `Ratings are Glicko-2 (Glickman's system, as Lichess uses it), one for each
game; everyone starts at 1500 with a deviation (RD, the ± after it) of 350.
A rated game moves its players' ratings when it ends: a win, a draw or a
loss, on time or by resignation too; a challenge declined, withdrawn or
expired does not count. A rating is provisional while its RD is 110 or
more (about ten games against established players end that); the RD grows
again with the time without rated games.
Games between people are rated unless the challenge says "unrated":
"challenge friend@example.org gufuu unrated". Games against the bot are
rated when you ask: "new micro rated". The bot's level then counts as a
fixed rating that no game changes: perfect 2400 (±50), strong 1900 (±100),
Micro-shogi's club 1500 (±100), casual 1000 (±100). These were set by hand
from how the levels do in windpost's own tests (perfect and strong never
give away a win; club lost more than 9 games in 10 to strong in windpost's
matches; casual plays like a beginner), not measured in rated games
against people; they will be measured properly later.
"rating" shows your ratings and their last changes; "standings gufuu" the
table of a game's best rated players.`

// SeekHelp is "help seek" (and "help seeks").
const SeekHelp = `"seek gufuu days 3" puts an open challenge on the list: anyone may take
it up, and the game begins at once. Options, in any order: "days <n>"
(days per move, 7 if not given), "unrated" (a seek is rated unless you
say so), "rating 1400-1700" (only players rated so may join), "as black"
or "as white" (your side; drawn by lot if not given).
Nobody gets mail about your seek until someone joins it; then you both get
the game's first mail. A seek expires after 7 days, and I write to you
once then; "seek cancel s7k3q" withdraws it. You may have 3 seeks open.
"seeks" lists the open seeks of every game ("seeks gufuu": one game's):
each one's id, the player (the first part of their address only), their
rating, the terms, and when it expires. "join s7k3q" plays that seek.
A provisional rating (a ± of 110 or more) counts as anything from the
rating less the ± to the rating plus the ±: 1500 (±350) may join a seek
for 1200-1400, but not one for 1900-2100.`

// JoinHelp is "help join".
const JoinHelp = `"join s7k3q" plays an open seek: the game begins at once ("seeks" lists
them; "help seek" says more). "join t7k3q" enters a tournament before it
starts ("help tournament" says more).`

// TournamentHelp is "help tournament" (verb_tournament.go).
const TournamentHelp = `Tournaments by mail: windpost pairs the rounds, makes the games and mails
the crosstable after every result.
To organise one: "tournament new gufuu swiss rounds 5 days 3 rated name
Autumn Cup" (or "roundrobin" instead of "swiss rounds 5"; unrated unless
you write "rated"; 7 days per move unless you write "days"). The answer
gives its id, e.g. t7k3q. Nobody is invited: tell the players yourself.
To take part: write "join t7k3q" before it starts; "tournament leave
t7k3q" takes you out again. "tournament t7k3q" shows its players, the
pairings and the crosstable; "tournament" alone lists those open.
The organiser starts it with "tournament start t7k3q", in a reply to a
mail of windpost's. A round robin (up to 16 players) plays all its games
at once; a Swiss (up to 64) pairs each round when the one before is done,
never the same two players twice, colours balanced (a lone player gets a
bye, worth a point). Each player gets one mail with all their new games:
for each its id, your colour and opponent, and the board where it is
your move. Reply to it with the game's id before the move ("g7k3q t2");
after the first move, each game goes on in its own thread. A Swiss's
later rounds come inside the crosstable mail.
A start mails each player once (up to 64 mails in a Swiss, 16 in a round
robin); a result or a withdrawal mails each player and the organiser the
crosstable once. That may be more than the 10 mails one mail may cause
otherwise: then the commands after it in the same mail are not run, and
the answer lists them; send them in another mail.
The crosstable ranks by points, then Sonneborn-Berger in a round robin,
Buchholz (Cut-1, then in full) in a Swiss. A loss on time by a player who
never moved counts as a forfeit (+ and - in the table).
"tournament withdraw t7k3q" (in a reply to a mail of windpost's) takes
you out: your games without a result are lost by forfeit, those in
progress end as resigned. The organiser may withdraw a player: "withdraw
bob@example.org t7k3q". Every organiser's action is logged.`

// OrganiserHelp is "help adjudicate" and "help extend".
const OrganiserHelp = `For the organiser of a tournament, on its games (nobody else may):
  adjudicate <game>       end a game now. Gufuu Shogi and Jul-Gonu are
                          solved: the game gets the result its position is
                          worth with perfect play from both sides, the side
                          to move considered ("adjudicate g7k3q"); in
                          Jul-Gonu only when that value is proven with the
                          game's history (no position may repeat).
  adjudicate <game> black|white|draw
                          in Micro-shogi, which is not solved, and in
                          Jul-Gonu when the value is not proven, you decide:
                          name the side that wins, or draw.
  extend <game> <n> days  give the player to move n more days (1 to 30) for
                          this move, e.g. "extend g7k3q 3 days".
After the command you may write why, on the same line
("extend g7k3q 3 days, Bob is in hospital"): both players get a mail saying
what you did and why, and the server keeps a log of every such action.
In a game you play yourself you cannot decide the result or extend your own
move: ask the server's operator. Send these commands in a reply to a mail
windpost sent you: its reply key proves that the mail comes from you.`
