/**
 * The tables both databases hold, as Kysely sees them. Instants are epoch milliseconds in a
 * 64-bit integer column on both (PostgreSQL's int8 is read back as a number, see
 * database.server.ts), so every comparison is the same query on either database.
 */
export interface Tables {
  waitlist: WaitlistTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  contact_messages: ContactMessageTable;
  draws: DrawTable;
  survey_notices: SurveyNoticeTable;
  survey_notice_recipients: SurveyNoticeRecipientTable;
  draw_rounds: DrawRoundTable;
  draw_changes: DrawChangeTable;
  draw_witnesses: DrawWitnessTable;
  site_secrets: SiteSecretTable;
  mail_pace: MailPaceTable;
  instances: InstanceTable;
  draw_notices: DrawNoticeTable;
  database_marks: DatabaseMarkTable;
  winner_notices: WinnerNoticeTable;
}

/**
 * One telling of a round's winner (`npm run draw -- tell-winner`, docs/draw.md, "The winner told"):
 * when, to which address, the claim link's token (its SHA-256) and the reminder 7 days before the
 * deadline. The address and the token go when the round's claim period ends, or when the winner
 * is told again (a mistyped address); the instants stay with the record.
 */
export interface WinnerNoticeTable {
  draw_at: number;
  round: number;
  told_at: number;
  /** The address the survey holds, as parsed; its inbox (mailbox.ts), which `npm run privacy` finds it by. */
  email: string | null;
  mailbox: string | null;
  /** SHA-256 (hex) of the claim link's token: the link itself is only in the mail. */
  token_hash: string | null;
  reminded_at: number | null;
}

/** What a database was used for, by name ("production": a production server opened it), and since when. */
export interface DatabaseMarkTable {
  name: string;
  at: number;
}

/**
 * One draw notice queued (docs/draw.md, "Witnesses the operator cannot recall"): the list closed,
 * or a round's winner. Its address lives in its outbox row only; this row says when it left.
 */
export interface DrawNoticeTable {
  outbox_id: string;
  draw_at: number;
  notice: "list" | "winner";
  /** The round whose winner it tells (0 for a list's notice). */
  round: number;
  /** 1 for the team's copy (CONTACT_EMAIL). */
  team: number;
  queued_at: number;
  /** When the outbox sent it; null while it waits. */
  sent_at: number | null;
}

/** A running server, as it last reported itself (every few seconds). */
export interface InstanceTable {
  /** Its host name and process id. */
  id: string;
  started_at: number;
  seen_at: number;
  /** JSON: what it serves (the sheet's state, its mail budgets); read by `npm run status`. */
  report: string;
}

/** A secret the server made for itself, by what it signs. */
export interface SiteSecretTable {
  name: string;
  value: string;
}

/** A message sent with /contacto's form, kept whether or not its mails have gone out yet. */
export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  /** The inbox `email` reaches (mailbox.ts); null only on a row of an earlier release that holds no readable address. */
  mailbox: string | null;
  /** Other inboxes a row of an earlier release reached, one per line between newlines (filed-under.server.ts); null: none. */
  also_filed_under: string | null;
  message: string;
  created_at: number;
}

export type WaitlistStatus = "pending" | "confirmed" | "unsubscribed";

export interface WaitlistTable {
  /** As typed, after the one parser (`parseEmailAddress`). */
  email: string;
  /**
   * The inbox it reaches (mailbox.ts): every rule counts under it, and a sign-up adds a row only
   * for a mailbox that has none (rows of an earlier release may share one). Null only on a row of
   * an earlier release that holds no readable address.
   */
  mailbox: string | null;
  /** Other inboxes a row of an earlier release reached, one per line between newlines (filed-under.server.ts); null: none. */
  also_filed_under: string | null;
  status: WaitlistStatus;
  /** Random, in the confirm and unsubscribe links of every mail to this address. */
  token: string;
  subscribed_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  /** A pending row past this instant is deleted, its link dead. */
  confirm_expires_at: number | null;
  /** The last confirmation mail queued: at most one per mailbox in 30 days. */
  last_mail_at: number | null;
  /** When the address asked for draw notices ("Avisarme de cada sorteo"); null: it did not. */
  draw_notices_at: number | null;
}

export interface OutboxTable {
  id: string;
  /** What the mail is, for the log (never its recipient in full). */
  kind: string;
  recipient: string;
  reply_to: string | null;
  /**
   * The inbox of the person the mail is about (mailbox.ts): its recipient's, or for a mail to the
   * team, its Reply-To's. Null only on a row of an earlier release that holds no readable address.
   */
  mailbox: string | null;
  /** Other inboxes a row of an earlier release reached, one per line between newlines (filed-under.server.ts); null: none. */
  also_filed_under: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra headers as a JSON object (List-Unsubscribe …). */
  headers: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  /** Set while one sender holds the row; past it, the row is free again (a sender that died). */
  claimed_until: number | null;
  sent_at: number | null;
  /** Set when the mail will never be sent: the SMTP server refused it for good, or it is too old. */
  gave_up_at: number | null;
  last_error: string | null;
  /**
   * The hourly budget that paces the mail (docs/decisions/082-fair-outbox-by-network.md):
   * "visitors" (to an address a visitor typed), "team" (/contacto to the team), or null (sent as
   * soon as due: survey notices have their own pace, draw records none).
   */
  paced: string | null;
  /** A paced mail's network, keyed with the site's secret (counter-key.ts): whose turn it waits for. */
  network: string | null;
  /** A mail to a visitor's address: its registrable domain (Public Suffix List), paced on its own share. */
  domain: string | null;
}

/** When each paced budget (the visitors' hour, the team's, a domain's share) has its next mail (GCRA). */
export interface MailPaceTable {
  key: string;
  /** The theoretical arrival time of the next mail, epoch ms. */
  next_at: number;
}

/** A count in a fixed window, by a key that names its rule and, keyed with the site's secret, whom it counts. */
export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
  /** When the window ends: past it the count starts again, and the sweep deletes the row. */
  expires_at: number;
}

/** A month's draw (docs/draw.md): written ahead of its instant, frozen and drawn later. */
export interface DrawTable {
  /** The draw instant, epoch ms: one row per draw. */
  draw_at: number;
  /** The rule it is drawn under: "opinionlabz-draw-v2" (new draws), "opinionlabz-draw-v1" (before round 6). */
  rule: string | null;
  /** Rule v1: 64 hex characters, secret until the draw; rule v2: empty (no seed). */
  seed: string;
  /** Rule v1: the seed's SHA-256; rule v2: empty. */
  commitment: string;
  committed_at: number;
  /** Null until the freeze; then the canonical list, its hash and its length. */
  frozen_at: number | null;
  list_text: string | null;
  list_hash: string | null;
  entry_count: number | null;
  /** JSON array: each entry's name as published (first name, surname initial), in list order. */
  list_names: string | null;
  /** 1 when the list came from the bundled sample sheet, not real entrants. */
  from_sample: number | null;
  /** JSON array: each entry's country as the sheet gave it, in list order; null on lists frozen before it was kept. */
  list_countries: string | null;
  /** When the prize was delivered (`npm run draw -- claimed`), epoch ms: no redraw after it. */
  claimed_at: number | null;
  /** When its participation data (list, names, countries, winners) was erased, 12 months on; else null. */
  erased_at: number | null;
  /** Sheet rows the freeze left out: dated outside the draw's window, or undated; null before they were counted. */
  outside_window: number | null;
  unreadable_dates: number | null;
  /** Sheet rows the freeze left out for their id (docs/draw.md, "Canonical list"); null before they were counted. */
  refused_ids: number | null;
  /** The id rule the list was frozen under (2 since ids are folded); null on lists frozen before: rule 1. */
  id_rule: number | null;
  /** The statements the authorities stamp (docs/draw.md, "Witnesses"), as written when first asked; null before. */
  commitment_statement: string | null;
  list_statement: string | null;
  /** The first day of its entry window (the last draw that happened's day), fixed at the freeze; null before. */
  window_from: string | null;
  /** Id rule 3: ID_PATTERN as it was at the freeze. */
  id_pattern: string | null;
  /** The claim of its prize (`draw -- claimed`), as sealed, and the round whose winner it names. */
  claim_statement: string | null;
  claim_round: number | null;
}

export interface DrawRoundTable {
  draw_at: number;
  /** 0 for the draw, r for the r-th redraw. */
  round: number;
  /** The drand quicknet round whose randomness is `beacon`. */
  beacon_round: number;
  /** The round's randomness: SHA-256 of `beacon_signature`. */
  beacon: string;
  /** The round's BLS signature as the chain published it (hex); null on records made before it was kept. */
  beacon_signature: string | null;
  /** 1 when the signature was checked against a rehearsal key, not drand's: never a real draw. */
  rehearsal: number;
  /** Index among the entries left this round. */
  winner_index: number;
  attempts: number;
  winner_id: string;
  /** First name and surname initial only. */
  winner_name: string;
  /** The winner's country as the sheet gave it; null on rounds drawn before it was kept. */
  winner_country: string | null;
  drawn_at: number;
}

/**
 * One row (id 1) whose version moves with every insert, update and delete of `draws` and
 * `draw_rounds`, by the database's own triggers: what the servers poll to learn of a change.
 */
export interface DrawChangeTable {
  id: number;
  version: number;
}

/** One authority's token over one of a draw's statements: one row per (draw, statement, authority). */
export interface DrawWitnessTable {
  draw_at: number;
  statement: "commitment" | "list" | "claim";
  /** The authority's URL, as TIMESTAMP_AUTHORITIES named it when it was asked. */
  authority: string;
  /** The DER time-stamp reply, base64: what /sorteos/<day>/<statement>.<authority>.tsr serves. */
  reply: string;
  /** The instant it stamped, and that instant plus its stated accuracy, epoch ms, as read when it was checked. */
  stamped_at: number;
  latest_at: number;
  received_at: number;
}

/** A survey announced to the confirmed waitlist (`npm run waitlist:notify`): one row per survey URL. */
export interface SurveyNoticeTable {
  survey_url: string;
  /** When the first run for it began, epoch ms. */
  started_at: number;
  /** Notices queued so far, by every run. */
  queued: number;
  /** When the next notice queued for it may be sent: the pace, kept across runs. */
  next_slot_at: number;
}

/** One address told of one survey: inserted in the transaction that queues its mail, once. */
export interface SurveyNoticeRecipientTable {
  survey_url: string;
  email: string;
  /** The inbox `email` reaches: one notice per mailbox and survey. */
  mailbox: string | null;
  /** Other inboxes a row of an earlier release reached, one per line between newlines (filed-under.server.ts); null: none. */
  also_filed_under: string | null;
  /** The outbox row of its mail, for the notice's progress while the outbox keeps it. */
  outbox_id: string;
  queued_at: number;
}
