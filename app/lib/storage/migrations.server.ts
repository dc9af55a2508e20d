import { sql, SqliteAdapter, type Kysely, type Migration } from "kysely";
import { addMailboxes, fileUnderEveryAddress } from "./address-migration.server";

/** The tables a draw's record lives in: a change to any of them is a change of the record. */
const DRAW_TABLES = ["draws", "draw_rounds"];

/**
 * Triggers that move `draw_changes` on every insert, update and delete of `tables`: the one piece
 * of DDL the two databases write differently. PostgreSQL's trigger function is made the first time.
 */
async function noteDrawChanges(db: Kysely<unknown>, tables: string[], { firstTime }: { firstTime: boolean }) {
  const bump = sql`update draw_changes set version = version + 1 where id = 1`;
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of tables) {
      for (const event of ["insert", "update", "delete"]) {
        await sql`create trigger ${sql.id(`${table}_${event}_noted`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin ${bump}; end`.execute(db);
      }
    }
    return;
  }
  if (firstTime) {
    await sql`create function note_draw_change() returns trigger language plpgsql as $$
      begin update draw_changes set version = version + 1 where id = 1; return null; end $$`.execute(db);
  }
  for (const table of tables) {
    await sql`create trigger ${sql.id(`${table}_noted`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function note_draw_change()`.execute(db);
  }
}

/**
 * Versioned migrations, applied in name order at start-up by Kysely's Migrator, one set for
 * both databases: the schema builder writes each database's own DDL. Never edit one that
 * has shipped; add the next number (docs/operations.md, "Data"). A number below one already run
 * is still applied (open-storage.server.ts): none may depend on a higher number.
 * One piece: the schema's history, read in order; a migration's long work (0017's, 0031's) lives
 * in a module of its own.
 */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_waitlist_outbox_rate_limits": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("waitlist")
        .addColumn("email", "text", (column) => column.primaryKey())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("token", "text", (column) => column.notNull().unique())
        .addColumn("subscribed_at", "bigint", (column) => column.notNull())
        .addColumn("confirmed_at", "bigint")
        .addColumn("unsubscribed_at", "bigint")
        .addColumn("confirm_expires_at", "bigint")
        .addColumn("last_mail_at", "bigint")
        .execute();
      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("recipient", "text", (column) => column.notNull())
        .addColumn("reply_to", "text")
        .addColumn("subject", "text", (column) => column.notNull())
        .addColumn("text_body", "text", (column) => column.notNull())
        .addColumn("html_body", "text", (column) => column.notNull())
        .addColumn("headers", "text", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
        .addColumn("claimed_until", "bigint")
        .addColumn("sent_at", "bigint")
        .addColumn("last_error", "text")
        .execute();
      // The sender's query: unsent rows that are due, oldest first.
      await db.schema.createIndex("outbox_due").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("window_start", "bigint", (column) => column.notNull())
        .addColumn("count", "integer", (column) => column.notNull())
        .execute();
    },
  },
  "0002_contact_messages": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("contact_messages")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("message", "text", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .execute();
    },
  },
  "0003_draws": {
    async up(db: Kysely<unknown>) {
      // One row per month's draw, written when its seed is committed; the freeze fills the rest.
      await db.schema
        .createTable("draws")
        .addColumn("draw_at", "bigint", (column) => column.primaryKey())
        .addColumn("seed", "text", (column) => column.notNull())
        .addColumn("commitment", "text", (column) => column.notNull())
        .addColumn("committed_at", "bigint", (column) => column.notNull())
        .addColumn("frozen_at", "bigint")
        .addColumn("list_text", "text")
        .addColumn("list_hash", "text")
        .addColumn("entry_count", "integer")
        .addColumn("list_names", "text")
        .addColumn("from_sample", "integer")
        .execute();
      // Round 0 is the draw, then one row per redraw; the key refuses a round drawn twice.
      await db.schema
        .createTable("draw_rounds")
        .addColumn("draw_at", "bigint", (column) => column.notNull().references("draws.draw_at"))
        .addColumn("round", "integer", (column) => column.notNull())
        .addColumn("beacon_round", "bigint", (column) => column.notNull())
        .addColumn("beacon", "text", (column) => column.notNull())
        .addColumn("winner_index", "integer", (column) => column.notNull())
        .addColumn("attempts", "integer", (column) => column.notNull())
        .addColumn("winner_id", "text", (column) => column.notNull())
        .addColumn("winner_name", "text", (column) => column.notNull())
        .addColumn("drawn_at", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("draw_rounds_pk", ["draw_at", "round"])
        .execute();
    },
  },
  "0004_waitlist_expiry_index": {
    async up(db: Kysely<unknown>) {
      // The sweep's and the export's delete of expired links: without it each one read the
      // whole list.
      await db.schema
        .createIndex("waitlist_pending_expiry")
        .on("waitlist")
        .columns(["status", "confirm_expires_at"])
        .execute();
    },
  },
  "0005_outbox_gave_up": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("outbox").addColumn("gave_up_at", "bigint").execute();
    },
  },
  "0006_outbox_gave_up_index": {
    async up(db: Kysely<unknown>) {
      // /healthz counts the mails given up: without it each report read the whole outbox, which
      // keeps 30 days of sent mail. Partial, so the queries for mail still to send keep outbox_due.
      await db.schema
        .createIndex("outbox_gave_up")
        .on("outbox")
        .column("gave_up_at")
        .where(sql.ref("gave_up_at"), "is not", null)
        .execute();
    },
  },
  "0007_draw_round_signatures": {
    async up(db: Kysely<unknown>) {
      // The proof of each round's value (docs/draw.md, "The public value"), and whether it was
      // checked against a rehearsal key: such a record is marked wherever it is shown.
      await db.schema.alterTable("draw_rounds").addColumn("beacon_signature", "text").execute();
      await db.schema
        .alterTable("draw_rounds")
        .addColumn("rehearsal", "integer", (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
  "0008_site_secrets": {
    async up(db: Kysely<unknown>) {
      // Secrets the server makes itself when none is configured, shared by every replica
      // (docs/operations.md, "Configuration": FORM_SECRET).
      await db.schema
        .createTable("site_secrets")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
    },
  },
  "0009_draw_winner_details": {
    async up(db: Kysely<unknown>) {
      // What a real winner's card shows besides the name (docs/product.md, "Winners"): the
      // country each entry gave at the freeze, the winner's, and when the prize was delivered.
      await db.schema.alterTable("draws").addColumn("list_countries", "text").execute();
      await db.schema.alterTable("draws").addColumn("claimed_at", "bigint").execute();
      await db.schema.alterTable("draw_rounds").addColumn("winner_country", "text").execute();
    },
  },
  "0010_draw_erasure": {
    async up(db: Kysely<unknown>) {
      // When a draw's participation data was erased, 12 months after it (the privacy page's
      // "Cuánto tiempo los guardamos"): its list and winners' names go, the proof stays.
      await db.schema.alterTable("draws").addColumn("erased_at", "bigint").execute();
    },
  },
  "0011_survey_notices": {
    async up(db: Kysely<unknown>) {
      // One row per survey announced to the waitlist, and one per address told of it: the key
      // is what makes a notice reach each address once, whatever runs it and however often.
      await db.schema
        .createTable("survey_notices")
        .addColumn("survey_url", "text", (column) => column.primaryKey())
        .addColumn("started_at", "bigint", (column) => column.notNull())
        .addColumn("queued", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_slot_at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("survey_notice_recipients")
        .addColumn("survey_url", "text", (column) => column.notNull().references("survey_notices.survey_url"))
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("outbox_id", "text", (column) => column.notNull())
        .addColumn("queued_at", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("survey_notice_recipients_pk", ["survey_url", "email"])
        .execute();
    },
  },
  "0012_draw_entry_window": {
    async up(db: Kysely<unknown>) {
      // The sheet rows a freeze left out, published with the record (docs/draw.md, "The
      // month's entries"): dated outside the draw's window, or with a date that cannot be read.
      await db.schema.alterTable("draws").addColumn("outside_window", "integer").execute();
      await db.schema.alterTable("draws").addColumn("unreadable_dates", "integer").execute();
    },
  },
  "0013_draw_witnesses": {
    async up(db: Kysely<unknown>) {
      // The statements time-stamp authorities witness, as they were stamped, and each
      // authority's token over each (docs/draw.md, "Witnesses"): kept as long as the record,
      // since they hold hashes, counts and dates only.
      await db.schema.alterTable("draws").addColumn("commitment_statement", "text").execute();
      await db.schema.alterTable("draws").addColumn("list_statement", "text").execute();
      await db.schema
        .createTable("draw_witnesses")
        .addColumn("draw_at", "bigint", (column) => column.notNull().references("draws.draw_at"))
        .addColumn("statement", "text", (column) => column.notNull())
        .addColumn("authority", "text", (column) => column.notNull())
        .addColumn("reply", "text", (column) => column.notNull())
        .addColumn("stamped_at", "bigint", (column) => column.notNull())
        .addColumn("latest_at", "bigint", (column) => column.notNull())
        .addColumn("received_at", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("draw_witnesses_pk", ["draw_at", "statement", "authority"])
        .execute();
    },
  },
  "0015_draw_changes": {
    async up(db: Kysely<unknown>) {
      // A counter every change of a draw's record moves, whoever makes it (the server, a draw
      // command in another process, another replica, someone's SQL): the servers read it instead
      // of the records, and read the records again only when it moved
      // (docs/decisions/056-draw-records-read-once-per-change.md).
      await db.schema
        .createTable("draw_changes")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("version", "bigint", (column) => column.notNull())
        .execute();
      await sql`insert into draw_changes (id, version) values (1, 0)`.execute(db);
      await noteDrawChanges(db, DRAW_TABLES, { firstTime: true });
    },
  },
  "0016_keyed_counters": {
    async up(db: Kysely<unknown>) {
      // Counters kept before their keys were keyed with the site's secret hold unkeyed SHA-256
      // hashes of client addresses and of mail addresses, which a copy of the database gives back
      // by hashing candidates. They count at most a day: they go, and counting starts again.
      await sql`delete from rate_limits`.execute(db);
      // Each row says when its window ends, so a 30-day counter outlives the sweep's day.
      await db.schema
        .alterTable("rate_limits")
        .addColumn("expires_at", "bigint", (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("rate_limits_expiry").on("rate_limits").column("expires_at").execute();
    },
  },
  "0017_mailboxes": {
    async up(db: Kysely<unknown>) {
      // Every row that holds an address also says which inbox it reaches, and every stored
      // address of earlier releases is read again (address-migration.server.ts).
      await addMailboxes(db as Parameters<typeof addMailboxes>[0]);
    },
  },
  "0018_instances": {
    async up(db: Kysely<unknown>) {
      // Each running server's word on itself, written every few seconds: when it started and was
      // last heard from, and what it serves (the sheet, its mail budgets), as JSON. What
      // `npm run status` prints of the servers; /healthz says only whether this write succeeds.
      await db.schema
        .createTable("instances")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("started_at", "bigint", (column) => column.notNull())
        .addColumn("seen_at", "bigint", (column) => column.notNull())
        .addColumn("report", "text", (column) => column.notNull())
        .execute();
    },
  },
  "0020_draw_id_rule": {
    async up(db: Kysely<unknown>) {
      // Ids are folded to one canonical form from here on (docs/draw.md, "Canonical list"): each
      // list names the rule it was frozen under, so lists frozen before still parse and verify
      // with theirs (1), and the rows a freeze refused for their id are counted with the record.
      await db.schema.alterTable("draws").addColumn("id_rule", "integer").execute();
      await db.schema.alterTable("draws").addColumn("refused_ids", "integer").execute();
      await sql`UPDATE draws SET id_rule = 1 WHERE list_hash IS NOT NULL`.execute(db);
    },
  },
  "0021_draw_rule_v2": {
    async up(db: Kysely<unknown>) {
      // No secret from here on (docs/decisions/087-no-secret-the-list-and-the-round-alone.md):
      // each record names its rule; a draw not frozen yet is made under v2, so its seed and
      // commitment go (never revealed, never used) with the commitment's seals. Lists already
      // frozen stay v1, bound to their commitment. Each list also keeps its window's first day
      // (the last draw that happened, docs/decisions/088-entries-go-to-the-next-draw-that-happens.md),
      // its id format (ID_PATTERN), and a claim of its prize, sealed like the list.
      await db.schema.alterTable("draws").addColumn("rule", "text").execute();
      await db.schema.alterTable("draws").addColumn("window_from", "text").execute();
      await db.schema.alterTable("draws").addColumn("id_pattern", "text").execute();
      await db.schema.alterTable("draws").addColumn("claim_statement", "text").execute();
      await db.schema.alterTable("draws").addColumn("claim_round", "integer").execute();
      await sql`DELETE FROM draw_witnesses WHERE statement = 'commitment'
        AND draw_at IN (SELECT draw_at FROM draws WHERE list_hash IS NULL)`.execute(db);
      await sql`UPDATE draws SET rule = 'opinionlabz-draw-v2', seed = '', commitment = '', commitment_statement = NULL
        WHERE list_hash IS NULL`.execute(db);
      await sql`UPDATE draws SET rule = 'opinionlabz-draw-v1' WHERE rule IS NULL`.execute(db);
    },
  },
  "0022_draw_notices": {
    async up(db: Kysely<unknown>) {
      // "Avisarme de cada sorteo": when a confirmed address asked for draw notices (null: it did
      // not), and each notice queued, with when it left (docs/draw.md, "Witnesses the operator
      // cannot recall"). A notice's address lives in its outbox row only.
      await db.schema.alterTable("waitlist").addColumn("draw_notices_at", "bigint").execute();
      await db.schema
        .createTable("draw_notices")
        .addColumn("outbox_id", "text", (column) => column.primaryKey())
        .addColumn("draw_at", "bigint", (column) => column.notNull())
        .addColumn("notice", "text", (column) => column.notNull())
        .addColumn("round", "integer", (column) => column.notNull())
        .addColumn("team", "integer", (column) => column.notNull())
        .addColumn("queued_at", "bigint", (column) => column.notNull())
        .addColumn("sent_at", "bigint")
        .execute();
      await db.schema.createIndex("draw_notices_draw").on("draw_notices").columns(["draw_at", "notice"]).execute();
    },
  },
  "0023_database_marks": {
    async up(db: Kysely<unknown>) {
      // What a database has been used for: a production server marks it when it opens it, and
      // rehearsals refuse a database so marked (docs/operations.md, "Rehearsing draw day").
      await db.schema
        .createTable("database_marks")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("at", "bigint", (column) => column.notNull())
        .execute();
    },
  },
  "0030_fair_outbox": {
    async up(db: Kysely<unknown>) {
      // Mails to typed addresses and to the team are paced and served network by network
      // (docs/decisions/082-fair-outbox-by-network.md): each waiting row says which budget paces
      // it, its network (keyed) and its recipient's registrable domain.
      for (const column of ["paced", "network", "domain"]) {
        await db.schema.alterTable("outbox").addColumn(column, "text").execute();
      }
      await db.schema
        .createIndex("outbox_paced_network")
        .on("outbox")
        .columns(["paced", "network", "sent_at"])
        .execute();
      await db.schema
        .createTable("mail_pace")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("next_at", "bigint", (column) => column.notNull())
        .execute();
    },
  },
  "0031_filed_under_every_address": {
    async up(db: Kysely<unknown>) {
      // A stored list reached every inbox in it: its row is found by each (address-migration.server.ts).
      await fileUnderEveryAddress(db as Parameters<typeof fileUnderEveryAddress>[0]);
    },
  },
  "0032_winner_notices": {
    async up(db: Kysely<unknown>) {
      // The winner told by mail, with a claim link, and reminded once (docs/draw.md, "The winner
      // told"): the address and the token's hash are kept until the round's claim period ends.
      // A telling is part of the record the pages show: it moves draw_changes as the draws do.
      await db.schema
        .createTable("winner_notices")
        .addColumn("draw_at", "bigint", (column) => column.notNull())
        .addColumn("round", "integer", (column) => column.notNull())
        .addColumn("told_at", "bigint", (column) => column.notNull())
        .addColumn("email", "text")
        .addColumn("mailbox", "text")
        .addColumn("token_hash", "text", (column) => column.unique())
        .addColumn("reminded_at", "bigint")
        .addPrimaryKeyConstraint("winner_notices_pk", ["draw_at", "round", "told_at"])
        .execute();
      await db.schema.createIndex("winner_notices_mailbox").on("winner_notices").column("mailbox").execute();
      await noteDrawChanges(db, ["winner_notices"], { firstTime: false });
    },
  },
};
