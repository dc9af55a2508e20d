/** A draw command refused: the organizer's message the CLI prints, nothing recorded. */
export class DrawRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DrawRefused";
  }
}
