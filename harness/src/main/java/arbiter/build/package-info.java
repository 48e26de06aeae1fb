/**
 * Engines built from source: a git ref checked out into this machine's build cache and built once
 * per commit, with the command of this machine's own config.
 */
package arbiter.build;
