package main

import (
	"context"
	"fmt"
)

// cmdAdmin is filled in by the games work; until then it says so.
func cmdAdmin(ctx context.Context, a *app, args []string) int {
	fmt.Fprintln(a.stderr, "windpost: this command is not built yet")
	return 1
}
