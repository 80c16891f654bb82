package main

import (
	"context"
	"fmt"
)

// cmdSolve is filled in by the gufuu work; until then it says so.
func cmdSolve(ctx context.Context, a *app, args []string) int {
	fmt.Fprintln(a.stderr, "windpost: this command is not built yet")
	return 1
}
