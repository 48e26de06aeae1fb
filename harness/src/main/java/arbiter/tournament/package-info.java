/**
 * The coordinator of a run: plans the games, resumes from the log, feeds a game executor with game
 * specs and publishes what comes back as run events to its subscribers (the PDN recorder, standings,
 * the stop policy, progress, reports).
 */
package arbiter.tournament;
