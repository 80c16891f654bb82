// Package tournament pairs and scores club tournaments: round robins by
// FIDE's Berger tables and Swisses by the Dutch system, with withdrawals,
// forfeits, standings, tie-breaks and crosstables as text. It knows
// players (ids, names, ratings), rounds, pairings, colours and results,
// and nothing of games, mail or the store: the caller keeps a Tournament
// value and asks it for the next round.
//
// # Round robin
//
// BergerTable is FIDE's table (Handbook C.05, Annex 1); for an odd number
// of players the extra pairing number is a round of rest, worth nothing.
// A double round robin plays the table twice, colours reversed in the
// second cycle, with the last two rounds of the first cycle swapped so
// that nobody has one colour three times in a row where the cycles meet.
// Rounds can be paired one at a time (PairNext) or all at once (PairAll).
//
// # Swiss: the Dutch system (FIDE C.04.3), and what is simplified
//
// Implemented:
//   - Ranking by score, then rating (seed); score brackets from the top.
//   - Absolute criteria: no two players meet twice (stricter than FIDE, whose
//     F.2 lets a pairing lost by forfeit be made again: here a pairing counts
//     once made, so that no player is ever sent the same opponent twice); no player's colour difference goes beyond ±2 and
//     nobody has one colour three times in a row (two players with the same
//     absolute preference never meet, with no exception for topscorers);
//     one pairing-allocated bye per player, worth a point, never to a
//     player who already won by forfeit (C.04.1.4), given to the lowest
//     ranked eligible player such that the rest can be paired.
//   - Completion: a bracket's pairing is accepted only if those left
//     over and every lower bracket can still be paired, checked exactly.
//   - Most pairs in each bracket; unpaired players float down to the
//     next bracket and head it, as moved-down players, who are paired first,
//     each with the highest resident they may meet; the remainder is then
//     paired as a homogeneous bracket.
//   - S1 (the top half) against S2 (the bottom half), candidates in the
//     order of S2's transpositions, then exchanges inside S1, then floats;
//     among them the first with the fewest colour preferences not granted,
//     then the fewest strong ones not granted, then the fewest players
//     floating down twice in a row (a bye is a float), as C.04.3's quality
//     criteria order them.
//   - Colour preferences (A.6: absolute, strong, mild) from games played
//     over the board only, and allocation by E.1-E.5 (E.3 reads the played
//     colours back from the latest); the initial colour is White for pairing
//     number 1.
//   - Boards ordered by the higher score, then the sum, then rank.
//
// Simplified: which moved-down players stay unpaired (the limbo) is not
// weighed beyond the search order; of the float criteria only repeated
// downfloats from the round before are weighed (not upfloats, two rounds
// back, or score differences); topscorers have no colour exceptions;
// exchanges are not ordered by the sums of the pairing numbers; the search
// for the best candidate stops after a budget of steps and keeps the best
// found, though a legal pairing is always found when one exists. At most
// 64 players.
//
// # Withdrawals, forfeits and tie-breaks
//
// A withdrawn player is not paired again, and each of their games without a
// result (in a round robin, every game still to come) is lost by forfeit.
// A forfeit scores 1-0 without play: it does not count as a colour played.
// Standings order by points, then Sonneborn-Berger in a round robin
// (forfeits count as results), Buchholz Cut-1 then Buchholz in a Swiss (a
// round not played over the board, bye or forfeit, counts the player's own
// score, as FIDE's dummy opponent does; Cut-1 drops the lowest).
package tournament
