/**
 * One value per process, kept on globalThis so that development, which re-imports the
 * server build on every change, reuses it instead of starting over (the Indie Stack's
 * `singleton.server.ts`). In production the build is imported once and this is a plain lazy
 * module value.
 */
const REGISTRY = Symbol.for("opinion-labz.singletons");

export function singleton<Value>(name: string, create: () => Value): Value {
  const holder = globalThis as { [REGISTRY]?: Map<string, unknown> };
  const values = (holder[REGISTRY] ??= new Map<string, unknown>());
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as Value;
}
