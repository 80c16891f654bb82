package main

import (
	"context"
	"fmt"
)

// cmdServe is filled in by the mailer work; until then it says so.
func cmdServe(ctx context.Context, a *app, args []string) int {
	fmt.Fprintln(a.stderr, "windpost: this command is not built yet")
	return 1
}
