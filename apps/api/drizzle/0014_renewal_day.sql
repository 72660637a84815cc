-- decisions D10: the day each subscription's next_renewal_date was worked out on (schema.ts, rolled_on),
-- which the bell reads; the rows already there take the latest date on Earth, after every roll made.
ALTER TABLE "subscriptions" ADD COLUMN "rolled_on" date DEFAULT ((now() at time zone 'UTC') + interval '14 hours')::date NOT NULL;