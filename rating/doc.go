// Package rating is Glicko-2 as Glickman's "Example of the Glicko-2 system"
// (revised March 22, 2022) defines it, with the few bounds a server that
// stores ratings for years needs. It knows nothing of games, players or mail:
// callers keep a Rating per player and game kind and ask System for the next.
//
// The paper's steps: a Rating (r, RD, σ) on the Glicko scale is converted to
// the Glicko-2 scale (μ, φ) with the factor Scale; for one rating period
// the estimated variance v and improvement Δ are summed over its games; the
// new volatility σ' is found by the Illinois algorithm to the tolerance
// 0.000001 (step 5, with the 2022 "≤"); the pre-period deviation grows to
// φ* = √(φ² + σ'²), and the new φ' and μ' are converted back. A player who
// did not play in a period keeps r and σ and only the deviation grows.
// System.Period runs one period of any number of games; System.Tau is the
// paper's τ (zero means 0.5).
//
// Choices where the paper leaves room:
//
//   - Correspondence play rates each game when it ends, as its own rating
//     period of one game (System.Game, System.AgainstAnchor), as Lichess does
//     for all its games: a correspondence game lasts weeks, and a rating
//     that waited for a monthly period would tell players nothing. Time
//     without rated games is a fraction of a period (System.Age, with
//     System.PeriodLength of about 4.67 days, Lichess's 0.21436 periods a day:
//     a typical RD of 60 grows to 110 in a year).
//   - RD never exceeds MaxRD (350, the start) and never falls below MinRD
//     (30, the smallest RD of the paper's example): the deviation of an
//     idle player grows back to that of a new one and no further (step 6's
//     φ* too, so a new player's first game starts from 350, not 350.3), and
//     a rating keeps moving however many games it has. σ stays within
//     [MinSigma, MaxSigma]; MaxSigma is Lichess's 0.1 ("past this it might
//     not stabilize"). r stays within [MinR, MaxR]. None of these bounds is
//     reached by the paper's example.
//   - A rating is provisional while its RD is 110 or more (Lichess's
//     provisionalDeviation, the same comparison): RD already says how much a
//     rating is known, a count of games would not see that twenty games
//     against one opponent say less than twenty against many, nor that an
//     idle year makes a rating uncertain again. A new player leaves it
//     after about ten games against established opponents.
//   - An Anchor is a fixed rating, for the bot levels: a game against one
//     updates only the human (System.AgainstAnchor). Its RD is the
//     opponent's RD of the paper: how well the level's strength is known.
//   - τ is 0.5 unless set, and refused outside [0.1, 2] (the paper finds
//     0.3 to 1.2 sensible): far outside, step 5 would not end or would
//     divide by zero.
//   - Expected is the paper's E(μ, μj, φj): it counts the opponent's RD only,
//     as the update does.
//
// Refused input (a rating out of its bounds, NaN, a score outside 0..1) is a
// *RangeError; nothing here panics or returns NaN or Inf.
package rating
