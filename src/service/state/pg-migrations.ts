/**
 * The PostgreSQL schema, as numbered migrations applied in order on start. A migration is never
 * edited once released: a change is a new entry. Tables carry a `bible_` prefix so the service
 * can share a database with others.
 */
export const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE bible_keys (
  id serial PRIMARY KEY,
  prefix text NOT NULL UNIQUE,
  hash text NOT NULL UNIQUE,
  name text NOT NULL,
  scopes text NOT NULL,
  daily integer NOT NULL,
  chat_daily integer NOT NULL,
  chat_monthly integer NOT NULL,
  max_tokens integer NOT NULL,
  created_at text NOT NULL,
  revoked_at text
);
CREATE TABLE bible_usage (
  key_id integer NOT NULL REFERENCES bible_keys(id),
  kind text NOT NULL,
  period text NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key_id, kind, period)
);
CREATE TABLE bible_idempotency (
  key_id integer NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  body text,
  expires_at bigint NOT NULL,
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX bible_idempotency_expiry ON bible_idempotency (expires_at);
`,
  },
  {
    // A chat message against both limits in one call: one round trip holds the rows' locks, so a
    // burst on one key queues for microseconds, not for a client's round trips.
    version: 2,
    sql: `
CREATE FUNCTION bible_take_chat(p_key integer, p_day text, p_month text, p_daily integer, p_monthly integer,
                                OUT daily integer, OUT monthly integer)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bible_usage AS u (key_id, kind, period, count) VALUES (p_key, 'chat-daily', p_day, 1)
    ON CONFLICT (key_id, kind, period) DO UPDATE SET count = u.count + 1 WHERE u.count < p_daily
    RETURNING u.count INTO daily;
  IF daily IS NULL THEN RETURN; END IF;
  INSERT INTO bible_usage AS u (key_id, kind, period, count) VALUES (p_key, 'chat-monthly', p_month, 1)
    ON CONFLICT (key_id, kind, period) DO UPDATE SET count = u.count + 1 WHERE u.count < p_monthly
    RETURNING u.count INTO monthly;
  IF monthly IS NULL THEN
    -- Refused by the month: the day's unit goes back in the same transaction, unseen by others.
    UPDATE bible_usage SET count = count - 1 WHERE key_id = p_key AND kind = 'chat-daily' AND period = p_day;
  END IF;
END $$;
`,
  },
  {
    // n takes of one counter in one call (a node's takes that arrive together): the first
    // `granted` of them succeed, counted old+1 … old+granted; one row lock per batch, not per request.
    version: 3,
    sql: `
CREATE FUNCTION bible_take_n(p_key integer, p_kind text, p_period text, p_n integer, p_limit integer,
                             OUT old integer, OUT granted integer)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bible_usage (key_id, kind, period, count) VALUES (p_key, p_kind, p_period, 0)
    ON CONFLICT (key_id, kind, period) DO NOTHING;
  SELECT count INTO old FROM bible_usage WHERE key_id = p_key AND kind = p_kind AND period = p_period FOR UPDATE;
  granted := LEAST(p_n, GREATEST(p_limit - old, 0));
  IF granted > 0 THEN
    UPDATE bible_usage SET count = old + granted WHERE key_id = p_key AND kind = p_kind AND period = p_period;
  END IF;
END $$;
`,
  },
  {
    // n chat messages in one call (a node's messages on one key that arrive together): the first
    // `granted` of them take a unit of the day and of the month. The rows are locked day first,
    // then month, as bible_take_chat locks them, so nodes of either version never deadlock.
    version: 4,
    sql: `
CREATE FUNCTION bible_take_chat_n(p_key integer, p_day text, p_month text, p_n integer, p_daily integer,
                                  p_monthly integer, OUT old_daily integer, OUT old_monthly integer, OUT granted integer)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bible_usage (key_id, kind, period, count)
    VALUES (p_key, 'chat-daily', p_day, 0), (p_key, 'chat-monthly', p_month, 0)
    ON CONFLICT (key_id, kind, period) DO NOTHING;
  SELECT count INTO old_daily FROM bible_usage
    WHERE key_id = p_key AND kind = 'chat-daily' AND period = p_day FOR UPDATE;
  SELECT count INTO old_monthly FROM bible_usage
    WHERE key_id = p_key AND kind = 'chat-monthly' AND period = p_month FOR UPDATE;
  granted := LEAST(p_n, GREATEST(p_daily - old_daily, 0), GREATEST(p_monthly - old_monthly, 0));
  IF granted > 0 THEN
    UPDATE bible_usage SET count = count + granted WHERE key_id = p_key
      AND ((kind = 'chat-daily' AND period = p_day) OR (kind = 'chat-monthly' AND period = p_month));
  END IF;
END $$;
`,
  },
];

/** Serialises nodes migrating at once (pg_advisory_xact_lock's key: "bible" in ASCII). */
export const MIGRATION_LOCK = 0x6269626c65;
