ALTER TABLE "jobs" ADD COLUMN "failure_kind" varchar(16);--> statement-breakpoint
-- Jobs that failed before the column existed: their kind, read once from the messages they were written with.
UPDATE "jobs" SET "failure_kind" = CASE
  WHEN "error" LIKE 'Traitement interrompu%' THEN 'interrupted'
  WHEN "error" LIKE 'Traitement annulé%' THEN 'shutdown'
  WHEN "error" LIKE 'Traitement jamais démarré%' THEN 'never_started'
  WHEN "error" LIKE 'Le traitement a échoué à cause d’une erreur inattendue%' THEN 'unexpected'
  ELSE 'refused' END
WHERE "state" = 'failed';
