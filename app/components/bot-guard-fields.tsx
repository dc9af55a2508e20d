import { useSignedRenderInstant } from "~/lib/document/render-instant";
import { FIELD } from "~/lib/forms/fields";

/**
 * What every public form sends for the bot rules (app/lib/forms/submission-guard.server.ts):
 * a field people never see but bots that fill every input do, and the page's render instant as
 * the server signed it, so a form posted faster than a person can type is refused and the field
 * cannot be left out or re-dated.
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
      <input type="hidden" name={FIELD.startedAt} value={useSignedRenderInstant()} />
    </>
  );
}
