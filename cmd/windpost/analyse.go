package main

import (
	"context"
	"fmt"
)

// cmdAnalyse is filled in by the microshogi work; until then it says so.
func cmdAnalyse(ctx context.Context, a *app, args []string) int {
	fmt.Fprintln(a.stderr, "windpost: this command is not built yet")
	return 1
}
