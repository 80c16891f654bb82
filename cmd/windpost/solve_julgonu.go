package main

import (
	"context"
	"fmt"
)

// solveJulgonu is filled in by the Jul-Gonu work; solve.go dispatches
// "windpost solve julgonu ..." here with the arguments after the game name.
func solveJulgonu(ctx context.Context, a *app, args []string) int {
	fmt.Fprintln(a.stderr, "windpost solve julgonu: not built yet")
	return 1
}
