/**
 * Quoridor: two or four pawns race to the opposite edge while walls slow them down.
 *
 * <p>{@link arbiter.game.quoridor.QuoridorRules} holds the rules as data (board size, walls per
 * player, diagonal jumps, players); {@link arbiter.game.quoridor.QuoridorPosition} is the immutable
 * position; {@link arbiter.game.quoridor.QuoridorMove} the moves. Squares are {@code a1}..{@code i9},
 * files west to east, ranks south to north; White (player 0) starts on e1 and wins on rank 9. A wall
 * is written as its anchor, the north-west square of the four around the wall's centre, plus
 * {@code h} or {@code v}: {@code e3h} separates e3 from e2 and f3 from f2; {@code e3v} separates e3
 * from f3 and e2 from f2. Anchors are therefore files a-h and ranks 2-9 (128 slots on 9x9).
 *
 * <p>The fast path (MoveGenerator) works on cell indices and 64-bit wall-slot sets and checks the
 * path rule for a wall only when the wall cuts a current shortest path.
 */
package arbiter.game.quoridor;
