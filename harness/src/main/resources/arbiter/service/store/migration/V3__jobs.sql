-- Job kinds beyond a match, and bad workers (issue 34). One SQL for H2 and PostgreSQL: plain types only.

-- Per task: games its worker's engines lost by a crash (a crash, a stalled connection or an illegal
-- move) and on time, as the games' Termination tags say; purged: its games no longer count (its worker
-- was flagged), kept in the record and tagged [Counted "purged"] in the PDN.
ALTER TABLE tasks ADD COLUMN crashes BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE tasks ADD COLUMN time_losses BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE tasks ADD COLUMN purged BOOLEAN DEFAULT FALSE NOT NULL;

-- An SPSA tuning's pairs: each as handed out with a task (theta+ and theta- as played, JSON arrays in
-- the tune block's order; gain: the schedule's iteration index at the hand-out), and once its result
-- came, its place among the applied pairs (from 1), its W-L and theta after its update. A pair handed
-- out again (its lease lost) is a row of its own.
CREATE TABLE spsa_pairs (
    test_id BIGINT NOT NULL REFERENCES tests (id),
    pair_no INTEGER NOT NULL,
    task_id BIGINT NOT NULL REFERENCES tasks (id),
    gain    DOUBLE PRECISION NOT NULL,
    theta_plus  TEXT NOT NULL,
    theta_minus TEXT NOT NULL,
    applied INTEGER,
    result  DOUBLE PRECISION,
    theta   TEXT,
    PRIMARY KEY (test_id, pair_no, task_id)
);
