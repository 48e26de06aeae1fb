-- The test service's schema (arbiter serve). One SQL for H2 and PostgreSQL: plain types only.
-- Times are milliseconds since the epoch (UTC); ids are given by the server, the only writer.

-- One row, locked FOR UPDATE by the running server for its lifetime: a second server is refused.
CREATE TABLE server_lock (
    id     INTEGER PRIMARY KEY,
    holder VARCHAR(200) NOT NULL
);
INSERT INTO server_lock (id, holder) VALUES (1, '');

-- People. role: admin or user. state: active or disabled (issue 34 adds pending accounts and passwords).
CREATE TABLE users (
    id            BIGINT PRIMARY KEY,
    name          VARCHAR(64) NOT NULL UNIQUE,
    role          VARCHAR(16) NOT NULL,
    state         VARCHAR(16) NOT NULL,
    password_hash VARCHAR(255),
    created       BIGINT NOT NULL
);

-- API tokens (kind api: a person's scripts) and worker tokens (kind worker: one machine's workers).
-- Only the SHA-256 of a token is kept; revoked is set when it stops working.
CREATE TABLE tokens (
    id      BIGINT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    kind    VARCHAR(16) NOT NULL,
    label   VARCHAR(100) NOT NULL,
    hash    CHAR(64) NOT NULL UNIQUE,
    created BIGINT NOT NULL,
    revoked BIGINT
);

-- Each start of `arbiter worker --server`: an incarnation holds leases; a restarted worker is a new row.
CREATE TABLE workers (
    id         BIGINT PRIMARY KEY,
    token_id   BIGINT NOT NULL REFERENCES tokens (id),
    machine    VARCHAR(100) NOT NULL,
    version    VARCHAR(40) NOT NULL,
    slots      INTEGER NOT NULL,
    engines    VARCHAR(4000) NOT NULL,
    registered BIGINT NOT NULL
);

-- A test: its definition (the JSON submitted), where it stands, and its counts: those that decide it,
-- and apart those that came in after it stopped (late_). pass: its virtual time in the fair share.
CREATE TABLE tests (
    id           BIGINT PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id),
    name         VARCHAR(200) NOT NULL,
    variant      VARCHAR(64) NOT NULL,
    definition   TEXT NOT NULL,
    state        VARCHAR(16) NOT NULL,
    priority     INTEGER NOT NULL,
    throughput   INTEGER NOT NULL,
    pairs_target INTEGER NOT NULL,
    next_pair    INTEGER NOT NULL,
    pass         DOUBLE PRECISION NOT NULL,
    pairs        BIGINT NOT NULL,
    wins         BIGINT NOT NULL,
    draws        BIGINT NOT NULL,
    losses       BIGINT NOT NULL,
    p0           BIGINT NOT NULL,
    p1           BIGINT NOT NULL,
    p2           BIGINT NOT NULL,
    p3           BIGINT NOT NULL,
    p4           BIGINT NOT NULL,
    late_pairs   BIGINT NOT NULL,
    late_wins    BIGINT NOT NULL,
    late_draws   BIGINT NOT NULL,
    late_losses  BIGINT NOT NULL,
    late_p0      BIGINT NOT NULL,
    late_p1      BIGINT NOT NULL,
    late_p2      BIGINT NOT NULL,
    late_p3      BIGINT NOT NULL,
    late_p4      BIGINT NOT NULL,
    result       VARCHAR(400),
    created      BIGINT NOT NULL,
    updated      BIGINT NOT NULL,
    finished     BIGINT
);
CREATE INDEX tests_state ON tests (state);

-- Pairs of a test handed out once and given back (a lease lost or failed): handed out again first.
CREATE TABLE free_pairs (
    test_id    BIGINT NOT NULL REFERENCES tests (id),
    first_pair INTEGER NOT NULL,
    pairs      INTEGER NOT NULL,
    PRIMARY KEY (test_id, first_pair)
);

-- A chunk of a test's pairs leased to one worker, with that worker's cumulative counts so far.
-- state: leased, done, expired, failed or cancelled; live while the server keeps it in memory.
CREATE TABLE tasks (
    id         BIGINT PRIMARY KEY,
    test_id    BIGINT NOT NULL REFERENCES tests (id),
    worker_id  BIGINT NOT NULL REFERENCES workers (id),
    first_pair INTEGER NOT NULL,
    pair_count INTEGER NOT NULL,
    state      VARCHAR(16) NOT NULL,
    live       BOOLEAN NOT NULL,
    deadline   BIGINT NOT NULL,
    pairs      BIGINT NOT NULL,
    wins       BIGINT NOT NULL,
    draws      BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    p0         BIGINT NOT NULL,
    p1         BIGINT NOT NULL,
    p2         BIGINT NOT NULL,
    p3         BIGINT NOT NULL,
    p4         BIGINT NOT NULL,
    chunks     INTEGER NOT NULL,
    play_ms    BIGINT NOT NULL,
    reason     VARCHAR(400),
    created    BIGINT NOT NULL,
    updated    BIGINT NOT NULL
);
CREATE INDEX tasks_live ON tasks (live);
CREATE INDEX tasks_test ON tasks (test_id);

-- The games of each accepted report, gzipped PDN, in the order of their pairs; after_stop: played
-- after the test had stopped (kept, counted apart).
CREATE TABLE chunks (
    task_id    BIGINT NOT NULL REFERENCES tasks (id),
    seq        INTEGER NOT NULL,
    test_id    BIGINT NOT NULL,
    first_pair INTEGER NOT NULL,
    pairs      INTEGER NOT NULL,
    after_stop BOOLEAN NOT NULL,
    pdn        BYTEA NOT NULL,
    PRIMARY KEY (task_id, seq)
);
CREATE INDEX chunks_test ON chunks (test_id, first_pair);
