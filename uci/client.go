package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// ErrEngineGone is wrapped by a Client's errors once the engine's output
// has ended (it quit or crashed).
var ErrEngineGone = errors.New("the engine's output ended")

// Client drives a UCI engine through its input and output.
type Client struct {
	// Name is the engine's "id name", known after Handshake.
	Name  string
	in    io.WriteCloser
	lines chan string
	cmd   *exec.Cmd // nil for an engine that is not a process
	wait  func() error
}

// NewClient returns a client that writes commands to in and reads the
// engine's answers from out. Close closes in.
func NewClient(in io.WriteCloser, out io.Reader) *Client {
	c := &Client{in: in, lines: make(chan string, 256)}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
	}()
	return c
}

// Start runs the engine program name with args and returns its client.
// The process ends with ctx or Close.
func Start(ctx context.Context, name string, args ...string) (*Client, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	c := NewClient(in, out)
	c.cmd = cmd
	c.wait = cmd.Wait
	return c, nil
}

// send writes one command.
func (c *Client) send(format string, args ...any) error {
	if _, err := fmt.Fprintf(c.in, format+"\n", args...); err != nil {
		return fmt.Errorf("engine %s: %w", c.Name, err)
	}
	return nil
}

// readUntil reads lines until one starting with word, passing the others
// to seen (which may be nil), and returns that line.
func (c *Client) readUntil(ctx context.Context, word string, seen func(string)) (string, error) {
	for {
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("engine %s: waiting for %s: %w", c.Name, word, ctx.Err())
		case line, ok := <-c.lines:
			if !ok {
				return "", fmt.Errorf("engine %s: waiting for %s: %w", c.Name, word, ErrEngineGone)
			}
			if f := strings.Fields(line); len(f) > 0 && f[0] == word {
				return line, nil
			}
			if seen != nil {
				seen(line)
			}
		}
	}
}

// Handshake introduces the client ("uci"), sets the variant and the
// options given (name to value), and waits until the engine is ready.
func (c *Client) Handshake(ctx context.Context, variant string, options map[string]string) error {
	if err := c.send("uci"); err != nil {
		return err
	}
	_, err := c.readUntil(ctx, "uciok", func(line string) {
		if n, ok := strings.CutPrefix(line, "id name "); ok {
			c.Name = n
		}
	})
	if err != nil {
		return err
	}
	if err := c.send("setoption name UCI_Variant value %s", variant); err != nil {
		return err
	}
	for name, value := range options {
		if err := c.send("setoption name %s value %s", name, value); err != nil {
			return err
		}
	}
	return c.ready(ctx)
}

func (c *Client) ready(ctx context.Context) error {
	if err := c.send("isready"); err != nil {
		return err
	}
	_, err := c.readUntil(ctx, "readyok", nil)
	return err
}

// NewGame tells the engine a new game begins and waits until it is ready.
func (c *Client) NewGame(ctx context.Context) error {
	if err := c.send("ucinewgame"); err != nil {
		return err
	}
	return c.ready(ctx)
}

// Search is an engine's answer to "go": its move and what its last info
// lines said.
type Search struct {
	BestMove string
	Depth    int    // of the last info line with a score
	Score    string // "cp 31", "mate -2"
	Nodes    int64  // the most any info line said
	Elapsed  time.Duration
}

// Go sends the position (startpos and the moves played, so that the engine
// knows the history) and "go movetime", and waits for the bestmove. A ctx
// that ends first (a timeout) is an error.
func (c *Client) Go(ctx context.Context, moves []string, moveTime time.Duration) (Search, error) {
	return c.goWith(ctx, moves, "movetime "+strconv.FormatInt(moveTime.Milliseconds(), 10))
}

// GoNodes is Go with "go nodes": a fixed number of nodes instead of a
// time, so that a match does not depend on the machine's load.
func (c *Client) GoNodes(ctx context.Context, moves []string, nodes int64) (Search, error) {
	return c.goWith(ctx, moves, "nodes "+strconv.FormatInt(nodes, 10))
}

// goWith sends the position and "go" with limit, and waits for the
// bestmove.
func (c *Client) goWith(ctx context.Context, moves []string, limit string) (Search, error) {
	pos := "position startpos"
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if err := c.send("%s", pos); err != nil {
		return Search{}, err
	}
	start := time.Now()
	if err := c.send("go %s", limit); err != nil {
		return Search{}, err
	}
	var s Search
	line, err := c.readUntil(ctx, "bestmove", func(line string) { s.readInfo(line) })
	s.Elapsed = time.Since(start)
	if err != nil {
		return s, err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return s, fmt.Errorf("engine %s: %q names no move", c.Name, line)
	}
	s.BestMove = f[1]
	return s, nil
}

// readInfo takes depth, score and nodes from an info line.
func (s *Search) readInfo(line string) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return
	}
	var depth int
	var score string
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			depth, _ = strconv.Atoi(f[i+1])
		case "nodes":
			if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil && n > s.Nodes {
				s.Nodes = n
			}
		case "score":
			if i+2 < len(f) {
				score = f[i+1] + " " + f[i+2]
			}
		case "pv":
			i = len(f)
		}
	}
	if score != "" && depth > 0 {
		s.Depth, s.Score = depth, score
	}
}

// Close says "quit", closes the engine's input and, for a process, waits
// for it to end (killing it after two seconds).
func (c *Client) Close() error {
	_ = c.send("quit")
	err := c.in.Close()
	if c.wait == nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- c.wait() }()
	select {
	case err = <-done:
	case <-time.After(2 * time.Second):
		if c.cmd != nil {
			_ = c.cmd.Process.Kill()
		}
		err = <-done
	}
	if err != nil {
		return fmt.Errorf("engine %s: %w", c.Name, err)
	}
	return nil
}

// Client runs e in this process and returns a client talking to it, as if
// it were a program. Close ends it.
func (e *Engine) Client(ctx context.Context) *Client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := e.Run(ctx, inR, outW)
		outW.Close()
		inR.Close()
		done <- err
	}()
	c := NewClient(inW, outR)
	c.wait = func() error { return <-done }
	return c
}

// FairyStockfish returns the path of Debian's fairy-stockfish program: on
// the PATH, or in /usr/games where the package puts it.
func FairyStockfish() (string, error) {
	if p, err := exec.LookPath("fairy-stockfish"); err == nil {
		return p, nil
	}
	p, err := exec.LookPath("/usr/games/fairy-stockfish")
	if err != nil {
		return "", fmt.Errorf("fairy-stockfish is not installed (apt-get install fairy-stockfish): %w", err)
	}
	return p, nil
}
