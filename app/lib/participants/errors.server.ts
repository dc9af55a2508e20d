/**
 * Why a sheet refresh failed. `publicMessage` is what a visitor may read (docs/product.md,
 * "Error messages"); `message` carries the details that only go to the server log.
 */
export type SheetFailureKind = "http" | "timeout" | "invalid" | "unknown";

const PUBLIC_MESSAGES: Record<Exclude<SheetFailureKind, "http">, string> = {
  timeout: "La lista de participantes tardó demasiado en llegar.",
  invalid: "La lista de participantes no llegó con datos válidos.",
  unknown: "Error desconocido",
};

export class SheetError extends Error {
  readonly kind: SheetFailureKind;
  readonly status: number | null;

  constructor(kind: SheetFailureKind, message: string, status: number | null = null) {
    super(message);
    this.name = "SheetError";
    this.kind = kind;
    this.status = status;
  }

  get publicMessage(): string {
    return this.kind === "http" ? `Error al cargar datos: ${this.status}` : PUBLIC_MESSAGES[this.kind];
  }
}

/** Maps anything thrown while refreshing to a SheetError, so callers handle one type. */
export function toSheetError(error: unknown): SheetError {
  if (error instanceof SheetError) return error;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new SheetError("timeout", error.message);
  }
  if (error instanceof Error && error.name === "CsvError") {
    return new SheetError("invalid", error.message);
  }
  if (!(error instanceof Error)) return new SheetError("unknown", String(error));
  // fetch says only "fetch failed"; why (ECONNREFUSED, ENOTFOUND, a certificate) is in its cause.
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return new SheetError("unknown", detail ? `${error.message} (${detail})` : error.message);
}
