CREATE TABLE "news_counts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "category_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "news_category_name_idx" ON "news" USING btree ("category_name","id");