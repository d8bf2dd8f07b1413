-- Issue 34 (DESIGN D16): one lock for every treasury run on a chain, wherever it runs (any app instance, any
-- operator machine sharing the database). A lease row, not a session advisory lock, so it survives a pooler
-- in transaction mode: taken with a conditional upsert, renewed while the run holds it, and free once its
-- expiry passes (a run whose process died frees it by itself). Recording a step checks the lease in the same
-- transaction, so a run that lost it cannot send.
CREATE TABLE "treasury_locks" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Runs the development server starts for the Treasury screen and `npm run treasury` (simulated chain): the
-- request answers at once with the run's id, and the run's progress and result are read here by any instance.
CREATE TABLE "treasury_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"command" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"min" text,
	"status" text NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone NOT NULL,
	CONSTRAINT "treasury_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id")
);
--> statement-breakpoint
-- At most one run of each kind waits to start: a request made while one waits joins it (it starts after the
-- request, so it sees everything the request could have wanted done).
CREATE UNIQUE INDEX "treasury_runs_one_queued" ON "treasury_runs" ("chain_id", "command", "dry_run", coalesce("min", '')) WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "treasury_runs_live_idx" ON "treasury_runs" ("heartbeat_at") WHERE "status" in ('queued', 'running');
--> statement-breakpoint
-- An unmatched transfer out of the treasury stays an alert until an admin explains it (audited note).
ALTER TABLE "treasury_transfers" ADD COLUMN "acknowledged_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "treasury_transfers" ADD COLUMN "acknowledged_by" uuid REFERENCES "public"."users"("id");
--> statement-breakpoint
ALTER TABLE "treasury_transfers" ADD COLUMN "acknowledged_note" text;
