import type { FilledValue, FilledValues } from "~/components/rich-text";
import { formatDrawDay } from "~/lib/draw/countdown";

/** What the legal pages' loaders send: the configured organizer and support address. */
export interface OrganizerData {
  organizer: { name: FilledValue; taxId: FilledValue; address: FilledValue };
  contactEmail: FilledValue;
}

/** The values the rules and the privacy policy fill in; the rules add the next draw's day. */
export function organizerValues({ organizer, contactEmail }: OrganizerData, nextDrawAt?: number): FilledValues {
  return {
    organizerName: organizer.name,
    organizerTaxId: organizer.taxId,
    organizerAddress: organizer.address,
    contactEmail,
    ...(nextDrawAt === undefined ? {} : { nextDrawDay: { value: formatDrawDay(new Date(nextDrawAt)), sample: false } }),
  };
}
