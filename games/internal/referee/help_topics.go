package referee

// The help topics of the verbs: what "help <topic>" answers (helpTopic).

// ratingHelp is "help rating": how ratings work, and how the bot levels'
// ratings were set (botAnchor).
const ratingHelp = `Ratings are Glicko-2 (Glickman's system, as Lichess uses it), one for each
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

// seekHelp is "help seek" (and "help seeks").
const seekHelp = `"seek gufuu days 3" puts an open challenge on the list: anyone may take
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

// joinHelp is "help join".
const joinHelp = `"join s7k3q" plays an open seek: the game begins at once ("seeks" lists
them; "help seek" says more). "join t7k3q" enters a tournament before it
starts ("help tournament" says more).`

// rematchHelp is "help rematch".
const rematchHelp = `"rematch", in reply to a mail about a game that has ended: a new game
against the same opponent, with the colours swapped and the same terms
(the game, the days per move, rated or not). Against the bot it begins
at once. Against a person it is a challenge, which they accept with
"accept", or by writing "rematch" themselves: when you both ask, the game
begins. "rematch g7k3q" names the game. A game still going has no rematch.`

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

// publicHelp is "help public": the web page of a game, and who may see it.
const publicHelp = `When the server's web view is on, each mail about a game ends with a
link to the game's page: the board, the moves, whose move and the
deadline (reload the page to see the latest). The link carries a secret
part, so only those you give it to can open it; nobody can change
anything there. The page shows the players as "alice@...", never a
whole address, and never your messages.
"public" in the game's thread asks for the game to be public: anyone may
then open its page by the game's id alone. Both players must say it (the
page shows both of you); your opponent is asked. "private" from either
player closes it again. Games against the bot are public when you say
it. The games of a tournament are always public.`

// chancesHelp says the thresholds, in the analysis and in "help analysis".
const chancesHelp = "Between estimates, a move that loses 0.2 of the winning chances (from -1,\n" +
	"lost, to +1, won: +1.00 is about +0.35, +3.00 about +0.8) is a mistake;\n" +
	"one that loses 0.3 or more is a blunder."

// conditionalHelp is "help conditional".
const conditionalHelp = `In a game against a person, you may answer your opponent's next moves
ahead of time: after your move, write lines such as
  if K*1a>S then W*2c>N if S*1c>W then K-2b>E     (Gufuu Shogi)
  if K-3b then S-3d if B-2b then G-3d              (Micro-shogi)
  if a4-a3 then b1-b2 if b4-b3 then c1-c2          (Jul-Gonu)
one line for each move of your opponent's you foresee, or the indented
form, a line per reply and the replies that follow indented under it:
  if a4-a3 then b1-b2
     if b4-b3 then c1-c2
     if c4-c3 then d1-d2
  if b4-b3 then a1-a2
Move numbers ("2.a4-a3") are optional. I check every move in the position
it would arise in and show the tree as I read it; a line with an illegal
move is explained and left out, the others stand. When your opponent
plays a move you foresaw, I play your answer at once (at the time their
move arrived) and keep the rest of that line; any other move, a draw
offer or an undo request of theirs clears your conditional moves, and
you are told. Only you see them: not your opponent, the web page or the
game's record. "conditional" (or "if") lists them, "conditional clear"
clears them, new ones replace them. At most 30 lines of 30 moves.`

// exportHelp is "help export".
const exportHelp = `"export" (or "export g7k3q" for another of your games) answers with the
game's record attached as a file, g7k3q.pgn: the players, the date, how it
ended and every move in the game's own notation, in PGN, the form game
programs and databases read; it is plain text, so you can also simply open
it. A Micro-shogi game comes as a second file too, g7k3q.micro.pgn: the same
game in the form of Fairy-Stockfish and the programs built on it. In both,
White is the side that moves first (our Black), as game programs have it,
so "1-0" means Black won. You may
export your games, going on or over; a tournament's organiser may export
the tournament's games. The records name the players by their addresses,
so nobody else may have them ("history" shows anyone the moves).`

// organiserHelp is "help adjudicate" and "help extend".
const organiserHelp = `For the organiser of a tournament, on its games (nobody else may):
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
