/**
 * How long a contact message is kept, on a real embedded database (a temporary SQLite file),
 * with the clock passed in: the privacy page promises 12 months from when it was sent.
 */
import { describe, expect, it } from "vitest";
import { deleteOldMessages } from "~/lib/forms/contact-rows.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const T0 = Date.UTC(2026, 10, 24, 12);
const DAY = 24 * 3600 * 1000;

const storage = useTemporaryStorage("contact-rows-");

const store = (id: string, createdAt: number) =>
  storage.db
    .insertInto("contact_messages")
    .values({ id, name: "Nora", email: "nora@example.com", message: "Hola", created_at: createdAt })
    .execute();
const kept = async () =>
  (await storage.db.selectFrom("contact_messages").select("id").orderBy("id").execute()).map((row) => row.id);

describe("deleteOldMessages", () => {
  it("keeps a message for 365 days from when it was sent, then deletes it", async () => {
    await store("a-old", T0);
    await store("b-new", T0 + 200 * DAY);
    await deleteOldMessages(storage.db, T0 + 365 * DAY);
    expect(await kept()).toEqual(["a-old", "b-new"]);
    await deleteOldMessages(storage.db, T0 + 365 * DAY + 1);
    expect(await kept()).toEqual(["b-new"]);
  });
});
