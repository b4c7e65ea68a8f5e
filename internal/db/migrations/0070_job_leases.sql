-- Each background job runs on one instance at a time (docs/deploy.md
-- section 10, "Background jobs"): an instance holds a job while its lease
-- is unexpired and renews it; another takes it only once it has expired,
-- so a killed holder hands its jobs over within the lease's length. Times
-- are Unix milliseconds, compared the same way on both engines.
CREATE TABLE job_leases (
    job TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    -- how many times the lease changed hands; each taking is one row of
    -- job_lease_history
    epoch BIGINT NOT NULL,
    taken_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

-- Who held each job when: one row per taking, its end moved on at each
-- renewal. Two rows of one job never overlap.
CREATE TABLE job_lease_history (
    id {{ID}},
    job TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    holder TEXT NOT NULL,
    taken_ms BIGINT NOT NULL,
    until_ms BIGINT NOT NULL,
    UNIQUE (job, epoch)
);
CREATE INDEX job_lease_history_taken ON job_lease_history (taken_ms);
