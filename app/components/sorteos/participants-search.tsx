import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { listingHref } from "~/lib/participants/listing-url";
import { MAX_QUERY_LENGTH } from "~/lib/participants/search-text";
import { Icon } from "../icons";

/** Typing settles for this long before the URL (and so the list) follows. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A plain GET form, so search works without JavaScript; with it, typing replaces the
 * URL after a short pause and a new search always starts at page 1.
 */
export function ParticipantsSearch({ query }: { query: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  // Follow the URL when it changes from elsewhere (back button, shared link), not while typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setValue(query);
  }, [query]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (text: string) => {
    window.clearTimeout(timer.current);
    navigate(listingHref(text.trim(), 1), { replace: true, preventScrollReset: true });
  };
  const onChange = (text: string) => {
    setValue(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(value);
  };

  return (
    <form method="get" action="/sorteos" role="search" onSubmit={onSubmit} className="flex gap-2">
      <label htmlFor="buscar-participantes" className="sr-only">
        Buscar participantes por nombre o ID
      </label>
      <div className="relative flex-1">
        <Icon name="search" className="pointer-events-none absolute left-3.5 top-3.5 h-5 w-5 text-slate-400" />
        <input
          ref={inputRef}
          id="buscar-participantes"
          type="search"
          name="q"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Buscar por nombre o ID..."
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="h-12 w-full rounded-full border border-slate-300 bg-white pl-11 pr-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
      </div>
      <button type="submit" className="btn-secondary hidden h-12 sm:inline-flex">
        Buscar
      </button>
    </form>
  );
}
