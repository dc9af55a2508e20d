import { useRenderInstant } from "~/lib/document/render-instant";
import { FIELD } from "~/lib/forms/fields";

/**
 * What every public form sends for the bot rules (app/lib/forms/submission-guard.server.ts):
 * a field people never see but bots that fill every input do, and when the page was rendered,
 * so a form posted faster than a person can type is refused.
 */
export function BotGuardFields() {
  return (
    <>
      <div className="hidden">
        <label>
          No completes este campo
          <input name={FIELD.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={FIELD.startedAt} value={useRenderInstant()} />
    </>
  );
}
