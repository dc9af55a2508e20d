import { createContext, useContext, type ReactNode } from "react";
import { FIELD } from "~/lib/forms/fields";

/** The signed instant the page with the form was rendered at, from its route's loader. */
const FormStartContext = createContext<string | null>(null);

export function FormStartProvider({ stamp, children }: { stamp: string; children: ReactNode }) {
  return <FormStartContext.Provider value={stamp}>{children}</FormStartContext.Provider>;
}

/**
 * What every public form sends for the bot rules (app/lib/forms/submission-guard.server.ts):
 * a field people never see but bots that fill every input do, and the server's signed stamp
 * of when the page was rendered, so a form posted faster than a person can type is refused.
 */
export function BotGuardFields() {
  const stamp = useContext(FormStartContext);
  if (stamp === null) throw new Error("BotGuardFields needs a FormStartProvider above it");
  return (
    <>
      <div className="hidden">
        <label>
          No completes este campo
          <input name={FIELD.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={FIELD.startedAt} value={stamp} />
    </>
  );
}
