package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// terminalGame is one game at the terminal.
type terminalGame struct {
	a     *app
	kit   variants.Kit
	g     *rules.Game
	bot   bool         // playing against the bot
	level solver.Level // the bot's level
	human rules.Side   // the human's side against the bot
	rng   *rand.Rand
	in    *bufio.Scanner
}

// cmdPlay runs "windpost play <game>": a game at the terminal.
func cmdPlay(ctx context.Context, a *app, args []string) int {
	fs := helpFlags(a, "play")
	vs := fs.String("vs", "bot", "the opponent: bot or human")
	level := fs.String("level", "", "the bot's level (default: its strongest; Gufuu: perfect, strong, casual)")
	as := fs.String("as", "black", "your side against the bot: black (moves first) or white")
	seed := fs.Uint64("seed", 0, "seed of the bot's random choices (default: from the clock)")
	kit, _, code, ok := a.gameArgs(fs, args, 1, nil, "name one game: {games}")
	if !ok {
		return code
	}
	human, ok := rules.ParseSide(strings.ToLower(*as))
	if !ok {
		fmt.Fprintf(a.stderr, "windpost play: --as %q: say black or white\n", *as)
		return 2
	}
	var lvl solver.Level
	switch *vs {
	case "human":
	case "bot":
		if kit.Bot == nil || len(kit.Bot.Levels()) == 0 {
			fmt.Fprintf(a.stderr, "windpost play: %s has no bot yet; use --vs human\n", kit.Rules.Title())
			return 2
		}
		lvl = kit.Bot.Levels()[0]
		if *level != "" {
			lvl = ""
			var names []string
			for _, l := range kit.Bot.Levels() {
				names = append(names, string(l))
				if string(l) == strings.ToLower(*level) {
					lvl = l
				}
			}
			if lvl == "" {
				fmt.Fprintf(a.stderr, "windpost play: %s's bot has no level %q; it plays %s\n", kit.Rules.Title(), *level, strings.Join(names, ", "))
				return 2
			}
		}
	default:
		fmt.Fprintf(a.stderr, "windpost play: --vs %q: say bot or human\n", *vs)
		return 2
	}
	s := *seed
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t := &terminalGame{
		a: a, kit: kit, g: rules.NewGame(kit.Rules), bot: *vs == "bot", level: lvl, human: human,
		rng: rand.New(rand.NewPCG(s, s^0x5851f42d4c957f2d)), in: bufio.NewScanner(a.stdin),
	}
	return t.run(ctx)
}

func (t *terminalGame) out() io.Writer { return t.a.stdout }

// board is the text board of the position, drawn from the human's side
// against the bot (turned half round for White, as windpost's mails are),
// and from Black's side for two players at one keyboard.
func (t *terminalGame) board() string {
	bottom := rules.Black
	if t.bot {
		bottom = t.human
	}
	return t.kit.Notation.BoardFrom(t.g.Position(), bottom)
}

func sideTitle(s rules.Side) string {
	if s == rules.White {
		return "White"
	}
	return "Black"
}

func (t *terminalGame) run(ctx context.Context) int {
	w := t.out()
	fmt.Fprintf(w, "%s", t.kit.Rules.Title())
	if t.bot {
		fmt.Fprintf(w, ": you play %s against the bot (%s).", sideTitle(t.human), t.level)
	} else {
		fmt.Fprint(w, ": two players at one keyboard.")
	}
	fmt.Fprintln(w, " Type help for the commands.")
	fmt.Fprint(w, "\n"+t.board())
	for {
		if err := ctx.Err(); err != nil {
			return 1
		}
		if o := t.g.Outcome(); o.Over() {
			fmt.Fprintf(w, "\nGame over: %s after %d moves.\n", o, t.g.Ply())
			return 0
		}
		side := t.g.Position().ToMove()
		if t.bot && side != t.human {
			m, err := t.kit.Bot.Choose(ctx, t.g, t.level, t.rng)
			if err != nil {
				fmt.Fprintf(t.a.stderr, "windpost play: the bot: %v\n", err)
				return 1
			}
			text := t.kit.Notation.FormatMove(t.g.Position(), m)
			if err := t.g.Play(m); err != nil {
				fmt.Fprintf(t.a.stderr, "windpost play: the bot's move %s: %v\n", text, err)
				return 1
			}
			fmt.Fprintf(w, "\n%d. The bot (%s) plays %s\n\n%s", t.g.Ply(), sideTitle(side), text, t.board())
			continue
		}
		fmt.Fprintf(w, "%s to move (move %d)> ", sideTitle(side), t.g.Ply()+1)
		if !t.in.Scan() {
			fmt.Fprintln(w, "\nBye.")
			return 0
		}
		line := strings.TrimSpace(t.in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "exit", "q":
			fmt.Fprintln(w, "Bye.")
			return 0
		case "help", "?":
			t.help()
		case "moves":
			fmt.Fprintf(w, "Legal moves: %s\n", t.legalMoves())
		case "hint":
			t.hint(ctx)
		case "undo":
			t.undo()
		case "rules":
			fmt.Fprint(w, t.kit.Notation.Rules())
		case "board":
			fmt.Fprint(w, t.board())
		default:
			t.play(line)
		}
	}
}

func (t *terminalGame) help() {
	fmt.Fprint(t.out(), "Type a move in the notation (see 'rules'), or one of:\n"+
		"  moves  the legal moves          hint   the verdict and the best move(s)\n"+
		"  undo   take back your last move board  show the board again\n"+
		"  rules  the rules and notation   quit   leave the game\n")
}

func (t *terminalGame) legalMoves() string {
	var ms []string
	for _, m := range t.g.LegalMoves() {
		ms = append(ms, t.kit.Notation.FormatMove(t.g.Position(), m))
	}
	return strings.Join(ms, " ")
}

func (t *terminalGame) play(text string) {
	w := t.out()
	m, err := t.kit.Notation.ParseMove(t.g.Position(), text)
	if err == nil {
		err = t.g.Play(m)
	}
	if err != nil {
		fmt.Fprintf(w, "%q is not possible: %v\nLegal moves: %s\n", text, err, t.legalMoves())
		return
	}
	fmt.Fprintf(w, "\n%d. %s\n\n%s", t.g.Ply(), t.kit.Notation.FormatMove(t.g.Positions[len(t.g.Positions)-2], m), t.board())
}

func (t *terminalGame) undo() {
	w := t.out()
	n := 1
	if t.bot {
		// Take back the bot's reply too, so that it is the human's turn.
		n = 0
		for i := len(t.g.Positions) - 2; i >= 0; i-- {
			n++
			if t.g.Positions[i].ToMove() == t.human {
				break
			}
		}
		if len(t.g.Moves) < n || t.g.Positions[len(t.g.Positions)-1-n].ToMove() != t.human {
			fmt.Fprintln(w, "There is no move of yours to take back.")
			return
		}
	}
	if len(t.g.Moves) < n {
		fmt.Fprintln(w, "There is no move to take back.")
		return
	}
	for i := 0; i < n; i++ {
		t.g.Undo()
	}
	fmt.Fprintf(w, "Took back %d move(s).\n\n%s", n, t.board())
}

func (t *terminalGame) hint(ctx context.Context) {
	w := t.out()
	if t.kit.Analyst == nil {
		fmt.Fprintln(w, "No analyst for this game.")
		return
	}
	r, err := positionReportOf(ctx, t.kit, t.g)
	if err != nil {
		fmt.Fprintf(w, "No hint: %v\n", err)
		return
	}
	fmt.Fprintf(w, "Verdict: %s (%s).\n", r.Value, r.value.Meaning(r.side))
	var best []string
	for _, m := range r.Moves {
		if m.Value == r.Moves[0].Value {
			best = append(best, m.Move)
		}
	}
	if len(best) > 0 {
		fmt.Fprintf(w, "Best move(s), %s: %s\n", r.Moves[0].Value, strings.Join(best, " "))
	}
}
